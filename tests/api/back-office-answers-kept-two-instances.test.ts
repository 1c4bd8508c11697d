import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { client, findAll } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { redisAvailable, TEST_REDIS_URL } from '../helpers/redis.js';
import { RAISED_LIMITS, startStack, type Stack } from '../helpers/stack.js';

/** A Redis database of this file's own: other files empty theirs, and this one counts the back office's calls. */
const REDIS_OWN_DB = Object.assign(new URL(TEST_REDIS_URL), { pathname: '/9' }).toString();
const redis = await redisAvailable();

const WARNINGS = 'parceiros/1/warnings';
const warning = (text: string) => ({ startDate: '2000-01-01', startHour: '00:00', endDate: '2999-12-31', endHour: '23:59', active: true, text });
const bannerOf = (doc: { layout: unknown[] }) => findAll(doc.layout, (n) => n.type === 'banner')[0]?.text as string | undefined;

describe.skipIf(!redis)('answers kept in Redis, shared by two instances (docs/back-office-cache.md)', () => {
  const pair = {} as { stack: Stack; other: FastifyInstance; otherUrl: string; redis: Redis };
  beforeAll(async () => {
    pair.redis = new Redis(REDIS_OWN_DB);
    await pair.redis.flushdb();
    // Two servers, each with its own embedded database (their own sessions), one Redis, one back office.
    pair.stack = await startStack({ REDIS_URL: REDIS_OWN_DB });
    pair.other = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: pair.stack.sandbox.url, DATA_DIR: ':memory:', LOG_LEVEL: 'silent', REDIS_URL: REDIS_OWN_DB, ...RAISED_LIMITS }), { logger: false });
    await pair.other.listen({ host: '127.0.0.1', port: 0 });
    pair.otherUrl = `http://localhost:${(pair.other.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await pair.other?.close();
    await pair.stack?.close();
    await pair.redis?.flushdb();
    pair.redis?.disconnect();
  });
  const callsTo = async (path: string) => (await pair.stack.sandbox.calls()).filter((call) => call.path === path);

  it('opens home on the second instance with the warnings and the server time the first one read', async () => {
    const onA = client(pair.stack.baseUrl);
    await onA.loginWithQuota('ana');
    await onA.screen('/home');
    const onB = client(pair.otherUrl);
    await onB.loginWithQuota('bruno');
    await pair.stack.sandbox.clearCalls();

    expect((await onB.screen('/home')).status).toBe(200);

    expect(await callsTo(WARNINGS)).toHaveLength(0);
    expect(await callsTo('util/datahoraatual')).toHaveLength(0);
  });

  it('makes one warnings call when customers on both instances open home together', async () => {
    const onA = client(pair.stack.baseUrl);
    await onA.loginWithQuota('ana');
    const onB = client(pair.otherUrl);
    await onB.loginWithQuota('carla');
    // New warnings, slow to answer; neither instance holds the old ones any more.
    await pair.stack.sandbox.setWarnings(1, [warning('Manutenção nas duas instâncias.')]);
    await pair.other.upstream.kept!.forgetAll();
    await pair.stack.sandbox.fault({ method: 'GET', path: WARNINGS, delayMs: 300, times: 1 });
    await pair.stack.sandbox.clearCalls();

    const homes = await Promise.all([onA.screen('/home'), onB.screen('/home'), onA.screen('/home'), onB.screen('/home')]);

    expect(homes.map((home) => bannerOf(home.body))).toEqual(Array(4).fill('Manutenção nas duas instâncias.'));
    expect(await callsTo(WARNINGS)).toHaveLength(1);
  });

  it('keeps a customer’s quota list in Redis sealed, under no session id', async () => {
    const onA = client(pair.stack.baseUrl);
    const login = await onA.login('ana');
    const sid = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((line) => line.startsWith('sid='))?.split(';')[0]?.slice(4);
    await onA.screen('/groups-and-quotas');

    const keys = await pair.redis.keys('kept:quotas.list:*');
    expect(keys.length).toBeGreaterThan(0);
    const stored = (await Promise.all(keys.map((key) => pair.redis.hgetall(key)))).map((fields) => JSON.stringify(fields)).join('\n');
    expect(stored).not.toContain('001234');
    expect(stored).not.toContain(persona('ana').document);
    if (sid) expect(keys.join('\n') + stored).not.toContain(sid);
  });
});
