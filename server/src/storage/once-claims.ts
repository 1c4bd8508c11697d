import { randomUUID } from 'node:crypto';
import type { Database } from './database.js';

/** A leader that has not finished after this long is taken as gone (its process died): the move may be claimed again. */
export const LEADER_TAKEOVER_MS = 60_000;

/** What a confirmation of a move is to do: run it (the leader), answer the stored outcome, or wait for the leader. */
export type OnceClaim =
  | { kind: 'lead'; token: string }
  | { kind: 'replay'; outcome: unknown }
  | { kind: 'wait'; token: string };

/** What a waiter finds when it looks again. */
export type OnceLook =
  | { kind: 'running' }
  | { kind: 'done'; outcome: unknown }
  | { kind: 'failed'; outcome: unknown }
  /** The row is gone, was taken over, or holds another content: claim again. */
  | { kind: 'changed' };

type Row = Record<string, unknown> & { content: string; token: string; state: string; outcome: string | null; expires_at: string | number };

const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * Moves claimed once per customer account (table `once_claims`, PGlite or PostgreSQL, same SQL):
 * one row per account and move (an action and what it acts on), holding the content it was
 * confirmed with. The first confirmation inserts the row (INSERT … ON CONFLICT DO NOTHING, so two
 * instances never both win) and runs; a confirmation of the same content while it runs waits, and
 * once it is done gets its stored outcome until the hold ends. A failed leader leaves its outcome
 * to its waiters and frees the move; another content for the same move, a hold that ended or a
 * leader gone for a minute frees it too (compare-and-set on the row's token).
 */
export class OnceClaims {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async claim(account: string, move: string, content: string): Promise<OnceClaim> {
    for (;;) {
      const now = this.now();
      const token = randomUUID();
      const inserted = await this.db.query(
        `INSERT INTO once_claims (account, move, content, token, state, created_at, expires_at) VALUES ($1, $2, $3, $4, 'running', $5, $6)
         ON CONFLICT (account, move) DO NOTHING RETURNING token`,
        [account, move, content, token, now, now + LEADER_TAKEOVER_MS],
      );
      if (inserted.length > 0) return { kind: 'lead', token };
      const [row] = await this.db.query<Row>('SELECT content, token, state, outcome, expires_at FROM once_claims WHERE account = $1 AND move = $2', [account, move]);
      if (!row) continue;
      const live = Number(row.expires_at) > now;
      if (row.state === 'done' && live && row.content === content) return { kind: 'replay', outcome: parse(row.outcome) };
      if (row.state === 'running' && live) return { kind: 'wait', token: row.token };
      // Failed, past its hold, abandoned, or done with another content: whoever replaces the row runs.
      const taken = await this.db.query(
        `UPDATE once_claims SET content = $3, token = $4, state = 'running', outcome = NULL, created_at = $5, expires_at = $6
         WHERE account = $1 AND move = $2 AND token = $7 RETURNING token`,
        [account, move, content, token, now, now + LEADER_TAKEOVER_MS, row.token],
      );
      if (taken.length > 0) return { kind: 'lead', token };
    }
  }

  /** The state of the move a waiter waits on (the leader's token, the content it confirms). */
  async look(account: string, move: string, token: string, content: string): Promise<OnceLook> {
    const [row] = await this.db.query<Row>('SELECT content, token, state, outcome, expires_at FROM once_claims WHERE account = $1 AND move = $2', [account, move]);
    if (!row || row.token !== token) return { kind: 'changed' };
    if (row.state === 'running') return Number(row.expires_at) > this.now() ? { kind: 'running' } : { kind: 'changed' };
    if (row.content !== content) return { kind: 'changed' };
    return row.state === 'done' ? { kind: 'done', outcome: parse(row.outcome) } : { kind: 'failed', outcome: parse(row.outcome) };
  }

  /** The leader's move is done: its outcome is answered to every confirmation of the same content for `holdMs`. */
  async finish(account: string, move: string, token: string, outcome: unknown, holdMs: number): Promise<void> {
    await this.db.query(`UPDATE once_claims SET state = 'done', outcome = $4, expires_at = $5 WHERE account = $1 AND move = $2 AND token = $3`, [
      account,
      move,
      token,
      JSON.stringify(outcome),
      this.now() + holdMs,
    ]);
  }

  /** The leader's move did not happen: its waiters get `outcome` (when there is one), the next confirmation runs. */
  async fail(account: string, move: string, token: string, outcome: unknown): Promise<void> {
    await this.db.query(`UPDATE once_claims SET state = 'failed', outcome = $4 WHERE account = $1 AND move = $2 AND token = $3`, [
      account,
      move,
      token,
      outcome === undefined ? null : JSON.stringify(outcome),
    ]);
  }

  /** A done move may be made again (a bid cancelled: the same offer is a new one). */
  async reopen(account: string, move: string): Promise<void> {
    await this.db.query(`DELETE FROM once_claims WHERE account = $1 AND move = $2 AND state = 'done'`, [account, move]);
  }

  /** Forgets every move: for a back office started afresh (the test stack's reset), whose records of them are gone. */
  async clear(): Promise<void> {
    await this.db.query('DELETE FROM once_claims');
  }

  /** Drops rows past their hold or their leader's minute (now and then; claims treat them as free anyway). */
  async sweep(): Promise<void> {
    await this.db.query('DELETE FROM once_claims WHERE expires_at < $1', [this.now()]);
  }
}
