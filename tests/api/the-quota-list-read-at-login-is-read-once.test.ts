import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEXT_SCREEN_HEADER, NEXT_SCREEN_INLINE } from '../../screens/contract/index.js';
import { client, screenText } from '../helpers/api-client.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

/**
 * The login reads the quota list ahead without waiting for it; the list's screen, composed in the
 * login's answer or asked for after it, takes the read under way: one call to the back office.
 */
const profile = join(mkdtempSync(join(tmpdir(), 'list-once-')), 'slow-list.json');
writeFileSync(
  profile,
  JSON.stringify({ description: 'every call 20 ms, the quota list 300 ms, no errors', default: { p50: 20, p95: 20, p99: 20, errorRate: 0 }, endpoints: { 'quotas.list': { p50: 300, p95: 300, p99: 300, errorRate: 0 } } }),
);
const stack = useStack({ SANDBOX_LATENCY: profile, SANDBOX_LATENCY_SEED: '1' });

const listCalls = async () => ((await stack.sandbox.calls()) as unknown as Array<{ endpoint?: string }>).filter((call) => call.endpoint === 'quotas.list').length;

describe('the quota list read at login', () => {
  it('is read once when the login’s answer brings the list', async () => {
    await stack.sandbox.clearCalls();
    const carla = persona('carla');
    const c = client(stack.baseUrl, undefined, { [NEXT_SCREEN_HEADER]: NEXT_SCREEN_INLINE });
    const res = await c.action('auth/login', { modo: 'documento', documento: carla.document, senha: carla.password });
    expect(screenText(res.body.screen)).toContain('Acompanhar esta cota');
    expect(await listCalls()).toBe(1);
  });

  it('is read once when the list is asked for right after a login that does not bring it', async () => {
    await stack.sandbox.clearCalls();
    const c = client(stack.baseUrl);
    await c.login('bruno');
    expect(screenText((await c.screen('/groups-and-quotas')).body)).toContain('Acompanhar esta cota');
    expect(await listCalls()).toBe(1);
  });
});
