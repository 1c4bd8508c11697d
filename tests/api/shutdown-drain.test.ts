import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import supertest from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildSandbox } from '../../sandbox/src/app.js';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { SessionStore } from '../../server/src/storage/session-store.js';
import { client } from '../helpers/api-client.js';
import { postgresAvailable, TEST_DATABASE_URL } from '../helpers/postgres.js';
import { SandboxControl } from '../helpers/sandbox-control.js';

const dataDir = mkdtempSync(join(tmpdir(), 'drain-'));
// The shared PostgreSQL of the multi-instance setup; without it (not in CI), PGlite on disk.
const databases: Array<[string, Record<string, string>]> = (await postgresAvailable()) ? [['PostgreSQL', { DATABASE_URL: TEST_DATABASE_URL }]] : [['PGlite on disk', { DATA_DIR: dataDir }]];
const sandboxApp = await buildSandbox({ logger: false });
await sandboxApp.listen({ host: '127.0.0.1', port: 0 });
const sandbox = new SandboxControl(`http://127.0.0.1:${(sandboxApp.server.address() as AddressInfo).port}`);

/** An instance on the same on-disk database each time: what a restart finds is what was stored. */
async function instance(database: Record<string, string>): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: sandbox.url, LOG_LEVEL: 'silent', ...database }), { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://localhost:${(app.server.address() as AddressInfo).port}` };
}

afterAll(async () => {
  await sandboxApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('shutdown', () => {
  it.each(databases)('keeps the tokens of a refresh running when the instance closes, even for a request its client gave up on: after the restart the customer goes on (%s)', async (_name, database) => {
    const first = await instance(database);
    const c = client(first.url);
    const login = await c.login('ana');
    await c.selectFirstQuota();
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    // The database is slow to take the write of the new tokens (a busy pool, a slow disk).
    const save = SessionStore.prototype.save;
    const slowSave = vi.spyOn(SessionStore.prototype, 'save').mockImplementation(async function (this: SessionStore, session) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return save.call(this, session);
    });
    // The back office's tokens expire; its refresh answers slowly, so the close falls inside it.
    await sandbox.advanceClock(600);
    // The back office moved on: what the instance kept of it (the quota list) is read again, as the
    // test stack's server does after every change made to the sandbox.
    await first.app.upstream.kept?.forgetAll();
    await sandbox.clearCalls();
    await sandbox.fault({ path: 'login/refresh', delayMs: 500, times: 1 });
    const abandoned = http.get(`${first.url}/api/screens?path=%2Fgroups-and-quotas`, { headers: { cookie, 'x-requested-with': 'consorcio-app' } });
    abandoned.on('error', () => undefined);
    await expect.poll(async () => (await sandbox.calls()).some((call) => call.path === 'login/refresh')).toBe(true);
    abandoned.destroy();
    await first.app.close();
    slowSave.mockRestore();

    const second = await instance(database);
    try {
      const res = await supertest(second.url).get('/api/screens').query({ path: '/groups-and-quotas' }).set('cookie', cookie);
      expect(res.body.screen).toBe('groups-and-quotas');
      expect((await sandbox.calls()).filter((call) => call.path === 'login/refresh')).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });
});
