import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(ROOT, 'server/src');
const page = readFileSync(join(ROOT, 'docs/logging.md'), 'utf8');
const inventory = page.slice(page.indexOf('## Inventory')).split(/\n## /)[0]!;

/** A call that writes a line through a pino logger (a request's, the app's, a plugin's). */
const LOG_CALL = /\b(?:log|logger)\.(?:fatal|error|warn|info)\(/;
/** The access line, written to the logger's destination as pino would write it. */
const ACCESS_LINE = /\bdestination\.write\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
}

describe('docs/logging.md: the log inventory', () => {
  it('names every source file that writes a log line', () => {
    const writers = sourceFiles(SERVER).filter((f) => LOG_CALL.test(readFileSync(f, 'utf8')) || ACCESS_LINE.test(readFileSync(f, 'utf8'))).map((f) => relative(SERVER, f));
    expect(writers.length).toBeGreaterThan(10);
    expect(writers.filter((f) => !inventory.includes(`\`${f}\``))).toEqual([]);
  });

  it('names no file that writes none (a row left behind when a file stops logging or moves)', () => {
    const named = [...inventory.matchAll(/`([\w/-]+\.ts)`/g)].map((m) => m[1]!);
    expect(named.filter((f) => ![LOG_CALL, ACCESS_LINE].some((r) => r.test((() => { try { return readFileSync(join(SERVER, f), 'utf8'); } catch { return ''; } })())))).toEqual([]);
  });

  it('says where the lines go, who reads them and how long they are kept', () => {
    for (const words of ['standard output', 'log store', 'by role', '6 months', 'art. 15']) expect(page).toContain(words);
  });
});
