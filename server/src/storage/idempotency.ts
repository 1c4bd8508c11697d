import type { Database } from './database.js';

/** How long a submit's result is kept for replays: at least 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** A first submit that has not finished after this long is taken as abandoned (its process died). */
export const IN_FLIGHT_TAKEOVER_MS = 60_000;

export type Claim =
  | { kind: 'fresh' }
  | { kind: 'replay'; result: unknown }
  | { kind: 'mismatch' }
  | { kind: 'in-flight' };

type Row = Record<string, unknown> & {
  body_hash: string;
  state: string;
  result: string | null;
  created_at: string | number;
};

/**
 * Idempotency keys of money and case-creating submits (table `idempotency_keys`, PGlite or
 * PostgreSQL, same SQL): the first submit claims the key with its body's hash; a retry with the
 * same key and body replays the stored result, with another body is a mismatch, and while the
 * first still runs it is in flight. A failed first submit releases the key, so a retry runs again.
 */
export class IdempotencyStore {
  constructor(private readonly db: Database, private readonly now: () => number = Date.now) {}

  async claim(scope: string, key: string, bodyHash: string): Promise<Claim> {
    const now = this.now();
    const inserted = await this.db.query(
      `INSERT INTO idempotency_keys (scope, key, body_hash, state, created_at) VALUES ($1, $2, $3, 'running', $4)
       ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
      [scope, key, bodyHash, now],
    );
    if (inserted.length > 0) return { kind: 'fresh' };
    const [row] = await this.db.query<Row>('SELECT body_hash, state, result, created_at FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key]);
    if (!row) return this.claim(scope, key, bodyHash);
    const age = now - Number(row.created_at);
    const stale = age >= IDEMPOTENCY_TTL_MS || (row.state === 'running' && age >= IN_FLIGHT_TAKEOVER_MS);
    if (stale) {
      // Expired or abandoned: whoever replaces the row (compare-and-set on created_at) runs.
      const taken = await this.db.query(
        `UPDATE idempotency_keys SET body_hash = $3, state = 'running', result = NULL, created_at = $4
         WHERE scope = $1 AND key = $2 AND created_at = $5 RETURNING key`,
        [scope, key, bodyHash, now, Number(row.created_at)],
      );
      return taken.length > 0 ? { kind: 'fresh' } : { kind: 'in-flight' };
    }
    if (row.body_hash !== bodyHash) return { kind: 'mismatch' };
    if (row.state === 'running') return { kind: 'in-flight' };
    return { kind: 'replay', result: JSON.parse(row.result ?? 'null') };
  }

  async finish(scope: string, key: string, result: unknown): Promise<void> {
    await this.db.query(`UPDATE idempotency_keys SET state = 'done', result = $3 WHERE scope = $1 AND key = $2`, [scope, key, JSON.stringify(result)]);
  }

  async release(scope: string, key: string): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND state = 'running'`, [scope, key]);
  }

  /** Drops keys past their 24 hours (called now and then; replays never see them anyway). */
  async sweep(): Promise<void> {
    await this.db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [this.now() - IDEMPOTENCY_TTL_MS]);
  }
}
