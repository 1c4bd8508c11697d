import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../server/src/composition/definitions.js';
import { client, findAll } from '../helpers/api-client.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
let brunoQuota: number;
beforeAll(async () => {
  stack = await startStack();
  const bruno = client(stack.baseUrl);
  await bruno.login('bruno');
  const list = await bruno.screen('/groups-and-quotas');
  brunoQuota = findAll(list.body.layout, (n) => n.type === 'card' && n.id?.startsWith('cota-'))[0].action.action.payload.idCota;
});
afterAll(async () => stack?.close());

/** Quota-scoped routes of the route table: those that take a quota id in the path. */
const quotaRoutes = loadDefinitions()
  .routes.filter((r) => 'screen' in r && r.access === 'protected')
  .map((r) => r.path)
  .filter((path) => /:(idCota|cota|quota)\b/.test(path));

describe('another customer’s quota', () => {
  it('cannot be selected: not found, and nothing quota-scoped goes upstream', async () => {
    const ana = client(stack.baseUrl);
    await ana.login('ana');
    await ana.screen('/groups-and-quotas');
    await stack.sandbox.clearCalls();
    const res = await ana.action('quotas/select', { idCota: brunoQuota });
    expect(res.body).toMatchObject({ kind: 'error', message: 'Cota não encontrada.' });
    expect((await stack.sandbox.calls()).map((c) => c.path)).toEqual([]);
  });

  it('cannot be selected even before the quota list was seen (ids learnt from cotas/simples)', async () => {
    const ana = client(stack.baseUrl);
    await ana.login('ana');
    await stack.sandbox.clearCalls();
    const res = await ana.action('quotas/select', { idCota: brunoQuota });
    expect(res.body).toMatchObject({ kind: 'error', message: 'Cota não encontrada.' });
    expect((await stack.sandbox.calls()).map((c) => c.path)).toEqual(['cotas/simples']);
  });

  it.each(quotaRoutes.length ? quotaRoutes : ['(nenhuma rota com id de cota ainda)'])('is not found on %s, with no upstream call', async (path) => {
    if (!path.startsWith('/')) return;
    const ana = client(stack.baseUrl);
    await ana.loginWithQuota('ana');
    await stack.sandbox.clearCalls();
    const res = await ana.screen(path.replace(/:(idCota|cota|quota)\b/, String(brunoQuota)).replace(/:[a-zA-Z]+/g, '1'));
    expect(res.body.screen ?? res.body.kind).toMatch(/nao-encontrada|error/);
    expect((await stack.sandbox.calls()).some((c) => c.path.includes(String(brunoQuota)))).toBe(false);
  });
});
