import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

const WARNINGS = 'parceiros/1/warnings';
const warning = (text: string) => ({ startDate: '2000-01-01', startHour: '00:00', endDate: '2999-12-31', endHour: '23:59', active: true, text });
const bannerOf = (doc: { layout: unknown[] }) => findAll(doc.layout, (n) => n.type === 'banner')[0]?.text as string | undefined;
const callsTo = async (path: string) => (await stack.sandbox.calls()).filter((call) => call.path === path);

/** Customers of partner 1 whose first quota opens on home. */
const CUSTOMERS = ['ana', 'bruno', 'carla', 'fernanda'];

describe('back-office answers read once, shared and kept (docs/back-office-cache.md)', () => {
  it('opens a second home in the same minute with fewer back-office calls, and the same screen', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await stack.sandbox.clearCalls();
    const first = await c.screen('/home');
    const firstCalls = (await stack.sandbox.calls()).map((call) => call.path);
    await stack.sandbox.clearCalls();
    const second = await c.screen('/home');
    const secondCalls = (await stack.sandbox.calls()).map((call) => call.path);

    expect(firstCalls).toEqual(expect.arrayContaining([WARNINGS, 'util/datahoraatual']));
    expect(secondCalls).not.toContain(WARNINGS);
    expect(secondCalls).not.toContain('util/datahoraatual');
    expect(secondCalls.length).toBeLessThan(firstCalls.length);
    expect(screenText(second.body)).toBe(screenText(first.body));
  });

  it('makes one warnings call for a hundred customers of one partner opening home together', async () => {
    const sessions = [];
    for (let i = 0; i < 100; i++) {
      const c = client(stack.baseUrl);
      await c.loginWithQuota(CUSTOMERS[i % CUSTOMERS.length]!);
      sessions.push(c);
    }
    // New warnings (what was kept of the old ones is forgotten), which the back office takes a while to answer.
    await stack.sandbox.setWarnings(1, [warning('Manutenção programada: cem clientes.')]);
    await stack.sandbox.fault({ method: 'GET', path: WARNINGS, delayMs: 300, times: 1 });
    await stack.sandbox.clearCalls();

    const homes = await Promise.all(sessions.map((c) => c.screen('/home')));

    expect(homes.map((home) => bannerOf(home.body))).toEqual(Array(100).fill('Manutenção programada: cem clientes.'));
    expect(await callsTo(WARNINGS)).toHaveLength(1);
    expect((await callsTo('util/datahoraatual')).length).toBeLessThanOrEqual(1);
  });

  it('shows a new nickname on the quota list at once, though the list is kept', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    expect(screenText((await c.screen('/groups-and-quotas')).body)).not.toContain('Casa de praia');
    await stack.sandbox.clearCalls();
    await c.screen('/groups-and-quotas');
    expect(await callsTo('cotas')).toHaveLength(0);

    expect((await c.action('quotas/nickname', { apelido: 'Casa de praia' })).body).toMatchObject({ kind: 'snackbar' });

    expect(screenText((await c.screen('/groups-and-quotas')).body)).toContain('Casa de praia');
    expect(await callsTo('cotas')).toHaveLength(1);
    await c.action('quotas/nickname', { apelido: '' });
  });

  it('serves a stale answer while one background call refreshes it, then the fresh one', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await stack.sandbox.setWarnings(1, [warning('Aviso de antes.')]);
    await stack.sandbox.clearCalls();
    expect(bannerOf((await c.screen('/home')).body)).toBe('Aviso de antes.');
    // The back office changes its warnings on its own, and its next answer of them takes 2 s
    // (set in the sandbox's memory: no control route, nothing tells the server).
    const backOffice = stack.sandboxApp.sandboxContext!;
    backOffice.state.warnings.set(1, [warning('Aviso de agora.')]);
    backOffice.faults.add({ method: 'GET', path: WARNINGS, delayMs: 2_000, times: 1 });
    // Forty seconds on: past the warnings' refresh time (30 s), within their life (60 s).
    const clock = stack.app.upstream.kept!.clock;
    const ownNow = clock.now;
    clock.now = () => Date.now() + 40_000;
    try {
      const stale = await Promise.all([c.screen('/home'), c.screen('/home'), c.screen('/home')]);
      expect(stale.map((home) => bannerOf(home.body))).toEqual(['Aviso de antes.', 'Aviso de antes.', 'Aviso de antes.']);
      // One refresh is on its way (the back office has not answered it yet).
      const [, refresh, ...more] = (await callsTo(WARNINGS)) as Array<{ endedAt?: number }>;
      expect(refresh).toBeDefined();
      expect(refresh!.endedAt).toBeUndefined();
      expect(more).toEqual([]);

      // The refresh lands: the next home reads the new warnings, and no other call was made.
      await expect.poll(async () => bannerOf((await c.screen('/home')).body), { timeout: 10_000, interval: 200 }).toBe('Aviso de agora.');
      expect(await callsTo(WARNINGS)).toHaveLength(2);
    } finally {
      clock.now = ownNow;
    }
  });
});
