import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the production image installs (package.json `dependencies`) against what its code imports:
 * the compiled server with the back-office contract and the screen contract (tsconfig.build.json),
 * and the renderer, whose server entry loads its packages at run time (dist/renderer-ssr). The
 * sandbox runs from its own image, whose packages (`sandboxDependencies`) are development ones.
 */
const ROOT = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string>; sandboxDependencies: string[] };
const PRODUCTION_CODE = ['server/src', 'back-office', 'screens/contract', 'renderer/src'];
/** Files of those folders that the image does not run: tests, and the contract's build-time tools. */
const NOT_RUN = /\.test\.tsx?$|^screens\/contract\/(conditions-corpus|export-schema)\.ts$/;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !NOT_RUN.test(path) ? [path] : [];
  });
}

/** Module specifiers a file loads at run time (`import type` left out: it is erased). */
function specifiers(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (!m[1]) found.push((m[2] ?? m[3])!);
  }
  return found;
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or undefined for a path or a built-in. */
function packageOf(specifier: string): string | undefined {
  if (/^[./]/.test(specifier) || specifier.startsWith('node:') || builtinModules.includes(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Packages imported by the files under `dirs`, each with one file that imports it. */
function importedBy(dirs: string[]): Map<string, string> {
  const packages = new Map<string, string>();
  for (const file of dirs.flatMap(sources)) {
    for (const specifier of specifiers(file)) {
      const name = packageOf(specifier);
      if (name && !packages.has(name)) packages.set(name, file);
    }
  }
  return packages;
}

describe('production dependencies', () => {
  const production = importedBy(PRODUCTION_CODE);
  const sandbox = importedBy(['sandbox/src']);

  it('hold every package the production code imports, and the production code imports no development package', () => {
    expect(production.size).toBeGreaterThan(20);
    expect([...production].filter(([name]) => !(name in manifest.dependencies)).map(([name, file]) => `${name} (${file})`)).toEqual([]);
  });

  it('hold nothing only the sandbox uses: its own packages are development ones, named in sandboxDependencies', () => {
    const sandboxOnly = [...sandbox.keys()].filter((name) => !production.has(name)).sort();
    expect(sandboxOnly).toEqual([...manifest.sandboxDependencies].sort());
    for (const name of sandboxOnly) {
      expect(manifest.dependencies, name).not.toHaveProperty([name]);
      expect(manifest.devDependencies, name).toHaveProperty([name]);
    }
    // Everything else the sandbox imports, the production image has too.
    expect([...sandbox.keys()].filter((name) => !sandboxOnly.includes(name) && !(name in manifest.dependencies))).toEqual([]);
  });

  it('leave the sandbox out of the production code: nothing it runs imports the sandbox', () => {
    const intoSandbox = PRODUCTION_CODE.flatMap(sources).filter((file) =>
      specifiers(file).some((specifier) => specifier.startsWith('.') && relative(ROOT, join(ROOT, file, '..', specifier)).startsWith('sandbox/')),
    );
    expect(intoSandbox).toEqual([]);
  });
});
