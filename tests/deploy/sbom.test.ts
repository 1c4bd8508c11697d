import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * The SBOM the image carries (`npm run sbom`, CycloneDX, written in the Dockerfile's builder and
 * copied to /app/sbom.cdx.json): what a platform team reads to know what runs. It must list every
 * package `npm ci --omit=dev` installs from package-lock.json, each with its licence, and nothing
 * the production image does not hold — the sandbox's packages least of all.
 */
const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface LockEntry {
  version: string;
  license?: string;
  dev?: boolean;
}
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
const manifest = JSON.parse(read('package.json')) as { name: string; version: string; devDependencies: Record<string, string>; dependencies: Record<string, string>; sandboxDependencies: string[] };

const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/**
 * The production tree, `name@version` → licence: every lock entry npm ci --omit=dev installs. An
 * entry marked `devOptional` (an optional peer of a production package that a development one also
 * needs) is installed too: npm leaves it out only when optional ones are omitted as well.
 */
function productionTree(): Map<string, string | undefined> {
  const tree = new Map<string, string | undefined>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith('node_modules/') && !entry.dev) tree.set(`${nameOf(path)}@${entry.version}`, entry.license);
  }
  return tree;
}

interface Component {
  name: string;
  group?: string;
  version: string;
  purl: string;
  licenses?: Array<{ license?: { id?: string; name?: string }; expression?: string }>;
  components?: Component[];
}
const Sbom = z.looseObject({
  bomFormat: z.literal('CycloneDX'),
  specVersion: z.string(),
  metadata: z.looseObject({ component: z.looseObject({ name: z.string(), version: z.string() }) }),
  components: z.array(z.custom<Component>((c) => typeof c === 'object' && c !== null && 'name' in c && 'version' in c)),
});

/** Every component, nested ones included, `name@version` → its licence as SPDX text. */
function listed(components: Component[], into = new Map<string, string>()): Map<string, string> {
  for (const c of components) {
    const licence = (c.licenses ?? []).map((l) => l.expression ?? l.license?.id ?? l.license?.name ?? '').join(' AND ');
    into.set(`${c.group ? `${c.group}/` : ''}${c.name}@${c.version}`, licence);
    listed(c.components ?? [], into);
  }
  return into;
}

let sbom: z.infer<typeof Sbom>;
const out = mkdtempSync(join(tmpdir(), 'sbom-'));
beforeAll(() => {
  const file = join(out, 'sbom.cdx.json');
  const run = spawnSync('npm', ['run', 'sbom', '--', '--output-file', file], { cwd: ROOT, encoding: 'utf8' });
  expect(run.status, `${run.error ?? ''}${run.stderr}`).toBe(0);
  sbom = Sbom.parse(JSON.parse(readFileSync(file, 'utf8')));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the SBOM of the production image (npm run sbom)', () => {
  it('is CycloneDX 1.6 and names the product and its release', () => {
    expect(sbom.specVersion).toBe('1.6');
    expect(sbom.metadata.component).toMatchObject({ name: manifest.name, version: manifest.version });
  });

  it('lists every package of the lock file’s production tree, each with its licence, and nothing else', () => {
    const tree = productionTree();
    const inSbom = listed(sbom.components);
    expect(tree.size).toBeGreaterThan(100);
    expect([...tree.keys()].filter((key) => !inSbom.has(key))).toEqual([]);
    expect([...inSbom.keys()].filter((key) => !tree.has(key))).toEqual([]);
    for (const [key, licence] of tree) {
      expect(licence, `${key} declares no licence in package-lock.json`).toBeTruthy();
      expect(inSbom.get(key), key).toBe(licence);
    }
  });

  it('holds none of the sandbox’s own packages, nor what only they bring', () => {
    const inSbom = listed(sbom.components);
    expect(manifest.sandboxDependencies.length).toBeGreaterThan(0);
    for (const name of manifest.sandboxDependencies) {
      expect(lock.packages[`node_modules/${name}`]?.dev, name).toBe(true);
      expect([...inSbom.keys()].filter((key) => key.startsWith(`${name}@`)), name).toEqual([]);
    }
    // pdfkit's font engine and multipart's parser come with them only.
    for (const name of ['fontkit', '@fastify/busboy']) expect([...inSbom.keys()].filter((key) => key.startsWith(`${name}@`)), name).toEqual([]);
  });
});
