/**
 * docs/architecture.md shows the tree as it is: every folder of server/src that holds code (test-
 * only folders aside) is named on the page, and the shared plugins are listed in the order
 * sharedPlugins() in server/src/app.ts loads them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedPlugins } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(ROOT, 'server/src');
const page = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

const isCode = (name: string) => /\.(ts|tsx|json)$/.test(name) && !/\.test\.tsx?$/.test(name);

/** Folders under server/src (any depth) with a file of code of their own, relative to it. */
function codeFolders(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const own = dir !== SERVER && entries.some((e) => e.isFile() && isCode(e.name)) ? [relative(SERVER, dir)] : [];
  return [...own, ...entries.filter((e) => e.isDirectory()).flatMap((e) => codeFolders(join(dir, e.name)))];
}

/** Whether the page names a folder: by its path (`composition/flows/`, `ops/sign-in/`), or an area by its name under capabilities/<area>/, or a child by its name indented under its parent in the tree. */
function named(folder: string): boolean {
  const parts = folder.split('/');
  for (let from = 0; from < parts.length - 1; from++) if (page.includes(`${parts.slice(from).join('/')}/`)) return true;
  const escaped = (text: string) => text.replace(/[.-]/g, '\\$&');
  if (parts.length === 1) return page.includes(`server/src/${folder}/`) || new RegExp(`^ {2}${escaped(folder)}/`, 'm').test(page);
  const name = `${parts.at(-1)}/`;
  if (parts[0] === 'capabilities' && parts.length === 2) return new RegExp(`(^|\\s)${escaped(name)}`, 'm').test(page.slice(page.indexOf('capabilities/<area>/')));
  return new RegExp(`^\\s{4,}${escaped(name)}`, 'm').test(page.slice(page.indexOf(`${parts.slice(0, -1).join('/')}/`)));
}

describe('docs/architecture.md', () => {
  it('names every folder of server/src', () => {
    const folders = codeFolders(SERVER);
    expect(folders.length).toBeGreaterThan(30);
    expect(folders.filter((f) => !named(f))).toEqual([]);
  });

  it('lists the shared plugins in the order sharedPlugins() loads them', () => {
    const steps = sharedPlugins(loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:4010' }), {}, () => ({})).map((s) => s.name);
    const chain = page.match(/in the order of `sharedPlugins\(\)`[\s\S]*?: ((?:[\w-]+(?: \([^)]*\))? →\s+)+[\w-]+)/)?.[1];
    expect(chain, 'the chain of plugins on the page').toBeDefined();
    expect(chain!.replace(/\([^)]*\)/g, '').split('→').map((s) => s.trim())).toEqual(steps);
  });
});
