import { afterAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL as REDIS_URL } from '../../../tests/helpers/redis.js';
import { openDatabase } from '../storage/database.js';
import { RedisCounters, SqlCounters } from '../storage/counters.js';
import { OTP_LIMITS, OtpThrottle } from './otp-throttle.js';

const redisUp = await redisAvailable();
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

const db = await openDatabase({ dataDir: ':memory:' });
cleanups.push(() => db.close());

function sqlThrottle() {
  let now = Date.parse('2026-11-23T12:00:00Z');
  return { otp: new OtpThrottle(new SqlCounters(db, () => now)), advance: (s: number) => (now += s * 1000) };
}

describe('one-time code tries', () => {
  it('allows 5 tries of a code, then asks for a new one', async () => {
    const { otp } = sqlThrottle();
    for (let i = 0; i < OTP_LIMITS.perCode; i++) expect(await otp.reserve('11111111111')).toBe('allowed');
    expect(await otp.verdict('11111111111')).toBe('code-spent');
    expect(await otp.reserve('11111111111')).toBe('code-spent');
    expect(await otp.verdict('22222222222')).toBe('allowed');
  });

  it('gives a new code 5 tries but keeps the account’s 10 for the hour', async () => {
    const { otp, advance } = sqlThrottle();
    for (let i = 0; i < 5; i++) await otp.reserve('33333333333');
    await otp.codeSent('33333333333');
    expect(await otp.verdict('33333333333')).toBe('allowed');
    for (let i = 0; i < 5; i++) expect(await otp.reserve('33333333333')).toBe('allowed');
    await otp.codeSent('33333333333');
    expect(await otp.verdict('33333333333')).toBe('account-spent');
    expect(await otp.reserve('33333333333')).toBe('account-spent');
    advance(OTP_LIMITS.accountWindowSeconds + 1);
    expect(await otp.verdict('33333333333')).toBe('allowed');
  });

  it('starts over once the right code is typed', async () => {
    const { otp } = sqlThrottle();
    for (let i = 0; i < 9; i++) await otp.reserve('44444444444');
    await otp.verified('44444444444');
    expect(await otp.verdict('44444444444')).toBe('allowed');
  });

  it.skipIf(!redisUp)('shares the tries across instances through Redis', async () => {
    const a = new RedisCounters(REDIS_URL);
    const b = new RedisCounters(REDIS_URL);
    cleanups.push(() => a.close(), () => b.close());
    const account = `teste-${Date.now()}-${Math.random()}`;
    const [one, two] = [new OtpThrottle(a), new OtpThrottle(b)];
    for (let i = 0; i < 3; i++) await one.reserve(account);
    for (let i = 0; i < 2; i++) await two.reserve(account);
    expect(await one.verdict(account)).toBe('code-spent');
    await two.verified(account);
    expect(await one.verdict(account)).toBe('allowed');
  });
});
