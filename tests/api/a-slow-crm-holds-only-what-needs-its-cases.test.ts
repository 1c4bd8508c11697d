import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { client, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

/**
 * With a CRM slower than the core system (as the realistic profile assumes), what does not depend
 * on the customer's cases is asked while they are on their way: the quota list the login leads to
 * (it needs the token alone), and home's billing statuses and open instalments (they depend on the
 * quota and the day).
 */
const profile = join(mkdtempSync(join(tmpdir(), 'home-waves-')), 'slow-crm.json');
writeFileSync(
  profile,
  JSON.stringify({ description: 'core 30 ms, CRM 400 ms, no errors', default: { p50: 30, p95: 30, p99: 30, errorRate: 0 }, endpoints: { 'crm.cases': { p50: 400, p95: 400, p99: 400, errorRate: 0 } } }),
);
const stack = useStack({ SANDBOX_LATENCY: profile, SANDBOX_LATENCY_SEED: '1' });

interface Stamped {
  endpoint?: string;
  startedAt: number;
  endedAt: number;
}

describe('a CRM slower than the core system', () => {
  it('holds the login for the cases, not the quota list it leads to: read beside them, and kept for its screen', async () => {
    const c = client(stack.baseUrl);
    await stack.sandbox.clearCalls();
    await c.login('carla');
    const calls = (await stack.sandbox.calls()) as unknown as Stamped[];
    const cases = calls.find((call) => call.endpoint === 'crm.cases');
    const list = calls.find((call) => call.endpoint === 'quotas.list');
    expect(cases).toBeDefined();
    expect(list?.startedAt).toBeLessThan(cases!.endedAt);
    await stack.sandbox.clearCalls();
    expect(screenText((await c.screen('/groups-and-quotas')).body)).toContain('Acompanhar esta cota');
    expect((await stack.sandbox.calls()).map((call) => (call as unknown as Stamped).endpoint)).not.toContain('quotas.list');
  });


  it('lets home ask the open instalments and the billing statuses while the cases are still on their way, and shows them all', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    await stack.sandbox.clearCalls();
    const home = await c.screen('/home');
    expect(screenText(home.body)).toContain('Olá, Ana');
    const calls = (await stack.sandbox.calls()) as unknown as Stamped[];
    const cases = calls.find((call) => call.endpoint === 'crm.cases');
    const afterQuota = calls.filter((call) => ['slips.secondCopy', 'cashBilling.status', 'vehicleBilling.status'].includes(call.endpoint ?? ''));
    expect(cases).toBeDefined();
    expect(afterQuota.map((call) => call.endpoint).sort()).toEqual(['cashBilling.status', 'slips.secondCopy', 'vehicleBilling.status']);
    for (const call of afterQuota) expect(call.startedAt, `${call.endpoint} started after the cases ended`).toBeLessThan(cases!.endedAt);
  });
});
