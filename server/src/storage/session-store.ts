import { createHmac, randomBytes } from 'node:crypto';
import { SealKeys } from './sealing.js';
import { pseudonym } from './pseudonym.js';
import type { Database } from './database.js';
import { SessionCache } from './session-cache.js';
import { openSession, sealSession } from './session-sealing.js';

/** The session's shapes, for the callers that import them with the store. */
export type { UpstreamTokens, Customer, SelectedQuota, MfaState, AddressChange, BidDraft, SessionData, Session, SessionPlatform, SessionSummary } from './session-data.js';
import type { Session, SessionData, SessionPlatform, SessionSummary, UpstreamTokens } from './session-data.js';

const PLATFORMS: readonly string[] = ['web', 'android', 'ios'] satisfies SessionPlatform[];

/** Sessions the embedded database's store keeps in the process (a session's JSON is small: a few MB at most in all; docs/performance.md, "Memory"). */
export const SESSION_CACHE_CAPACITY = 2_000;

/** At least 128 random bits; we use 256. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Sessions live server-side; the cookie carries only the opaque id. Expiry is the earlier of
 * the idle deadline (slides with use) and the absolute deadline (fixed at login). The secrets in
 * a session (session-sealing.ts) are sealed in its row under `keys`; a row whose secrets no
 * listed key opens counts as no session.
 */
export class SessionStore {
  /** Sessions read lately, for the embedded database only (session-cache.ts says why that is safe). */
  private readonly cache: SessionCache | null;
  private readonly holderKeys: readonly Buffer[];

  constructor(
    private readonly db: Database,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
    private readonly keys: SealKeys = SealKeys.ephemeral(),
    /**
     * Keys the lookup of a customer's sessions (`holder`) and the sessions' refs, newest first (the
     * server gives config.subjectKeys, from COOKIE_SECRET): the first writes, every one finds.
     */
    holderKeys: Buffer | readonly Buffer[] = randomBytes(32),
  ) {
    this.holderKeys = Buffer.isBuffer(holderKeys) ? [holderKeys] : [...holderKeys];
    if (this.holderKeys.length === 0) throw new Error('at least one holder key is needed');
    this.cache = db.kind === 'pglite' ? new SessionCache(SESSION_CACHE_CAPACITY) : null;
  }

  async create(data: SessionData): Promise<Session> {
    const id = newSessionId();
    const now = this.now();
    await this.db.query('INSERT INTO sessions (id, data, created_at, last_seen_at, expires_at, holder, platform) VALUES ($1, $2, $3, $3, $4, $5, $6)', [
      id,
      JSON.stringify(sealSession(this.keys, id, data)),
      new Date(now),
      new Date(this.expiry(data, now)),
      this.holderOf(data.partnerId, data.customer.inscricaoNacional),
      data.platform ?? 'web',
    ]);
    return { id, data, lastSeenAt: now };
  }

  /** The live session, or null (unknown, idle or past its absolute deadline; expired rows are deleted). */
  async get(id: string): Promise<Session | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
    const cached = this.cache?.read(id);
    if (cached) {
      if (cached.expiresAt > this.now()) return { id, data: JSON.parse(cached.json) as SessionData, lastSeenAt: cached.lastSeenAt };
      await this.destroy(id);
      return null;
    }
    const mark = this.cache?.mark() ?? 0;
    const rows = await this.db.query<{ data: SessionData | string; last_seen_at: Date | string; expires_at: Date | string }>(
      'SELECT data, last_seen_at, expires_at FROM sessions WHERE id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    if (new Date(row.expires_at).getTime() <= this.now()) {
      await this.destroy(id);
      return null;
    }
    const data = openSession(this.keys, id, typeof row.data === 'string' ? (JSON.parse(row.data) as SessionData) : row.data);
    if (!data) {
      await this.destroy(id);
      return null;
    }
    const lastSeenAt = new Date(row.last_seen_at).getTime();
    // The process keeps the opened session: a read from the cache costs no decryption.
    this.cache?.remember(id, { json: JSON.stringify(data), lastSeenAt, expiresAt: new Date(row.expires_at).getTime() }, mark);
    return { id, data, lastSeenAt };
  }

  async save(session: Session): Promise<void> {
    const now = this.now();
    session.lastSeenAt = now;
    this.cache?.writing(session.id);
    await this.db.query('UPDATE sessions SET data = $2, last_seen_at = $3, expires_at = $4 WHERE id = $1', [
      session.id,
      JSON.stringify(sealSession(this.keys, session.id, session.data)),
      new Date(now),
      new Date(this.expiry(session.data, now)),
    ]);
  }

  /**
   * Sets a few top-level fields without rewriting the rest: a request holding an older copy of
   * the session (e.g. from before a concurrent token refresh) must not write old tokens back.
   */
  async patch(session: Session, fields: Partial<SessionData>): Promise<void> {
    Object.assign(session.data, fields);
    this.cache?.writing(session.id);
    await this.db.query('UPDATE sessions SET data = data || $2::jsonb WHERE id = $1', [session.id, JSON.stringify(sealSession(this.keys, session.id, fields))]);
  }

  /**
   * A refresh's new tokens for one scope, written alone (the customer's, or the selected quota's
   * while it is still the one selected): a refresh of the other scope running at the same time
   * (its own lock) read the row before this one wrote, and writing the whole session back would
   * put this scope's rotated-out tokens back, whose refresh token the back office then takes for a
   * reuse and revokes the family.
   */
  async saveTokens(session: Session, scope: 'customer' | 'quota', tokens: UpstreamTokens): Promise<void> {
    if (scope === 'customer') return this.patch(session, { tokens });
    this.cache?.writing(session.id);
    const quota = session.data.quota;
    if (!quota) return;
    quota.tokens = tokens;
    const sealed = sealSession(this.keys, session.id, { quota }).quota!.tokens;
    await this.db.query("UPDATE sessions SET data = jsonb_set(data, '{quota,tokens}', $2::jsonb) WHERE id = $1 AND data->'quota'->>'idCota' = $3", [session.id, JSON.stringify(sealed), String(quota.idCota)]);
  }

  /** Slides the idle deadline; written at most once a minute to keep reads cheap. */
  async touch(session: Session): Promise<void> {
    const now = this.now();
    if (now - session.lastSeenAt < 60_000) return;
    session.lastSeenAt = now;
    this.cache?.writing(session.id);
    await this.db.query('UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE id = $1', [
      session.id,
      new Date(now),
      new Date(this.expiry(session.data, now)),
    ]);
  }

  /**
   * Runs `fn` while holding a lock named `key` across every instance sharing the database
   * (a PostgreSQL advisory lock on its own connection; PGlite has one process by nature). `fn`
   * gets the store on that same connection: it must read and write through it, since a lock
   * holder that waited for a second connection from the pool would deadlock once as many
   * holders as the pool has connections run at once (a refresh wave).
   */
  async withLock<T>(key: string, fn: (locked: SessionStore) => Promise<T>): Promise<T> {
    if (this.db.kind !== 'postgres') return fn(this);
    return this.db.withConnection(async (connection) => {
      await connection.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
      try {
        const onConnection: Database = { kind: this.db.kind, query: (sql, params) => connection.query(sql, params), withConnection: (run) => run(connection), close: async () => undefined };
        return await fn(new SessionStore(onConnection, this.idleMs, this.now, this.keys, this.holderKeys));
      } finally {
        await connection.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
      }
    });
  }

  async destroy(id: string): Promise<void> {
    this.cache?.writing(id);
    await this.db.query('DELETE FROM sessions WHERE id = $1', [id]);
  }

  /**
   * The key a customer's sessions are found by (column `holder`, indexed): a keyed pseudonym of
   * partner and CPF/CNPJ, as security events name the customer, never the number itself.
   */
  holderOf(partnerId: number, account: string): string {
    return pseudonym(this.holderKeys[0]!, partnerId, account);
  }

  /** The holders a customer's sessions may carry: under the newest key, then under each older one. */
  private holdersOf(partnerId: number, account: string): string[] {
    return this.holderKeys.map((key) => pseudonym(key, partnerId, account));
  }

  /** How a page and an action name a session: a keyed digest of its id, useless as a cookie. */
  refOf(id: string): string {
    return createHmac('sha256', this.holderKeys[0]!).update(`session-ref:${id}`).digest('base64url').slice(0, 22);
  }

  /** The customer's live sessions, newest first. */
  async sessionsOf(partnerId: number, account: string): Promise<SessionSummary[]> {
    const rows = await this.db.query<{ id: string; platform: string; created_at: Date | string; last_seen_at: Date | string }>(
      'SELECT id, platform, created_at, last_seen_at FROM sessions WHERE holder = ANY($1) AND expires_at > $2 ORDER BY created_at DESC, id',
      [this.holdersOf(partnerId, account), new Date(this.now())],
    );
    return rows.map((r) => ({
      ref: this.refOf(r.id),
      platform: (PLATFORMS.includes(r.platform) ? r.platform : 'web') as SessionPlatform,
      createdAt: new Date(r.created_at).getTime(),
      lastSeenAt: new Date(r.last_seen_at).getTime(),
    }));
  }

  /** Ends the customer's session named by `ref`, never `except` (an id); false when no other session of theirs is named so. */
  async endByRef(partnerId: number, account: string, ref: string, except: string): Promise<boolean> {
    const id = (await this.idsOf(partnerId, account)).find((candidate) => candidate !== except && this.refOf(candidate) === ref);
    if (!id) return false;
    await this.destroy(id);
    return true;
  }

  /** Ends every session of the customer but `except` (an id, the caller's own); how many were live. */
  async endAllOf(partnerId: number, account: string, except?: string): Promise<number> {
    const now = this.now();
    const rows = await this.db.query<{ id: string; expires_at: Date | string }>('SELECT id, expires_at FROM sessions WHERE holder = ANY($1)', [this.holdersOf(partnerId, account)]);
    let live = 0;
    for (const row of rows) {
      if (row.id === except) continue;
      // One at a time through destroy: the process's copy is forgotten before each row goes.
      await this.destroy(row.id);
      if (new Date(row.expires_at).getTime() > now) live++;
    }
    return live;
  }

  private async idsOf(partnerId: number, account: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>('SELECT id FROM sessions WHERE holder = ANY($1) AND expires_at > $2', [this.holdersOf(partnerId, account), new Date(this.now())]);
    return rows.map((r) => r.id);
  }

  async purgeExpired(): Promise<void> {
    this.cache?.forgetExpired(this.now());
    await this.db.query('DELETE FROM sessions WHERE expires_at <= $1', [new Date(this.now())]);
  }

  private expiry(data: SessionData, now: number): number {
    return Math.min(now + this.idleMs, data.absoluteExpiresAt);
  }
}
