import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Database } from './database.js';

/**
 * A counter's key: its family and kind, then the counted value hashed, so that the counters
 * (Redis or the database) never hold a CPF/CNPJ, a login, an address or a session id in clear.
 */
export function counterKey(family: string, kind: string, value: string): string {
  return `${family}:${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 32)}`;
}

/** One count of `hits`: its key and the window it starts when it is the first. */
export interface WindowHit {
  key: string;
  ttlSeconds: number;
}

/** A key's count after a hit, and how long its window still runs. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  endsInMs: number;
}

/** Windowed counters shared by every instance: Redis when configured, else the database. */
export interface Counters {
  /** Adds one and returns the new count; the window starts at the first hit and lasts `ttlSeconds`. */
  hit(key: string, ttlSeconds: number): Promise<number>;
  /**
   * Adds one to each key (distinct keys) in one round trip — a transaction of Redis, one
   * statement of the database — and returns each count with its window's end, in order.
   */
  hits(hits: readonly WindowHit[]): Promise<WindowCount[]>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Forgets the counts whose window has ended (Redis expires its keys by itself). */
  sweep(): Promise<void>;
  /** Resolves when the counters can be used now (readiness); throws naming what is down. */
  reachable(): Promise<void>;
  close(): Promise<void>;
}

export class RedisCounters implements Counters {
  private readonly redis: Redis;
  /** `onError`: the connection failed (ioredis reconnects by itself); without it, ioredis prints each one. */
  constructor(url: string, onError?: (err: Error) => void) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    if (onError) this.redis.on('error', onError);
  }
  async hit(key: string, ttlSeconds: number): Promise<number> {
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, ttlSeconds, 'NX').exec()) as [[unknown, number], unknown];
    return count;
  }
  async hits(hits: readonly WindowHit[]): Promise<WindowCount[]> {
    const multi = this.redis.multi();
    for (const { key, ttlSeconds } of hits) multi.incr(key).expire(key, ttlSeconds, 'NX').pttl(key);
    const replies = (await multi.exec()) ?? [];
    return hits.map((_hit, i) => {
      const [countError, count] = replies[i * 3] ?? [new Error('no reply')];
      const [ttlError, ttl] = replies[i * 3 + 2] ?? [new Error('no reply')];
      if (countError || ttlError) throw countError ?? ttlError;
      return { count: Number(count), endsInMs: Math.max(0, Number(ttl)) };
    });
  }
  async count(key: string): Promise<number> {
    return Number((await this.redis.get(key)) ?? 0);
  }
  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }
  async sweep(): Promise<void> {}
  /** Connected and answering: while ioredis reconnects, commands would wait in its queue instead. */
  async reachable(): Promise<void> {
    if (this.redis.status !== 'ready') throw new Error(`Redis ${this.redis.status}`);
    await this.redis.ping();
  }
  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export class SqlCounters implements Counters {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}
  async hit(key: string, ttlSeconds: number): Promise<number> {
    const [counted] = await this.hits([{ key, ttlSeconds }]);
    return counted!.count;
  }
  async hits(hits: readonly WindowHit[]): Promise<WindowCount[]> {
    if (new Set(hits.map((h) => h.key)).size !== hits.length) throw new Error('counters.hits: the keys must be distinct');
    const now = this.now();
    // One statement whatever the number of keys: the keys and their windows' ends travel as arrays.
    const counted = await this.db.query<{ key: string; count: number; expires_at: Date | string }>(
      `INSERT INTO counters (key, count, expires_at)
       SELECT hit.key, 1, hit.expires_at FROM unnest($2::text[], $3::timestamptz[]) AS hit (key, expires_at)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN counters.expires_at <= $1 THEN 1 ELSE counters.count + 1 END,
         expires_at = CASE WHEN counters.expires_at <= $1 THEN EXCLUDED.expires_at ELSE counters.expires_at END
       RETURNING key, count, expires_at`,
      [new Date(now), hits.map((h) => h.key), hits.map((h) => new Date(now + h.ttlSeconds * 1000))],
    );
    const byKey = new Map(counted.map((row) => [row.key, row]));
    return hits.map(({ key }) => {
      const row = byKey.get(key);
      return { count: Number(row?.count ?? 1), endsInMs: Math.max(0, (row ? new Date(row.expires_at).getTime() : now) - now) };
    });
  }
  async count(key: string): Promise<number> {
    const [row] = await this.db.query<{ count: number }>('SELECT count FROM counters WHERE key = $1 AND expires_at > $2', [key, new Date(this.now())]);
    return Number(row?.count ?? 0);
  }
  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM counters WHERE key = $1', [key]);
  }
  async sweep(): Promise<void> {
    await this.db.query('DELETE FROM counters WHERE expires_at <= $1', [new Date(this.now())]);
  }
  /** The database's own readiness covers these counters. */
  async reachable(): Promise<void> {}
  async close(): Promise<void> {}
}

/**
 * Windowed counts kept in this process's memory, as `Counters.hits` counts them: for the embedded
 * database, which belongs to one process alone, so that its counts are the counts of every request
 * without a write per request. A window starts at its key's first hit; `sweep` forgets ended ones.
 */
export class LocalWindows implements Pick<Counters, 'hits' | 'sweep'> {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  constructor(private readonly now: () => number = Date.now) {}
  async hits(hits: readonly WindowHit[]): Promise<WindowCount[]> {
    const now = this.now();
    return hits.map(({ key, ttlSeconds }) => {
      let window = this.windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, endsAt: now + ttlSeconds * 1000 };
        this.windows.set(key, window);
      }
      window.count++;
      return { count: window.count, endsInMs: window.endsAt - now };
    });
  }
  async sweep(): Promise<void> {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
  /** Keys whose window runs (for tests). */
  get size(): number {
    return this.windows.size;
  }
}
