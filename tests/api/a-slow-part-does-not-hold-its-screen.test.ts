import { beforeEach, describe, expect, it } from 'vitest';
import { SCREEN_PARTS_HEADER, SCREEN_PARTS_WAIT } from '../../screens/contract/protocol.js';
import { asCustomerWithFirstQuota, findAll, screenText } from '../helpers/api-client.js';
import { capturedLogs } from '../helpers/captured-logs.js';
import { useStack } from '../helpers/stack.js';

const logs = capturedLogs('warn');
const stack = useStack({ ANALYTICS_FLUSH_MS: '0' }, { loggerInstance: logs.logger });

beforeEach(async () => {
  await stack.sandbox.reset();
  await stack.sandbox.clearFaults();
  logs.clear();
});

const wait = { [SCREEN_PARTS_HEADER]: SCREEN_PARTS_WAIT };
const callsTo = (path: string) => stack.sandboxApp.sandboxContext!.calls.filter((call) => call.method === 'GET' && call.path === path);
const pendingIds = (layout: unknown[]) => findAll(layout, (n) => n.type === 'pending').map((n) => n.id);
const slipSummary = (layout: unknown[]) => findAll(layout, (n) => n.id === 'proximo-boleto');
const degradedLines = () => logs.text().split('\n').filter((l) => l.includes('screen degraded')).map((l) => JSON.parse(l));

/** Sums of a count over the rows of an analytics table for /home (counts come back as bigint text from PostgreSQL). */
async function homeCount(sql: string): Promise<number> {
  await stack.app.analytics.flush();
  const [row] = await stack.app.db.query<{ n: string | number | null }>(sql);
  return Number(row?.n ?? 0);
}

describe('a secondary part past its budget does not hold its screen', () => {
  it('home answers without the next-slip summary while its call still runs, marks it pending, and the follow-up brings it from that same call', async () => {
    const { c, idCota } = await asCustomerWithFirstQuota(stack.baseUrl, 'ana');
    const slips = `cotas/${idCota}/cobrancas/segunda-via`;
    // Past the next-slip summary's budget, within the client's wait for an answer's headers.
    await stack.sandbox.fault({ method: 'GET', path: slips, delayMs: 2500, times: 1 });
    await stack.sandbox.clearCalls();

    const first = await c.screen('/home');
    expect(first.status).toBe(200);
    // The home came while the slow call had not answered yet.
    expect(callsTo(slips)).toHaveLength(1);
    expect(callsTo(slips)[0]!.endedAt).toBeUndefined();
    expect(screenText(first.body)).toContain('Olá, Ana');
    expect(slipSummary(first.body.layout)).toEqual([]);
    expect(pendingIds(first.body.layout)).toEqual(['pendente-proximo-boleto']);
    expect(screenText(first.body)).toContain('Carregando o próximo boleto…');
    expect(degradedLines().at(-1).dropped).toEqual([{ part: 'proximo-boleto', reason: 'late' }]);

    const followUp = await c.screen('/home', wait);
    expect(followUp.status).toBe(200);
    expect(slipSummary(followUp.body.layout)).toHaveLength(1);
    expect(pendingIds(followUp.body.layout)).toEqual([]);
    // The follow-up takes the call already running: the back office is asked once.
    expect(callsTo(slips)).toHaveLength(1);
    expect(callsTo(slips)[0]!.endedAt).toBeDefined();
  });

  it('holds each part to its own declared budget: the CRM cases, allowed more than the default, are waited for while the next slip, as slow, is not', async () => {
    const { c, idCota } = await asCustomerWithFirstQuota(stack.baseUrl, 'ana');
    // Both past the default budget, within the cases' own.
    await stack.sandbox.fault({ method: 'POST', path: 'salesforce/consulta/casos', delayMs: 1750, times: 1 });
    await stack.sandbox.fault({ method: 'GET', path: `cotas/${idCota}/cobrancas/segunda-via`, delayMs: 1750, times: 1 });
    const first = await c.screen('/home');
    expect(pendingIds(first.body.layout)).toEqual(['pendente-proximo-boleto']);
    expect(degradedLines().at(-1).dropped).toEqual([{ part: 'proximo-boleto', reason: 'late' }]);
    expect(slipSummary((await c.screen('/home', wait)).body.layout)).toHaveLength(1);
  });

  it('counts each part dropped in the analytics, by screen, part and reason, and the follow-up as no second arrival', async () => {
    const parts = `SELECT sum(count) AS n FROM analytics_parts WHERE step = '/home' AND part = 'proximo-boleto' AND reason = 'late'`;
    const failed = `SELECT sum(count) AS n FROM analytics_parts WHERE step = '/home' AND part = 'faturamento' AND reason = 'failed'`;
    const arrivals = `SELECT sum(arrivals) AS n FROM analytics_steps WHERE step = '/home'`;
    const before = { late: await homeCount(parts), failed: await homeCount(failed), arrivals: await homeCount(arrivals) };

    const { c, idCota } = await asCustomerWithFirstQuota(stack.baseUrl, 'ana');
    await stack.sandbox.fault({ method: 'GET', path: `cotas/${idCota}/cobrancas/segunda-via`, delayMs: 2500, times: 1 });
    await stack.sandbox.fault({ method: 'GET', path: 'core/faturamento-credito/status', status: 500, times: 1 });
    expect(pendingIds((await c.screen('/home')).body.layout)).toEqual(['pendente-proximo-boleto']);
    await c.screen('/home', wait);

    expect(await homeCount(parts)).toBe(before.late + 1);
    expect(await homeCount(failed)).toBe(before.failed + 1);
    expect(await homeCount(arrivals)).toBe(before.arrivals + 1);
  });

  it('draws no placeholder and leaves nothing out when every part answers within its budget', async () => {
    const { c } = await asCustomerWithFirstQuota(stack.baseUrl, 'ana');
    const home = await c.screen('/home');
    expect(pendingIds(home.body.layout)).toEqual([]);
    expect(slipSummary(home.body.layout)).toHaveLength(1);
    expect(degradedLines()).toEqual([]);
  });
});
