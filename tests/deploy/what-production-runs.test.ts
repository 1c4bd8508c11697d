import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMPILED_SERVER, IMAGE_NODE_FLAGS } from '../../bench/processes.js';
import { loadConfig } from '../../server/src/config.js';
import { containersOf, kustomize, type K8sObject } from '../helpers/kustomize.js';
import { PRODUCTION_PROVIDER, productionSecrets } from '../helpers/production-secrets.js';

/**
 * What the production image holds and how the cluster starts it: no source-control metadata, no
 * tests or development dependencies, and no debugging switched on. OWASP ASVS 5.0 V13.4.1, V13.4.2.
 */
const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The Dockerfile's stages by name (`FROM … AS name`), in order; the last is the image that runs. */
function stages(): Map<string, string> {
  return new Map(read('Dockerfile').split(/^FROM /m).slice(1).map((stage) => [/^\S+ AS (\w+)/.exec(stage)?.[1] ?? '', stage]));
}

function runtimeStage(): string {
  return [...stages().values()].at(-1)!;
}

describe('what production runs', () => {
  it('ships no source-control metadata, tests or development dependencies in the image', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining(['.git', 'node_modules']));
    const runtime = runtimeStage();
    expect(runtime).toMatch(/^\$\{NODE_IMAGE\} AS runtime/);
    // Only the lock files, the compiled server with what it imports and reads, the built renderer
    // and the SBOM reach the running image: not the compiled sandbox, nor its fixtures.
    expect([...runtime.matchAll(/^COPY (.+)$/gm)].map((m) => m[1])).toEqual([
      'package.json package-lock.json ./',
      '--from=builder /app/build/server ./build/server',
      '--from=builder /app/build/back-office ./build/back-office',
      '--from=builder /app/build/screens ./build/screens',
      '--from=builder /app/build/renderer ./build/renderer',
      '--from=builder /app/dist ./dist',
      '--from=builder /app/sbom.cdx.json ./sbom.cdx.json',
    ]);
    expect(runtime).toMatch(/npm ci --omit=dev --no-audit --no-fund && npm cache clean --force/);
    expect(runtime).not.toMatch(/sandbox/i);
    // The compiled server leaves every test file out.
    const build = JSON.parse(read('tsconfig.build.json')) as { exclude: string[] };
    expect(build.exclude).toEqual(expect.arrayContaining(['**/*.test.ts', '**/*.test.tsx']));
  });

  it('switches on no debugging: no inspector, no bench routes, no debug logging, no screen validation', () => {
    const runtime = runtimeStage();
    expect(runtime).not.toMatch(/--inspect|--debug|BENCH_ROUTES|NODE_OPTIONS|LOG_LEVEL=(debug|trace)/);
    expect(runtime).toMatch(/APP_ENV=production/);
    for (const overlay of ['production', 'staging']) {
      const objects = kustomize(join(ROOT, `deploy/kubernetes/overlays/${overlay}`));
      const maps = objects.filter((o): o is K8sObject & { data: Record<string, string> } => o.kind === 'ConfigMap');
      const env: Record<string, string> = Object.assign({}, ...maps.map((m) => m.data));
      for (const c of objects.filter((o) => o.kind === 'Deployment').flatMap(containersOf)) {
        for (const v of (c.env as Array<{ name: string; value?: string }> | undefined) ?? []) if (v.value !== undefined) env[v.name] = v.value;
        expect(JSON.stringify(c.command ?? []) + JSON.stringify(c.args ?? []), overlay).not.toMatch(/inspect|debug/);
      }
      expect(env.APP_ENV, overlay).toBe('production');
      expect(env.BENCH_ROUTES ?? 'false', overlay).toBe('false');
      expect(env.VALIDATE_SCREENS ?? 'false', overlay).toBe('false');
      // Staging may log at debug level (redaction still applies); production does not.
      if (overlay === 'production') {
        expect(['info', 'warn', 'error'], overlay).toContain(env.LOG_LEVEL ?? 'info');
        expect(env.LOG_LEVELS ?? '', overlay).not.toMatch(/debug|trace/);
      }
      expect(env.NODE_OPTIONS ?? '', overlay).not.toMatch(/inspect/);
    }
    const production = loadConfig({ APP_ENV: 'production', UPSTREAM_URL: 'https://backoffice.example', ...productionSecrets(), ...PRODUCTION_PROVIDER, ALLOWED_HOSTS: 'consorcio.aurora.example', OPS_HOST: 'ops.consorcio.example' });
    expect({ validateScreens: production.validateScreens, bench: production.BENCH_ROUTES, personas: production.opsPreviewPersonas }).toEqual({ validateScreens: false, bench: false, personas: null });
  });

  it('starts the compiled server with the Node.js flags the bench and the soak measure it with', () => {
    const cmd = /^CMD (\[.+\])$/m.exec(runtimeStage())?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...IMAGE_NODE_FLAGS, COMPILED_SERVER]);
  });

  it('builds every stage from the base image pinned by its digest', () => {
    const pinned = /^ARG NODE_IMAGE=(\S+)$/m.exec(read('Dockerfile'))?.[1];
    expect(pinned).toMatch(/^node:24-bookworm-slim@sha256:[0-9a-f]{64}$/);
    expect([...stages().values()].map((stage) => stage.split(' ')[0])).toEqual(['${NODE_IMAGE}', '${NODE_IMAGE}', '${NODE_IMAGE}']);
  });

  it('keeps the sandbox in a stage of its own (`--target sandbox`), with its own packages', () => {
    const sandbox = stages().get('sandbox')!;
    expect(sandbox).toMatch(/npm ci --omit=dev/);
    // Its own packages, named in package.json and pinned in devDependencies, installed at those versions.
    expect(sandbox).toMatch(/npm install --no-save --omit=dev --save-prod .*p\.sandboxDependencies\.map\(\(name\) => name \+ '@' \+ p\.devDependencies\[name\]\)/);
    expect(sandbox).toMatch(/^CMD \["node", "build\/sandbox\/src\/main\.js"\]$/m);
    const compose = parse(read('docker-compose.yml')) as { services: Record<string, { build?: { context: string; target: string } }> };
    expect(compose.services.sandbox!.build).toEqual({ context: '.', target: 'sandbox' });
    expect(compose.services.server!.build).toEqual({ context: '.', target: 'runtime' });
    expect(compose.services.migrate!.build).toEqual({ context: '.', target: 'runtime' });
  });

  it('installs every package from the npm registry at an exact version, checked by its integrity hash', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const specs = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies });
    expect(specs.filter(([, version]) => !/^\d+\.\d+\.\d+$/.test(version))).toEqual([]);
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { resolved?: string; integrity?: string; link?: boolean }> };
    const installed = Object.entries(lock.packages).filter(([path, p]) => path !== '' && !p.link);
    expect(installed.length).toBeGreaterThan(100);
    expect(installed.filter(([, p]) => !p.integrity?.startsWith('sha512-')).map(([path]) => path)).toEqual([]);
    expect(installed.filter(([, p]) => p.resolved !== undefined && !p.resolved.startsWith('https://registry.npmjs.org/')).map(([path]) => path)).toEqual([]);
  });
});
