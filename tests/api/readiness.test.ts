import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, TEST_DATABASE_URL } from '../helpers/postgres.js';
import { redisAvailable, TEST_REDIS_URL } from '../helpers/redis.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { TcpRelay } from '../helpers/tcp-relay.js';

// The multi-instance setup: PostgreSQL and Redis, each reached through a relay the test can cut.
const available = (await postgresAvailable()) && (await redisAvailable());
const address = (url: string) => ({ host: new URL(url).hostname, port: Number(new URL(url).port) });
const database = new TcpRelay(address(TEST_DATABASE_URL));
const redis = new TcpRelay({ ...address(TEST_REDIS_URL), port: Number(new URL(TEST_REDIS_URL).port || 6379) });
let stack: Stack;

beforeAll(async () => {
  if (!available) return;
  await database.open();
  await redis.open();
  stack = await startStack({ DATABASE_URL: database.through(TEST_DATABASE_URL), REDIS_URL: redis.through(TEST_REDIS_URL) });
});
afterAll(async () => {
  await stack?.close();
  await database.cut();
  await redis.cut();
});

const ready = async () => {
  const res = await supertest(stack.baseUrl).get('/health/ready');
  return { status: res.status, body: res.body as Record<string, unknown> };
};

describe.skipIf(!available)('readiness and liveness of an instance on PostgreSQL and Redis', () => {
  it('is ready when the database and Redis answer, and names what it uses', async () => {
    expect(await ready()).toMatchObject({ status: 200, body: { status: 'ok', storage: 'postgres', counters: 'redis' } });
    expect((await supertest(stack.baseUrl).get('/health/live')).body).toEqual({ status: 'ok' });
  });

  it.each([
    ['Redis', redis, 'counters'],
    ['the database', database, 'storage'],
  ] as const)('is not ready while %s is unreachable, stays alive, and is ready again once it is back', async (_name, relay, down) => {
    await relay.cut();
    await expect.poll(ready).toEqual({ status: 503, body: { status: 'unavailable', down: [down] } });
    expect((await supertest(stack.baseUrl).get('/health/live')).status).toBe(200);
    await relay.open();
    await expect.poll(async () => (await ready()).status).toBe(200);
  });
});
