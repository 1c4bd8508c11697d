import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import supertest from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { client } from '../helpers/api-client.js';
import { postgresAvailable, TEST_DATABASE_URL } from '../helpers/postgres.js';
import { RAISED_LIMITS, startStack, type Stack } from '../helpers/stack.js';

const DATABASE_URL = TEST_DATABASE_URL;
const reachable = await postgresAvailable();

const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** Logs ana in with her quota, then moves the back office's clock past her tokens' life. */
async function expiredSession(stack: Stack): Promise<string> {
  const c = client(stack.baseUrl);
  const login = await c.login('ana');
  await c.selectFirstQuota();
  await stack.sandbox.advanceClock(600);
  await stack.sandbox.clearCalls();
  // A slow refresh keeps the race open: every other request hits the 401 while it runs.
  await stack.sandbox.fault({ path: 'login/refresh', delayMs: 300 });
  return String(login.headers['set-cookie']).split(';')[0]!;
}

const screen = (url: string, cookie: string) => supertest(url).get('/api/screens').query({ path: '/groups-and-quotas' }).set('cookie', cookie);

describe('token refresh under concurrency', () => {
  it('runs exactly one refresh for 100 concurrent requests after expiry, and all of them succeed', async () => {
    const stack = await startStack();
    closers.push(() => stack.close());
    const cookie = await expiredSession(stack);
    const answers = await Promise.all(Array.from({ length: 100 }, () => screen(stack.baseUrl, cookie)));
    expect(answers.map((a) => a.body.screen)).toEqual(Array(100).fill('groups-and-quotas'));
    expect((await stack.sandbox.calls()).filter((c) => c.path === 'login/refresh')).toHaveLength(1);
  });

  it.skipIf(!reachable)('runs exactly one refresh when the 100 requests are split across two instances sharing PostgreSQL', async () => {
    const stack = await startStack({ DATABASE_URL });
    closers.push(() => stack.close());
    const other: FastifyInstance = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: stack.sandbox.url, DATABASE_URL, LOG_LEVEL: 'silent', ...RAISED_LIMITS }), { logger: false });
    closers.push(() => other.close());
    await other.listen({ host: '127.0.0.1', port: 0 });
    const otherUrl = `http://localhost:${(other.server.address() as AddressInfo).port}`;

    const cookie = await expiredSession(stack);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => screen(i % 2 ? otherUrl : stack.baseUrl, cookie)));
    expect(answers.map((a) => a.body.screen)).toEqual(Array(100).fill('groups-and-quotas'));
    expect((await stack.sandbox.calls()).filter((c) => c.path === 'login/refresh')).toHaveLength(1);
  });

  it.skipIf(!reachable)('refreshes 20 sessions at once on one instance sharing PostgreSQL (more than its 10 connections): every screen answers', async () => {
    const stack = await startStack({ DATABASE_URL });
    closers.push(() => stack.close());
    const cookies: string[] = [];
    for (let i = 0; i < 20; i++) {
      const c = client(stack.baseUrl);
      const login = await c.login(i % 2 ? 'ana' : 'quintino');
      cookies.push(String(login.headers['set-cookie']).split(';')[0]!);
    }
    await stack.sandbox.advanceClock(600);
    // Each refresh holds its session's lock while the back office answers.
    await stack.sandbox.fault({ path: 'login/refresh', delayMs: 300, times: 20 });
    const answers = await Promise.all(cookies.map((cookie) => screen(stack.baseUrl, cookie)));
    expect(answers.map((a) => a.body.screen)).toEqual(Array(20).fill('groups-and-quotas'));
  });
});
