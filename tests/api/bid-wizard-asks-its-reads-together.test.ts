import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysePath } from '../../bench/critical-path.js';
import { client, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

/**
 * With a back office that takes its time on every call, each screen of the bid wizard waits for one
 * round trip: what a step reads of its own (the embedded bid's limit, the simulation) depends on
 * the draft alone and is asked together with the rules and the quota, as the introduction asks
 * the rules and the quota together. Before, each waited for the one before it.
 */
const profile = join(mkdtempSync(join(tmpdir(), 'bid-waves-')), 'every-call-40-ms.json');
writeFileSync(profile, JSON.stringify({ description: 'every call 40 ms, no errors', default: { p50: 40, p95: 40, p99: 40, errorRate: 0 } }));
const stack = useStack({ SANDBOX_LATENCY: profile, SANDBOX_LATENCY_SEED: '1' });

interface Stamped {
  endpoint?: string;
  startedAt: number;
  endedAt: number;
}

/** The waves of back-office calls one screen made. */
async function wavesOf(c: ReturnType<typeof client>, path: string): Promise<{ waves: string[][]; text: string }> {
  await stack.sandbox.clearCalls();
  const { body } = await c.screen(path);
  const calls = (await stack.sandbox.calls()) as unknown as Stamped[];
  const { waves } = analysePath(calls.map((call) => ({ name: call.endpoint ?? '?', startedAt: call.startedAt, endedAt: call.endedAt })));
  return { waves: waves.map((wave) => wave.map((call) => call.name).sort()), text: screenText(body) };
}

describe('the bid wizard with a slow back office', () => {
  it('asks each screen’s reads in one wave: the introduction, the embedded bid’s limit and the summary’s simulation', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');

    const intro = await wavesOf(c, '/offers-and-bids-introduction');
    expect(intro.waves).toHaveLength(1);
    expect(intro.waves[0]).toEqual(expect.arrayContaining(['bids.rules']));

    expect((await c.action('bids/step', { passo: 'type', modalidade: 'LL', tipoOferta: 'VL', valor: '20.000,00' })).body.to).toBe('/offers-and-bids?passo=builtin');
    const builtin = await wavesOf(c, '/offers-and-bids?passo=builtin');
    expect(builtin.text).toContain('Você pode embutir até R$ 20.000,00 nesta oferta.');
    expect(builtin.waves).toHaveLength(1);
    expect(builtin.waves[0]).toEqual(expect.arrayContaining(['bids.rules', 'bids.embeddedLimit']));

    const summary = await wavesOf(c, '/offers-and-bids?passo=summary');
    expect(summary.text).toContain('Saldo devedor se contemplado');
    expect(summary.waves).toHaveLength(1);
    expect(summary.waves[0]).toEqual(expect.arrayContaining(['bids.rules', 'bids.simulate']));
  });
});
