import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../screens/contract/index.js';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { analysisPage, funnelCounts, staffClient } from '../helpers/analysis.js';
import { findAll } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { postgresAvailable, TEST_DATABASE_URL } from '../helpers/postgres.js';
import { RAISED_LIMITS, startStack, type Stack } from '../helpers/stack.js';

/** Each pass offers its own value: the same offer confirmed again is the same move, answered once. */
let offers = 0;

/**
 * Two instances on one PostgreSQL, no sticky sessions: every request of a customer goes to the other
 * instance than the one before. Each instance counts what it served and writes it on its own
 * schedule (one every 100 ms, the other only when it closes); the console reads exactly what was done.
 */
const DATABASE_URL = TEST_DATABASE_URL;
const reachable = await postgresAvailable(async (client) => {
  for (const table of ['analytics_steps', 'analytics_refusals', 'analytics_durations']) await client.query(`DROP TABLE IF EXISTS ${table}`);
  await client.query('DELETE FROM schema_migrations WHERE id = 4201').catch(() => undefined);
});

let stack: Stack;
let other: FastifyInstance;
let otherUrl: string;

beforeAll(async () => {
  if (!reachable) return;
  stack = await startStack({ DATABASE_URL, ANALYTICS_FLUSH_MS: '100' });
  other = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: stack.sandbox.url, DATABASE_URL, ANALYTICS_FLUSH_MS: '0', LOG_LEVEL: 'silent', ...RAISED_LIMITS }), { logger: false });
  await other.listen({ host: '127.0.0.1', port: 0 });
  otherUrl = `http://localhost:${(other.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await other?.close();
  await stack?.close();
});

/** A customer whose requests alternate between the two instances, as a balancer without sticky sessions sends them. */
function alternating(urls: string[]) {
  let cookie = '';
  let turn = 0;
  const next = () => urls[turn++ % urls.length]!;
  const keep = (res: Response) => {
    const set = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (set) cookie = set.split(';')[0]!;
  };
  return {
    async screen(path: string) {
      const res = await fetch(`${next()}/api/screens?path=${encodeURIComponent(path)}`, { headers: { cookie } });
      keep(res);
      return (await res.json()) as { kind: string; to?: string; layout?: unknown[] };
    },
    async action(name: string, body: unknown = {}) {
      const res = await fetch(`${next()}/api/actions/${name}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE }, body: JSON.stringify(body) });
      keep(res);
      return (await res.json()) as { kind: string; to?: string };
    },
  };
}

describe.skipIf(!reachable)('counts from two instances', () => {
  it('loses and doubles no count when one customer’s requests alternate between instances that write on their own schedules', async () => {
    const passes = async () => {
      const c = alternating([stack.baseUrl, otherUrl]);
      const ana = persona('ana');
      expect((await c.action('auth/login', { modo: 'documento', documento: ana.document, senha: ana.password })).kind).toBe('navigate');
      const list = await c.screen('/groups-and-quotas');
      const card = findAll(list.layout!, (n) => n.type === 'card' && String(n.id).startsWith('cota-'))[0];
      expect((await c.action('quotas/select', card.action.action.payload)).kind).toBe('navigate');
      for (let pass = 0; pass < 3; pass++) {
        await c.screen('/offers-and-bids-introduction');
        await c.screen('/offers-and-bids?passo=type');
        expect((await c.action('bids/step', { passo: 'type', modalidade: 'LL', tipoOferta: 'VL', valor: '1,00' })).kind).toBe('field-errors');
        expect((await c.action('bids/step', { passo: 'type', modalidade: 'LL', tipoOferta: 'VL', valor: `20.${String(++offers).padStart(3, '0')},00` })).to).toBe('/offers-and-bids?passo=builtin');
        for (const [passo, fields, then] of [
          ['builtin', {}, 'keys'],
          ['keys', { trocaChaves: false }, 'reduction'],
          ['reduction', { tipoAmortizacao: 'PRAZO' }, 'summary'],
        ] as const) {
          await c.screen(`/offers-and-bids?passo=${passo}`);
          expect((await c.action('bids/step', { passo, ...fields })).to).toBe(`/offers-and-bids?passo=${then}`);
        }
        await c.screen('/offers-and-bids?passo=summary');
        expect((await c.action('bids/confirm')).to).toBe('/offers-and-bids?passo=confirmation');
        await c.screen('/offers-and-bids?passo=confirmation');
      }
    };
    // Three customers at once, three passes each.
    await Promise.all([passes(), passes(), passes()]);

    // The second instance writes its counts as it closes (the graceful close), the first on its timer and when the console reads.
    await other.close();
    const staff = await staffClient(stack.baseUrl);
    const page = await analysisPage(staff, '/ops/analise?fluxo=lances');
    expect(funnelCounts(page, 'Lances')).toMatchObject({
      'Introdução': ['9', '9', '0'],
      'Tipo de lance': ['9', '9', '0'],
      'Lance embutido': ['9', '9', '0'],
      'Troca de chaves': ['9', '9', '0'],
      'Redução': ['9', '9', '0'],
      'Resumo': ['9', '9', '0'],
      'Confirmação': ['9', '9', '0'],
    });
    const [refusals] = await stack.app.db.query<{ n: string }>("SELECT sum(count) AS n FROM analytics_refusals WHERE flow = 'lances' AND step = 'type'");
    expect(Number(refusals!.n)).toBe(9);
    // Both instances wrote: the rows hold the sum of what each counted.
    expect(stack.app.analytics.pending).toBe(0);
  });
});
