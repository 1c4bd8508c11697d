import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../../../tests/helpers/redis.js';
import { LocalWindows, RedisCounters, SqlCounters, type Counters } from './counters.js';
import { openDatabase, type Database } from './database.js';

describe('windowed counts of several keys in one round trip (the request limits)', () => {
  let db: Database;
  let clock = Date.parse('2026-11-20T12:00:00Z');
  let counters: SqlCounters;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: ':memory:' });
    counters = new SqlCounters(db, () => clock);
  });
  afterAll(async () => db?.close());

  it('counts each key in its own window and says when each ends', async () => {
    expect(await counters.hits([{ key: 'a', ttlSeconds: 60 }, { key: 'b', ttlSeconds: 10 }])).toEqual([{ count: 1, endsInMs: 60_000 }, { count: 1, endsInMs: 10_000 }]);
    clock += 4_000;
    expect(await counters.hits([{ key: 'b', ttlSeconds: 10 }, { key: 'a', ttlSeconds: 60 }])).toEqual([{ count: 2, endsInMs: 6_000 }, { count: 2, endsInMs: 56_000 }]);
    // The same counts as hit() and count() read them.
    expect(await counters.count('a')).toBe(2);
    expect(await counters.hit('a', 60)).toBe(3);
  });

  it('starts a key again once its window has ended', async () => {
    clock += 7_000;
    expect(await counters.hits([{ key: 'b', ttlSeconds: 10 }])).toEqual([{ count: 1, endsInMs: 10_000 }]);
  });

  it('refuses the same key twice in one call', async () => {
    await expect(counters.hits([{ key: 'c', ttlSeconds: 1 }, { key: 'c', ttlSeconds: 1 }])).rejects.toThrow(/distinct/);
  });

  it('forgets the counts whose window has ended, and only those', async () => {
    await counters.hits([{ key: 'short', ttlSeconds: 1 }, { key: 'long', ttlSeconds: 3600 }]);
    clock += 2_000;
    await counters.sweep();
    const keys = (await db.query<{ key: string }>("SELECT key FROM counters WHERE key IN ('short', 'long')")).map((r) => r.key);
    expect(keys).toEqual(['long']);
  });
});

describe('on Redis', async () => {
  const available = await redisAvailable();
  let counters: Counters;
  beforeAll(() => {
    if (available) counters = new RedisCounters(TEST_REDIS_URL);
  });
  afterAll(async () => counters?.close());

  it.skipIf(!available)('counts each key and says when its window ends, in one transaction', async () => {
    const [a, b] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
    const first = await counters.hits([{ key: a, ttlSeconds: 60 }, { key: b, ttlSeconds: 5 }]);
    expect(first.map((c) => c.count)).toEqual([1, 1]);
    expect(first[0]!.endsInMs).toBeGreaterThan(58_000);
    expect(first[1]!.endsInMs).toBeLessThanOrEqual(5_000);
    expect((await counters.hits([{ key: a, ttlSeconds: 60 }])).map((c) => c.count)).toEqual([2]);
  });
});

describe('in the memory of the embedded database’s one process', () => {
  it('counts as the shared counters do: a window from the first hit, its end, then a new window', async () => {
    let clock = 0;
    const windows = new LocalWindows(() => clock);
    expect(await windows.hits([{ key: 'a', ttlSeconds: 60 }, { key: 'b', ttlSeconds: 10 }])).toEqual([{ count: 1, endsInMs: 60_000 }, { count: 1, endsInMs: 10_000 }]);
    clock = 4_000;
    expect(await windows.hits([{ key: 'a', ttlSeconds: 60 }, { key: 'b', ttlSeconds: 10 }])).toEqual([{ count: 2, endsInMs: 56_000 }, { count: 2, endsInMs: 6_000 }]);
    clock = 10_000;
    expect(await windows.hits([{ key: 'b', ttlSeconds: 10 }])).toEqual([{ count: 1, endsInMs: 10_000 }]);
    // At 59 s, b's second window has ended, a's first has not.
    clock = 59_000;
    await windows.sweep();
    expect(windows.size).toBe(1);
    expect(await windows.hits([{ key: 'a', ttlSeconds: 60 }])).toEqual([{ count: 3, endsInMs: 1_000 }]);
  });
});
