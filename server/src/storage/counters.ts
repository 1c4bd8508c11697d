import { Redis } from 'ioredis';
import type { Database } from './database.js';

/** Windowed counters shared by every instance: Redis when configured, else the database. */
export interface Counters {
  /** Adds one and returns the new count; the window starts at the first hit and lasts `ttlSeconds`. */
  hit(key: string, ttlSeconds: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
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
  async count(key: string): Promise<number> {
    return Number((await this.redis.get(key)) ?? 0);
  }
  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }
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
    const now = new Date(this.now());
    const expires = new Date(this.now() + ttlSeconds * 1000);
    const [row] = await this.db.query<{ count: number }>(
      `INSERT INTO counters (key, count, expires_at) VALUES ($1, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN counters.expires_at <= $2 THEN 1 ELSE counters.count + 1 END,
         expires_at = CASE WHEN counters.expires_at <= $2 THEN $3 ELSE counters.expires_at END
       RETURNING count`,
      [key, now, expires],
    );
    return Number(row?.count ?? 1);
  }
  async count(key: string): Promise<number> {
    const [row] = await this.db.query<{ count: number }>('SELECT count FROM counters WHERE key = $1 AND expires_at > $2', [key, new Date(this.now())]);
    return Number(row?.count ?? 0);
  }
  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM counters WHERE key = $1', [key]);
  }
  /** The database's own readiness covers these counters. */
  async reachable(): Promise<void> {}
  async close(): Promise<void> {}
}
