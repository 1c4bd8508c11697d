import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LatencySampler, REALISTIC_LATENCY, latencyAt, loadLatencyProfile, normalQuantile } from './latency.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-latency-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `content` (JSON unless a string) as a profile file; its path. */
function profileFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

/** The q-quantile of sorted draws (nearest rank). */
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

describe('the latency distribution', () => {
  it('passes through the three percentiles exactly and grows with the quantile', () => {
    const d = { p50: 120, p95: 400, p99: 900 };
    expect(latencyAt(d, 0.5)).toBeCloseTo(120, 6);
    expect(latencyAt(d, 0.95)).toBeCloseTo(400, 6);
    expect(latencyAt(d, 0.99)).toBeCloseTo(900, 6);
    const us = [0.001, 0.1, 0.3, 0.5, 0.7, 0.9, 0.95, 0.97, 0.99, 0.999];
    const waits = us.map((u) => latencyAt(d, u));
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
  });

  it('draws waits whose p50, p95 and p99 over 20 000 draws are those of the profile (within 5 %), for every distribution of `realistic`', () => {
    const sampler = new LatencySampler(REALISTIC_LATENCY, 20261128);
    for (const name of [undefined, 'session.login', 'crmCases.create']) {
      const d = sampler.distributionOf(name);
      const draws = Array.from({ length: 20_000 }, () => sampler.draw(name).delayMs).sort((a, b) => a - b);
      for (const [q, expected] of [[0.5, d.p50], [0.95, d.p95], [0.99, d.p99]] as const) {
        expect(Math.abs(percentile(draws, q) - expected) / expected, `${name ?? 'default'} p${q * 100}: ${percentile(draws, q).toFixed(1)} for ${expected}`).toBeLessThan(0.05);
      }
      expect(draws[0]).toBeGreaterThan(0);
    }
  });

  it('is the same under the same seed, and a fixed profile waits its one value', () => {
    const a = new LatencySampler(REALISTIC_LATENCY, 7);
    const b = new LatencySampler(REALISTIC_LATENCY, 7);
    const draws = (s: LatencySampler) => Array.from({ length: 50 }, () => s.draw('quotas.list'));
    expect(draws(a)).toEqual(draws(b));
    const fixed = new LatencySampler({ endpoints: { 'quotas.list': { p50: 30, p95: 30, p99: 30 } } }, 1);
    expect(new Set(Array.from({ length: 100 }, () => Math.round(fixed.draw('quotas.list').delayMs * 1e6) / 1e6))).toEqual(new Set([30]));
    expect(fixed.draw('slips.secondCopy')).toEqual({ delayMs: 0, fails: false });
  });

  it('fails the share of calls its error rate says (seeded, 20 000 draws)', () => {
    const sampler = new LatencySampler({ default: { p50: 0, p95: 0, p99: 0, errorRate: 0.05 }, endpoints: { 'session.login': { p50: 0, p95: 0, p99: 0, errorRate: 0.005 }, 'quotas.list': { p50: 1, p95: 2, p99: 3 } } }, 42);
    const failures = (name: string) => Array.from({ length: 20_000 }, () => sampler.draw(name)).filter((d) => d.fails).length;
    // 5 % of 20 000 = 1 000 (σ ≈ 31); 0.5 % = 100 (σ ≈ 10).
    expect(failures('slips.secondCopy')).toBeGreaterThan(880);
    expect(failures('slips.secondCopy')).toBeLessThan(1120);
    expect(failures('session.login')).toBeGreaterThan(60);
    expect(failures('session.login')).toBeLessThan(140);
    // An endpoint's entry without its own rate takes the default's.
    expect(sampler.distributionOf('quotas.list').errorRate).toBe(0.05);
    expect(new LatencySampler({ endpoints: { 'quotas.list': { p50: 5, p95: 5, p99: 5 } } }).distributionOf('quotas.list').errorRate).toBe(0);
  });
});

describe('SANDBOX_LATENCY', () => {
  it('is none when unset or `none`, and the documented assumption when `realistic`', () => {
    expect(new LatencySampler(loadLatencyProfile(undefined)).active).toBe(false);
    expect(new LatencySampler(loadLatencyProfile('none')).active).toBe(false);
    const realistic = new LatencySampler(loadLatencyProfile('realistic'));
    expect(realistic.active).toBe(true);
    expect(realistic.distributionOf('quotas.list')).toEqual({ p50: 120, p95: 400, p99: 900, errorRate: 0.005 });
    expect(realistic.distributionOf('session.login')).toMatchObject({ p50: 250, errorRate: 0.005 });
  });

  it('reads a file: its endpoints override, the rest follows its default', () => {
    const path = profileFile('fast-core.json', { description: 'a test', default: { p50: 10, p95: 20, p99: 40, errorRate: 0.01 }, endpoints: { 'slips.secondCopy': { p50: 200, p95: 500, p99: 800, errorRate: 0 } } });
    const sampler = new LatencySampler(loadLatencyProfile(path));
    expect(sampler.distributionOf('slips.secondCopy')).toEqual({ p50: 200, p95: 500, p99: 800, errorRate: 0 });
    expect(sampler.distributionOf('quotas.list')).toEqual({ p50: 10, p95: 20, p99: 40, errorRate: 0.01 });
    expect(sampler.distributionOf(undefined)).toEqual({ p50: 10, p95: 20, p99: 40, errorRate: 0.01 });
  });

  it('refuses a file that is not a profile, naming the file and the field', () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['order.json', { default: { p50: 100, p95: 50, p99: 900 } }, /order\.json.*default\.p95: p95 must be at least p50/],
      ['typo.json', { endpoints: { 'session.logn': { p50: 1, p95: 2, p99: 3 } } }, /typo\.json.*endpoints\.session\.logn: no endpoint of the contract is named 'session\.logn'/],
      ['field.json', { default: { p50: 1, p90: 2, p95: 2, p99: 3 } }, /field\.json.*default: Unrecognized key: "p90"/],
      ['rate.json', { default: { p50: 1, p95: 2, p99: 3, errorRate: 5 } }, /rate\.json.*default\.errorRate/],
      ['missing.json', { endpoints: { 'quotas.list': { p50: 1, p99: 3 } } }, /missing\.json.*endpoints\.quotas\.list\.p95/],
      ['broken.json', '{ "default": ', /broken\.json: not JSON/],
    ];
    for (const [name, content, message] of cases) expect(() => loadLatencyProfile(profileFile(name, content)), name).toThrow(message);
    expect(() => loadLatencyProfile(join(dir, 'absent.json'))).toThrow(/cannot read the profile file .*absent\.json.*none, realistic or the path/);
  });
});
