/**
 * Every file or folder of the repository that a docs page names by its path (`server/src/…`,
 * `back-office/…`, `screens/…`, `sandbox/src/…`, `renderer/src/…`, `tests/…`, `scripts/…`,
 * `bench/…`, `deploy/…`) exists: a page that names a path that moved or was removed fails here.
 * Paths inside a build folder (`build/server/src/main.js`) and URLs (`/bench/hello`) are not files
 * of the repository; a pattern (`<area>`, `part-{1,2}`, `used-vehicle-*`) or a test filter names the
 * beginning of a file's name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROOMS = ['server/src', 'back-office', 'screens', 'sandbox/src', 'sandbox/fixtures', 'renderer/src', 'tests', 'scripts', 'bench', 'deploy'];
const NAMED = new RegExp(`(?<![\\w./-])(?:${ROOMS.map((r) => r.replace('/', '\\/')).join('|')})\\/[\\w./-]*[\\w/]`, 'g');

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'spec' ? [] : pages(join(dir, e.name))) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
}

/** The path as a file of the sources: a compiled name (`.js`) stands for its `.ts`. */
const exists = (path: string) => existsSync(join(ROOT, path)) || (path.endsWith('.js') && (existsSync(join(ROOT, path.replace(/\.js$/, '.ts'))) || existsSync(join(ROOT, path.replace(/\.js$/, '.tsx')))));

/** Whether a file of the path's folder begins with its last name (a pattern or a test filter cut there). */
const begins = (path: string) => existsSync(join(ROOT, dirname(path))) && readdirSync(join(ROOT, dirname(path))).some((name) => name.startsWith(basename(path)));

describe('paths named in docs/', () => {
  it('name files and folders that exist', () => {
    const missing: string[] = [];
    for (const page of [...pages(join(ROOT, 'docs')), join(ROOT, 'README.md')]) {
      const text = readFileSync(page, 'utf8');
      for (const match of text.matchAll(NAMED)) {
        const path = match[0].replace(/[./]+$/, '');
        if (/[<>]/.test(text.slice(match.index, match.index + match[0].length + 1))) continue;
        if (!exists(path) && !begins(path)) missing.push(`${page.slice(ROOT.length)}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
