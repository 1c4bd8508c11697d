import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSandbox, type BuildSandboxOptions } from '../../sandbox/src/app.js';

/** The headers every contract call carries (the sandbox's own API client). */
const CLIENT = { client_id: 'app-cliente-web', app_version: '1.70.00', platform: 'web' };

const started: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of started.splice(0)) await app.close();
});

/** A sandbox listening on loopback with `options`; its origin. */
async function sandbox(options: BuildSandboxOptions): Promise<string> {
  const app = await buildSandbox({ logger: false, ...options });
  started.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

interface Call {
  path: string;
  endpoint?: string;
  startedAt: number;
  endedAt?: number;
  profileDelayMs?: number;
}
const callsOf = async (origin: string) => ((await (await fetch(`${origin}/__sandbox/calls`)).json()) as { data: Call[] }).data;

describe('the sandbox under a latency profile (SANDBOX_LATENCY)', () => {
  it('delays the one endpoint a tiny fixed profile names, and stamps each call with when it came and when it was answered', async () => {
    const origin = await sandbox({ latency: { endpoints: { 'partners.versions': { p50: 30, p95: 30, p99: 30 } } }, latencySeed: 1 });
    const started = performance.now();
    const versions = await fetch(`${origin}/app-cliente/v1/versoes`, { headers: CLIENT });
    await versions.arrayBuffer();
    expect(versions.status).toBe(200);
    // A lower bound only: a loaded machine answers later, never sooner.
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);

    const partners = await fetch(`${origin}/app-cliente/v1/parceiros`, { headers: CLIENT });
    expect(partners.status).toBe(200);

    const [versoes, parceiros] = await callsOf(origin);
    expect(versoes).toMatchObject({ path: 'versoes', endpoint: 'partners.versions', profileDelayMs: 30 });
    expect(versoes!.endedAt! - versoes!.startedAt).toBeGreaterThanOrEqual(25);
    expect(parceiros).toMatchObject({ path: 'parceiros', endpoint: 'partners.list', profileDelayMs: 0 });
    expect(parceiros!.startedAt).toBeGreaterThanOrEqual(versoes!.endedAt!);
    expect(parceiros!.endedAt).toBeGreaterThanOrEqual(parceiros!.startedAt);
  });

  it('answers an injected error as it answers a fault: 503 with the simulated failure', async () => {
    const origin = await sandbox({ latency: { endpoints: { 'partners.versions': { p50: 0, p95: 0, p99: 0, errorRate: 1 } } } });
    const failed = await fetch(`${origin}/app-cliente/v1/versoes`, { headers: CLIENT });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('x-sandbox-fault')).toBe('1');
    expect(await failed.json()).toEqual({ message: 'Falha simulada pelo sandbox.', code: 'SIMULATED_FAILURE' });
    expect((await fetch(`${origin}/app-cliente/v1/parceiros`, { headers: CLIENT })).status).toBe(200);
  });

  it('counts the errors it injected, by endpoint, for a long run to compare with the answers that failed', async () => {
    const origin = await sandbox({ latency: { endpoints: { 'partners.versions': { p50: 0, p95: 0, p99: 0, errorRate: 1 } } } });
    for (let k = 0; k < 3; k++) await (await fetch(`${origin}/app-cliente/v1/versoes`, { headers: CLIENT })).arrayBuffer();
    await (await fetch(`${origin}/app-cliente/v1/parceiros`, { headers: CLIENT })).arrayBuffer();
    const { injected } = (await (await fetch(`${origin}/__sandbox/latency`)).json()) as { injected: { total: number; byEndpoint: Record<string, number> } };
    expect(injected).toEqual({ total: 3, byEndpoint: { 'partners.versions': 3 } });
  });

  it('never delays its control routes, whatever the profile', async () => {
    // Every contract call would wait a minute; the control routes answer (the ceiling only catches a wait of the profile's size).
    const origin = await sandbox({ latency: { default: { p50: 60_000, p95: 60_000, p99: 60_000 } } });
    for (const path of ['calls', 'faults', 'personas', 'clock', 'latency']) {
      const res = await fetch(`${origin}/__sandbox/${path}`, { signal: AbortSignal.timeout(30_000) });
      expect(res.status, path).toBe(200);
    }
    const { active, profile } = (await (await fetch(`${origin}/__sandbox/latency`)).json()) as { active: boolean; profile: { default: { p50: number } } };
    expect(active).toBe(true);
    expect(profile.default.p50).toBe(60_000);
  });

  it('keeps no profile by default (npm start), and refuses one that is not a profile', async () => {
    const origin = await sandbox({});
    await fetch(`${origin}/app-cliente/v1/versoes`, { headers: CLIENT });
    const [call] = await callsOf(origin);
    expect(call).toMatchObject({ path: 'versoes', endpoint: 'partners.versions' });
    expect(call!.profileDelayMs).toBeUndefined();
    expect((await (await fetch(`${origin}/__sandbox/latency`)).json()).active).toBe(false);
    await expect(buildSandbox({ latency: { default: { p50: 10, p95: 5, p99: 20 } } })).rejects.toThrow(/the latency option is not a latency profile: default\.p95: p95 must be at least p50/);
  });
});
