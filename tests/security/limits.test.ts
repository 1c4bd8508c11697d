/**
 * Every limited action of the surface pushed past its limit from one session, from many sessions
 * at once and across two instances sharing PostgreSQL and Redis (the production shape): no more
 * attempts than the limit reach what it guards, and the legitimate attempt that follows (the right
 * password, the right code) is refused too.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { postgresAvailable, TEST_DATABASE_URL } from '../helpers/postgres.js';
import { redisAvailable, TEST_REDIS_URL } from '../helpers/redis.js';
import { collectedStack, isRefusal } from './attacker.js';
import { LIMIT_DRIVERS, type Answer, type Instance, type Mode } from './drivers/limits.js';
import { RAISED_LIMITS } from '../helpers/stack.js';
import { has, readSurface } from './surface.js';

const shared = (await postgresAvailable()) && (await redisAvailable());
const env = { DATABASE_URL: TEST_DATABASE_URL, REDIS_URL: TEST_REDIS_URL };
const stack = shared ? await collectedStack(env) : null;

/** The second instance: the same database, Redis and back office, its own process state. */
let other: FastifyInstance | undefined;
const instances: Instance[] = [];
if (stack) {
  other = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: stack.sandbox.url, ...env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...RAISED_LIMITS }), { logger: false });
  await other.listen({ host: '127.0.0.1', port: 0 });
  instances.push({ baseUrl: stack.baseUrl }, { baseUrl: `http://localhost:${(other.server.address() as AddressInfo).port}` });
}
const redis = shared ? new Redis(TEST_REDIS_URL) : null;
afterAll(async () => {
  await other?.close();
  redis?.disconnect();
});

const surface = stack ? await readSurface(stack.baseUrl) : null;
const limited = surface ? surface.operations.filter((op) => has(op, 'limited')).map((op) => op.key) : [];
const MODES: readonly Mode[] = ['one session', 'many sessions', 'two instances'];
/** Attempts past the limit. */
const BEYOND = 3;

// Each test starts with the limits' counters empty (the Redis database of these tests only), the back
// office's own hour of code sends over (its clock an hour on) and no recorded calls.
beforeEach(async () => {
  await redis?.flushdb();
  await stack?.sandbox.advanceClock(3601);
  await stack?.sandbox.clearCalls();
});

describe.skipIf(!shared)('limits, on two instances sharing PostgreSQL and Redis', () => {
  const cases = limited.flatMap((key) => MODES.map((mode) => [key, mode] as const));
  it.each(cases)('%s pushed past its limit (%s)', async (key, mode) => {
    const driver = LIMIT_DRIVERS[key];
    expect(driver, `${key} is limited but has no driver in tests/security/drivers/limits.ts`).toBeDefined();
    if (driver!.modes && !driver!.modes.includes(mode)) {
      expect(driver!.why, `${key} is not pushed in "${mode}": say why`).toBeTruthy();
      return;
    }
    const limit = typeof driver!.limit === 'number' ? driver!.limit : driver!.limit[mode];
    const state = await driver!.setup?.(stack!, instances[0]!);
    await stack!.sandbox.clearCalls();
    const attempts = limit + BEYOND;
    const answers: Answer[] = [];
    let only: Awaited<ReturnType<NonNullable<typeof driver>["session"]>> | undefined;
    if (mode === 'one session') {
      const c = (only = await driver!.session(stack!, instances[0]!, state));
      for (let i = 0; i < attempts; i++) answers.push(await driver!.attempt(c, state, i));
    } else {
      const on = (i: number) => (mode === 'two instances' ? instances[i % 2]! : instances[0]!);
      // Sessions are made one after the other, as people log in; their attempts go at once.
      const sessions = [];
      for (let i = 0; i < attempts; i++) sessions.push(await driver!.session(stack!, on(i), state));
      await stack!.sandbox.clearCalls();
      answers.push(...(await Promise.all(sessions.map((c, i) => driver!.attempt(c, state, i)))));
    }
    const reached = driver!.reached(await stack!.sandbox.calls(), answers);
    expect({ attempts, reached: Math.min(reached, limit) === reached }, `${reached} of ${attempts} attempts reached what the limit of ${limit} guards`).toEqual({ attempts, reached: true });
    if (driver!.legitimate) {
      // The same session goes on after its own push; elsewhere a new one (on the other instance when there are two).
      const c = only ?? (await driver!.session(stack!, instances[mode === 'two instances' ? 1 : 0]!, state));
      await stack!.sandbox.clearCalls();
      const last = await driver!.legitimate(c, state, stack!);
      expect({ refused: isRefusal(last), reached: driver!.reached(await stack!.sandbox.calls(), [last]) }, JSON.stringify(last.body)).toEqual({ refused: true, reached: 0 });
    }
  });
});
