import { Redis } from 'ioredis';

/** A kept answer: the back office's answer (sealed when it is a customer's and leaves the process) and when it was read. */
export interface KeptEntry {
  value: unknown;
  /** When the answer was read from the back office (ms since the epoch, by the reading instance's clock). */
  at: number;
}

/**
 * Where kept back-office answers live, by bucket (one endpoint for one owner: a session, a
 * partner, everyone) and field (the call's parameters): this process's memory, or Redis shared by
 * every instance. A bucket is forgotten as a whole (a customer's change); a fetch that started
 * before the bucket was forgotten does not write its older answer back.
 */
export interface KeptAnswersStore {
  /** Whether other instances read what this one writes (then a customer's answers are sealed before they are written). */
  readonly shared: boolean;
  get(bucket: string, field: string): Promise<KeptEntry | null>;
  /** Writes the entry, unless the bucket was forgotten since `startedAt`; the bucket lives `ttlMs` from now. */
  put(bucket: string, field: string, entry: KeptEntry, ttlMs: number, startedAt: number): Promise<void>;
  /** Forgets every field of each bucket, and remembers when (for `put`'s check) for `markMs`. */
  forget(buckets: readonly string[], at: number, markMs: number): Promise<void>;
  /** Forgets every bucket `forgotten` says yes to (all of them without it). */
  forgetAll(forgotten?: (bucket: string) => boolean): Promise<void>;
  /** Takes the lease on `key` for `ms` when nobody holds it: the holder is the one that asks the back office. */
  lease(key: string, ms: number): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Whether someone holds the lease on `key`. */
  held(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Deep-freezes a kept answer: every reader shares the one object, so none may change it. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

interface MemoryBucket {
  fields: Map<string, KeptEntry>;
  expiresAt: number;
  forgottenAt: number;
}

/**
 * Kept answers in this process's memory (no REDIS_URL): at most `maxBuckets` buckets; when full,
 * the expired ones go, and if none had, all of them (a flood of sessions only empties it).
 */
export class MemoryKeptAnswers implements KeptAnswersStore {
  readonly shared = false;
  private readonly buckets = new Map<string, MemoryBucket>();
  private readonly leases = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxBuckets = 50_000,
  ) {}

  async get(bucket: string, field: string): Promise<KeptEntry | null> {
    const found = this.buckets.get(bucket);
    if (!found || found.expiresAt <= this.now()) return null;
    return found.fields.get(field) ?? null;
  }

  async put(bucket: string, field: string, entry: KeptEntry, ttlMs: number, startedAt: number): Promise<void> {
    const now = this.now();
    let found = this.buckets.get(bucket);
    if (found && found.forgottenAt >= startedAt) return;
    if (!found || found.expiresAt <= now) {
      if (this.buckets.size >= this.maxBuckets) this.sweep(now);
      found = { fields: new Map(), expiresAt: 0, forgottenAt: found?.forgottenAt ?? 0 };
      this.buckets.set(bucket, found);
    }
    found.fields.set(field, { value: frozen(entry.value), at: entry.at });
    found.expiresAt = Math.max(found.expiresAt, now + ttlMs);
  }

  async forget(buckets: readonly string[], at: number, markMs: number): Promise<void> {
    for (const bucket of buckets) this.buckets.set(bucket, { fields: new Map(), expiresAt: at + markMs, forgottenAt: at });
  }

  async forgetAll(forgotten: (bucket: string) => boolean = () => true): Promise<void> {
    for (const bucket of this.buckets.keys()) if (forgotten(bucket)) this.buckets.delete(bucket);
  }

  async lease(key: string, ms: number): Promise<boolean> {
    const now = this.now();
    const held = this.leases.get(key);
    if (held !== undefined && held > now) return false;
    if (this.leases.size >= this.maxBuckets) for (const [k, until] of this.leases) if (until <= now) this.leases.delete(k);
    this.leases.set(key, now + ms);
    return true;
  }

  async release(key: string): Promise<void> {
    this.leases.delete(key);
  }

  async held(key: string): Promise<boolean> {
    return (this.leases.get(key) ?? 0) > this.now();
  }

  async close(): Promise<void> {
    this.buckets.clear();
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.expiresAt <= now) this.buckets.delete(key);
    if (this.buckets.size >= this.maxBuckets) this.buckets.clear();
  }

  /** Buckets held (for tests). */
  get size(): number {
    return this.buckets.size;
  }
}

/** The field that remembers when a bucket was forgotten (never a call's field: those are hashes). */
const FORGOTTEN = '~forgotten';

/** Writes a field unless the bucket was forgotten after the fetch started, in one step. */
const PUT_SCRIPT = `
local forgotten = tonumber(redis.call('HGET', KEYS[1], '${FORGOTTEN}') or '0')
if forgotten >= tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1`;

/**
 * Kept answers in Redis (REDIS_URL), shared by every instance: a bucket is a hash that expires
 * with its longest-lived field; a lease is a key set only when absent, with its own expiry.
 */
export class RedisKeptAnswers implements KeptAnswersStore {
  readonly shared = true;
  private readonly redis: Redis;

  constructor(url: string, onError?: (err: Error) => void) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    if (onError) this.redis.on('error', onError);
    this.redis.defineCommand('keptPut', { numberOfKeys: 1, lua: PUT_SCRIPT });
  }

  async get(bucket: string, field: string): Promise<KeptEntry | null> {
    const text = await this.redis.hget(bucket, field);
    if (text === null) return null;
    try {
      const entry = JSON.parse(text) as KeptEntry;
      return typeof entry.at === 'number' ? entry : null;
    } catch {
      return null;
    }
  }

  async put(bucket: string, field: string, entry: KeptEntry, ttlMs: number, startedAt: number): Promise<void> {
    await (this.redis as Redis & { keptPut(key: string, ...args: (string | number)[]): Promise<number> }).keptPut(bucket, field, JSON.stringify(entry), Math.ceil(ttlMs), startedAt);
  }

  async forget(buckets: readonly string[], at: number, markMs: number): Promise<void> {
    if (buckets.length === 0) return;
    const multi = this.redis.multi();
    for (const bucket of buckets) multi.del(bucket).hset(bucket, FORGOTTEN, String(at)).pexpire(bucket, Math.ceil(markMs));
    await multi.exec();
  }

  async forgetAll(forgotten: (bucket: string) => boolean = () => true): Promise<void> {
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', 'kept:*', 'COUNT', 500);
      const keys = found.filter(forgotten);
      if (keys.length) await this.redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  async lease(key: string, ms: number): Promise<boolean> {
    return (await this.redis.set(key, '1', 'PX', Math.ceil(ms), 'NX')) === 'OK';
  }

  async release(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async held(key: string): Promise<boolean> {
    return (await this.redis.exists(key)) === 1;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
