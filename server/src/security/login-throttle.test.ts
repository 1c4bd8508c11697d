import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../storage/database.js';
import { RedisCounters, SqlCounters } from '../storage/counters.js';
import { LOGIN_LIMITS, LoginThrottle } from './login-throttle.js';
import { redisAvailable, TEST_REDIS_URL as REDIS_URL } from '../../../tests/helpers/redis.js';

const redisUp = await redisAvailable();

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

// One embedded database for the file; each test counts its own accounts on its own clock.
const db = await openDatabase({ dataDir: ':memory:' });
cleanups.push(() => db.close());

async function sqlThrottle() {
  let now = Date.parse('2026-11-23T12:00:00Z');
  return { throttle: new LoginThrottle(new SqlCounters(db, () => now)), advance: (s: number) => (now += s * 1000) };
}

describe('login throttle', () => {
  it('allows 5 wrong passwords per account in 15 minutes, then refuses until the window passes', async () => {
    const { throttle, advance } = await sqlThrottle();
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      expect(await throttle.verdict('66115750903', '10.0.0.1')).toBe('allowed');
      await throttle.failed('66115750903', '10.0.0.1');
    }
    expect(await throttle.verdict('66115750903', '10.0.0.2')).toBe('too-many');
    expect(await throttle.verdict('29554594704', '10.0.0.1')).toBe('allowed');
    advance(15 * 60 + 1);
    expect(await throttle.verdict('66115750903', '10.0.0.1')).toBe('allowed');
  });

  it('allows 20 wrong passwords per client address across accounts', async () => {
    const { throttle } = await sqlThrottle();
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) await throttle.failed(`conta-${i}`, '10.9.9.9');
    expect(await throttle.verdict('outra-conta', '10.9.9.9')).toBe('too-many');
    expect(await throttle.verdict('outra-conta', '10.9.9.8')).toBe('allowed');
  });

  it('blocks password login after 10 consecutive failures, across windows, until unblocked', async () => {
    const { throttle, advance } = await sqlThrottle();
    for (let i = 0; i < 9; i++) {
      await throttle.failed('83065898071', '10.0.0.1');
      if (i === 4) advance(16 * 60);
    }
    advance(16 * 60);
    expect(await throttle.verdict('83065898071', '10.0.0.1')).toBe('allowed');
    await throttle.failed('83065898071', '10.0.0.1');
    advance(16 * 60);
    expect(await throttle.verdict('83065898071', '10.0.0.1')).toBe('blocked');
    await throttle.resetRequested('83065898071');
    expect(await throttle.verdict('83065898071', '10.0.0.1')).toBe('unblock-by-code');
    await throttle.unblock('83065898071');
    expect(await throttle.verdict('83065898071', '10.0.0.1')).toBe('allowed');
  });

  it('resets the consecutive count on a successful login', async () => {
    const { throttle, advance } = await sqlThrottle();
    for (let i = 0; i < 4; i++) await throttle.failed('x', 'a');
    await throttle.succeeded('x');
    advance(16 * 60);
    for (let i = 0; i < 4; i++) await throttle.failed('x', 'b');
    advance(16 * 60);
    for (let i = 0; i < 4; i++) await throttle.failed('x', 'c');
    expect(await throttle.verdict('x', 'd')).toBe('allowed');
  });

  it.skipIf(!redisUp)('shares the counters across instances through Redis', async () => {
    const a = new RedisCounters(REDIS_URL);
    const b = new RedisCounters(REDIS_URL);
    cleanups.push(() => a.close(), () => b.close());
    const account = `teste-${Date.now()}-${Math.random()}`;
    const [one, two] = [new LoginThrottle(a), new LoginThrottle(b)];
    for (let i = 0; i < 3; i++) await one.failed(account, '10.1.1.1');
    for (let i = 0; i < 2; i++) await two.failed(account, '10.1.1.2');
    expect(await one.verdict(account, '10.1.1.3')).toBe('too-many');
    await two.unblock(account);
    expect(await one.verdict(account, '10.1.1.3')).toBe('allowed');
  });
});
