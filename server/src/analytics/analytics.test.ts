import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Analytics, BrazilDay } from './analytics.js';
import type { FunnelFile } from './funnels.js';
import type { Batch } from './recorder.js';
import type { AnalyticsStore } from './store.js';

const funnels: FunnelFile = {
  flows: [
    {
      id: 'lances',
      name: 'Lances',
      definitions: ['bid-wizard'],
      steps: [
        { id: 'introducao', label: 'Introdução', screens: ['/intro'], leaves: [] },
        { id: 'type', label: 'Tipo', screens: ['/wizard?passo=type', '/wizard'], leaves: ['bids/step?passo=type'] },
        { id: 'summary', label: 'Resumo', screens: ['/wizard?passo=summary'], leaves: ['bids/confirm'] },
        { id: 'desvio', label: 'Desvio', screens: ['/manual'], leaves: [], detour: true },
      ],
    },
  ],
  notFlows: {},
};
const routes = ['/intro', '/wizard', '/manual'].map((path) => ({ path, screen: 'x', access: 'protected' as const, needsQuota: false, transparentLogin: false, mandatoryUpdateExempt: false, passwordChangeExempt: false, appUpdateExempt: false }));

/** A store that keeps what it is given, failing the writes it is told to. */
function memoryStore(failures = 0) {
  const written: Batch[] = [];
  let fail = failures;
  return {
    written,
    store: {
      async write(batch: Batch) {
        if (fail-- > 0) return batch;
        written.push(batch);
        return null;
      },
    } as unknown as AnalyticsStore,
  };
}

const request = (session: string | null, body: unknown = {}) => ({ headers: {}, session: session ? { id: session, data: { customer: { nome: 'Ana Beatriz Lima' } } } : null, body, analyticsPlace: null }) as unknown as FastifyRequest;

function analytics(store: AnalyticsStore, clock: { now: number }) {
  return new Analytics({ funnels, store, routes, version: () => 3, visitorTtlMs: 15 * 60_000, now: () => clock.now });
}

const totals = (batches: Batch[]) => {
  const out: Record<string, { arrivals: number; completions: number; failures: number }> = {};
  for (const b of batches) {
    for (const [key, c] of b.steps) {
      const step = key.split('\u001f')[2]!;
      const t = (out[step] ??= { arrivals: 0, completions: 0, failures: 0 });
      t.arrivals += c.arrivals;
      t.completions += c.completions;
      t.failures += c.failures;
    }
  }
  return out;
};

describe('counting a flow', () => {
  it('finds the step by route and query, and by action and input; what is in no flow is counted by route or name', () => {
    const a = analytics(memoryStore().store, { now: Date.UTC(2026, 10, 26, 15) });
    expect(a.steps.screen('/wizard', new URLSearchParams('passo=summary'))).toEqual({ flow: 'lances', step: 'summary' });
    expect(a.steps.screen('/wizard', new URLSearchParams(''))).toEqual({ flow: 'lances', step: 'type' });
    expect(a.steps.action('bids/step', { passo: 'type', valor: 1 })).toEqual({ flow: 'lances', step: 'type' });
    expect(a.steps.action('bids/step', { passo: 'keys' })).toEqual({ flow: '', step: 'bids/step' });
    expect(a.steps.screen('/home', new URLSearchParams())).toEqual({ flow: '', step: '/home' });
  });

  it('concludes a read step by seeing it, an answered step by its action’s way forward, never by a detour', async () => {
    const { store, written } = memoryStore();
    const a = analytics(store, { now: Date.UTC(2026, 10, 26, 15) });
    const r = request('s1');
    a.atScreen(r, 1, '/intro', new URLSearchParams());
    a.arrived(r);
    const step = request('s1', { passo: 'type' });
    a.atAction(step, 1, 'bids/step', { passo: 'type' });
    a.answered(step, { kind: 'field-errors', errors: { valor: 'Este valor é menor que o lance mínimo' } });
    a.answered(step, { kind: 'navigate', to: '/wizard?passo=summary' });
    const confirm = request('s1');
    a.atAction(confirm, 1, 'bids/confirm', {});
    a.answered(confirm, { kind: 'navigate', to: '/manual?motivo=x' });
    const retried = request('s1');
    a.atAction(retried, 1, 'bids/confirm', {});
    a.answered(retried, { kind: 'error', title: 'Ops', message: 'Sistema indisponível', retry: true });
    await a.flush();
    // The confirmation led to the detour: the summary is not concluded; the error offered for retry is a failure.
    expect(totals(written)).toEqual({ introducao: { arrivals: 1, completions: 1, failures: 0 }, type: { arrivals: 0, completions: 1, failures: 0 }, summary: { arrivals: 0, completions: 0, failures: 1 } });
    expect([...written[0]!.refusals.keys()].map((k) => k.split('\u001f').slice(1))).toEqual([['lances', 'type', '3', '1', 'web', 'valor', 'Este valor é menor que o lance mínimo']]);
  });

  it('measures the time from a visitor’s arrival at a step to the next step; a reload keeps the first arrival', async () => {
    const { store, written } = memoryStore();
    const clock = { now: Date.UTC(2026, 10, 26, 15) };
    const a = analytics(store, clock);
    const arrive = (path: string, query = '') => {
      const r = request('visitor');
      a.atScreen(r, 1, path, new URLSearchParams(query));
      a.arrived(r);
    };
    arrive('/wizard', 'passo=type');
    clock.now += 10_000;
    arrive('/wizard', 'passo=type');
    clock.now += 20_000;
    arrive('/wizard', 'passo=summary');
    await a.flush();
    const [key] = [...written[0]!.durations.keys()];
    expect(key!.split('\u001f')[2]).toBe('type');
    expect(written[0]!.durations.size).toBe(1);
    const bucket = Number(key!.split('\u001f')[6]);
    expect(Math.abs(1.1 ** bucket * (2 / 2.1) - 30_000) / 30_000).toBeLessThan(0.05);
  });

  it('keeps the counts a failed write could not store, and writes them once with the next flush', async () => {
    const { store, written } = memoryStore(1);
    const a = analytics(store, { now: Date.UTC(2026, 10, 26, 15) });
    const arrive = () => {
      const r = request(null);
      a.atScreen(r, 1, '/intro', new URLSearchParams());
      a.arrived(r);
    };
    arrive();
    arrive();
    await expect(a.flush()).rejects.toThrow(/kept for the next flush/);
    arrive();
    await a.flush();
    await a.flush();
    expect(totals(written)).toEqual({ introducao: { arrivals: 3, completions: 3, failures: 0 } });
  });

  it('counts nothing inside a quiet scope (the console previewing a persona)', async () => {
    const { store, written } = memoryStore();
    const a = analytics(store, { now: Date.UTC(2026, 10, 26, 15) });
    await a.quiet(async () => {
      const r = request('s');
      a.atScreen(r, 1, '/intro', new URLSearchParams());
      a.arrived(r);
    });
    await a.flush();
    expect(written).toEqual([]);
  });
});

describe('the day counts are kept under', () => {
  it('is the day in Brasília, which turns at 03:00 UTC', () => {
    const day = new BrazilDay();
    expect(day.at(Date.UTC(2026, 10, 27, 2, 59, 59))).toBe('2026-11-26');
    expect(day.at(Date.UTC(2026, 10, 27, 3, 0, 0))).toBe('2026-11-27');
    expect(day.at(Date.UTC(2026, 10, 27, 2, 0, 0))).toBe('2026-11-26');
  });
});

describe('an action’s input before it is checked', () => {
  it('finds no step in a body that is not plain values, without failing', () => {
    const a = analytics(memoryStore().store, { now: Date.UTC(2026, 10, 26, 15) });
    expect(a.steps.action('bids/step', { passo: { toString: 1 } })).toEqual({ flow: '', step: 'bids/step' });
    expect(a.steps.action('bids/step', ['type'])).toEqual({ flow: '', step: 'bids/step' });
    expect(a.steps.action('bids/step', null)).toEqual({ flow: '', step: 'bids/step' });
  });
});
