import { readdirSync } from 'node:fs';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { client } from '../helpers/api-client.js';
import { capturedLogs } from '../helpers/captured-logs.js';
import { CONSOLE_HOST } from '../helpers/console-host.js';
import { useStack } from '../helpers/stack.js';
import { signInAtProvider } from '../helpers/staff-sign-in.js';

/** Small limits, so that a test reaches them; each test comes from an address of its own (TRUST_PROXY: the forwarded one). */
const SCREENS = 6;
const ACTIONS = 4;
const ADDRESS = 20;
const logs = capturedLogs();
const stack = useStack(
  { TRUST_PROXY: '1', RATE_LIMIT_SCREENS_PER_SESSION: String(SCREENS), RATE_LIMIT_ACTIONS_PER_SESSION: String(ACTIONS), RATE_LIMIT_PER_ADDRESS: String(ADDRESS) },
  { loggerInstance: logs.logger },
);

let next = 10;
/** A client address no other test used. */
const address = () => `198.51.100.${next++}`;
const from = (ip: string, host?: string) => client(stack.baseUrl, host, { 'x-forwarded-for': ip });
const limitEvents = () =>
  logs
    .text()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.event === 'limit.reached');

/** The refusal as the renderer reads it: the error body with its message, the wait in Retry-After. */
function expectRefused(res: { status: number; headers: Record<string, string>; body: Record<string, unknown> }) {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).toEqual({ kind: 'error', title: 'Ops ;)', message: `Muitas solicitações em pouco tempo. Aguarde ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} e tente novamente.`, retry: true });
}

describe('the request limits', () => {
  it(`answers a session’s screen past ${SCREENS} in the window 429 with Retry-After and the message; another session goes on`, async () => {
    const ip = address();
    const ana = from(ip);
    await ana.login('ana');
    // The login itself was asked without a session: it counts for the address alone.
    for (let i = 1; i <= SCREENS; i++) expect((await ana.screen('/groups-and-quotas')).status, `screen ${i}`).toBe(200);
    expectRefused(await ana.screen('/groups-and-quotas'));
    expectRefused(await ana.screen('/entrar'));
    const bruno = from(ip);
    await bruno.login('bruno');
    expect((await bruno.screen('/groups-and-quotas')).status).toBe(200);
  });

  it(`counts a session’s actions apart from its screens: the action past ${ACTIONS} is refused, screens go on`, async () => {
    const ana = from(address());
    await ana.login('ana');
    for (let i = 1; i <= ACTIONS; i++) expect((await ana.action('quotas/select', { idCota: 999_999 })).status, `action ${i}`).not.toBe(429);
    expectRefused(await ana.action('quotas/select', { idCota: 999_999 }));
    expect((await ana.screen('/groups-and-quotas')).status).toBe(200);
  });

  it(`counts an address across sessions: its request past ${ADDRESS} is refused, whichever session sends it`, async () => {
    const ip = address();
    // Sessions by their cookie: three browsers, each below its own limit.
    const browsers = ['um', 'dois', 'tres', 'quatro'].map((name) => client(stack.baseUrl, undefined, { 'x-forwarded-for': ip, cookie: `sid=sessao-${name}-${ip}` }));
    let sent = 0;
    for (const browser of browsers.slice(0, 3)) {
      for (let i = 0; i < SCREENS; i++, sent++) expect((await browser.screen('/entrar')).status).toBe(200);
    }
    const last = browsers[3]!;
    while (sent < ADDRESS) {
      expect((await last.screen('/entrar')).status).toBe(200);
      sent++;
    }
    expectRefused(await last.screen('/entrar'));
    expectRefused(await last.action('auth/identify', { documento: '66115750903' }));
    // Another address is not affected.
    expect((await from(address()).screen('/entrar')).status).toBe(200);
  });

  it('writes one limit.reached line per key and window, not one per refused request', async () => {
    logs.clear();
    const visitor = from(address());
    for (let i = 0; i < ADDRESS + 5; i++) await visitor.screen('/entrar');
    expect(limitEvents()).toEqual([expect.objectContaining({ category: 'security', event: 'limit.reached', reason: 'requests-per-address', outcome: 'refused', target: 'screens' })]);
    logs.clear();
    const ana = from(address());
    await ana.login('ana');
    for (let i = 0; i < SCREENS + 5; i++) await ana.screen('/groups-and-quotas');
    expect(limitEvents()).toEqual([expect.objectContaining({ event: 'limit.reached', reason: 'requests-per-session', target: 'screens' })]);
  });

  it('leaves the health checks, the page and its files alone', async () => {
    const ip = address();
    const asset = readdirSync('dist/renderer/assets').find((file) => file.endsWith('.js'))!;
    for (let i = 0; i < ADDRESS + 5; i++) {
      for (const path of ['/health/live', '/health/ready', `/assets/${asset}`, '/robots.txt', '/entrar']) {
        expect((await supertest(stack.baseUrl).get(path).set('x-forwarded-for', ip)).status, path).toBe(200);
      }
    }
    expect((await from(ip).screen('/entrar')).status).toBe(200);
  });

  it('limits the console on its host too, by the staff member’s session', async () => {
    const ip = address();
    const staff = client(stack.baseUrl, CONSOLE_HOST, { 'x-forwarded-for': ip });
    const { cookie } = await signInAtProvider(stack.baseUrl, 'consulta');
    staff.agent.jar.setCookie(`${cookie}; Path=/`, 'localhost', '/');
    for (let i = 0; i < SCREENS; i++) expect((await staff.screen('/ops')).status).toBe(200);
    expectRefused(await staff.screen('/ops'));
  });
});
