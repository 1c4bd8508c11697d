import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { client } from '../helpers/api-client.js';
import { postgresAvailable, TEST_DATABASE_URL as DATABASE_URL } from '../helpers/postgres.js';
import { redisAvailable, TEST_REDIS_URL } from '../helpers/redis.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** A Redis database of this file's own: tests/security/limits.test.ts empties the default one before each of its tests. */
const REDIS_OWN_DB = Object.assign(new URL(TEST_REDIS_URL), { pathname: '/7' }).toString();
const postgres = await postgresAvailable();
const redis = postgres && (await redisAvailable());
const LIMITS = { TRUST_PROXY: '1', RATE_LIMIT_SCREENS_PER_SESSION: '6', RATE_LIMIT_PER_ADDRESS: '10' };

/** Two servers on the same storage (PostgreSQL alone: its counters table; with Redis: Redis's), one back office. */
function twoInstances(storage: Record<string, string>) {
  const pair = {} as { stack: Stack; other: FastifyInstance; otherUrl: string };
  beforeAll(async () => {
    pair.stack = await startStack({ ...storage, ...LIMITS });
    pair.other = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: pair.stack.sandbox.url, LOG_LEVEL: 'silent', ...storage, ...LIMITS }), { logger: false });
    await pair.other.listen({ host: '127.0.0.1', port: 0 });
    pair.otherUrl = `http://localhost:${(pair.other.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await pair.other?.close();
    await pair.stack?.close();
  });
  return pair;
}

/** An address of this run (the counts outlive a run in PostgreSQL and Redis for their window). */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function limitsAcrossInstances(pair: ReturnType<typeof twoInstances>) {
  it('counts a session’s screens on either instance against one limit', async () => {
    const ip = address();
    const onA = client(pair.stack.baseUrl, undefined, { 'x-forwarded-for': ip });
    const login = await onA.login('ana');
    // The same browser session on the other instance (the sessions live in the PostgreSQL both share).
    const sid = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((line) => line.startsWith('sid='))!.split(';')[0]!;
    const onB = client(pair.otherUrl, undefined, { 'x-forwarded-for': ip, cookie: sid });
    for (let i = 0; i < 3; i++) expect((await onA.screen('/groups-and-quotas')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await onB.screen('/groups-and-quotas')).status).toBe(200);
    const refused = await onB.screen('/groups-and-quotas');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await onA.screen('/groups-and-quotas')).status).toBe(429);
  });

  it('counts an address on either instance against one limit', async () => {
    const ip = address();
    const onA = client(pair.stack.baseUrl, undefined, { 'x-forwarded-for': ip });
    const onB = client(pair.otherUrl, undefined, { 'x-forwarded-for': ip });
    for (let i = 0; i < 5; i++) {
      expect((await onA.screen('/entrar')).status).toBe(200);
      expect((await onB.screen('/entrar')).status).toBe(200);
    }
    expect((await onA.screen('/entrar')).status).toBe(429);
    expect((await onB.action('auth/identify', { documento: '66115750903' })).status).toBe(429);
  });
}

describe.skipIf(!postgres)('the request limits of two instances sharing PostgreSQL (its counters table)', () => {
  limitsAcrossInstances(twoInstances({ DATABASE_URL }));
});

describe.skipIf(!redis)('the request limits of two instances sharing PostgreSQL and Redis (Redis’s counters)', () => {
  limitsAcrossInstances(twoInstances({ DATABASE_URL, REDIS_URL: REDIS_OWN_DB }));
});
