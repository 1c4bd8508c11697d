import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedPlugins } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { ROOT } from './import-graph.js';

/** The name fastify-plugin gave a plugin (`fp(fn, { name })`), or undefined for a bare function. */
const nameOf = (plugin: unknown): string | undefined => (plugin as Record<symbol, { name?: string } | undefined>)[Symbol.for('plugin-meta')]?.name;

const steps = sharedPlugins(loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:4010' }), {}, () => ({}));
const position = (name: string) => steps.findIndex((s) => s.name === name);

describe('the shared plugins’ load order (sharedPlugins in app.ts)', () => {
  it('names each step as its plugin is named and gives a reason for its place', () => {
    for (const step of steps) {
      expect(nameOf(step.plugin)).toBe(step.name);
      expect(step.why.length).toBeGreaterThan(20);
    }
  });

  it('places every plugin of server/src/security, marked as a security rule, and marks nothing else', async () => {
    const folder = join(ROOT, 'server/src/security');
    const modules = await Promise.all(readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => import(join(folder, f)) as Promise<{ default?: unknown }>));
    const securityPlugins = modules.map((m) => m.default).filter((d) => typeof d === 'function' && nameOf(d));
    expect(securityPlugins.map(nameOf).sort()).toEqual(steps.filter((s) => s.security).map((s) => s.name).sort());
    for (const plugin of securityPlugins) expect(steps.find((s) => s.plugin === plugin)?.security).toBe(true);
  });

  it('puts the headers before any check that may answer, and the checks of a route before its work', () => {
    const checks = ['allowed-hosts', 'api-over-https', 'console-host', 'rate-limits', 'console-access', 'csrf', 'once', 'ownership'];
    for (const check of checks) expect(position('helmet')).toBeLessThan(position(check));
    expect(position('console-host')).toBeLessThan(position('openapi'));
    // An API call over plain HTTP is refused before any check that reads its cookie or counts it.
    for (const later of ['cookie', 'rate-limits', 'console-access', 'csrf', 'fetch-metadata']) expect(position('api-over-https')).toBeLessThan(position(later));
    expect(position('rate-limits')).toBeLessThan(position('console-access'));
    expect(position('console-access')).toBeLessThan(position('csrf'));
    for (const check of ['once', 'ownership']) {
      expect(position('session')).toBeLessThan(position(check));
      expect(position(check)).toBeLessThan(position('actions'));
    }
    expect(steps.at(-1)?.name).toBe('renderer');
  });
});
