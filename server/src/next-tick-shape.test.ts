import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./next-tick-shape.ts', import.meta.url));

/**
 * Runs a fresh Node.js through what a server's life does to `process.nextTick`: records made and
 * run, then full collections while none is alive, eight times; prints V8's feedback for nextTick's
 * record literal (the state of each computed-key site) and what the module kept.
 */
function nextTickSites(keepShape: boolean): { sites: string[]; kept: string } {
  const script = `
    const shape = ${keepShape} ? await import(${JSON.stringify(MODULE)}) : null;
    const debugPrint = new Function('f', '%DebugPrint(f)');
    for (let round = 0; round < 8; round++) {
      await new Promise((resolve) => { let n = 0; const step = () => (++n < 1000 ? process.nextTick(step) : resolve()); step(); });
      await new Promise((resolve) => setTimeout(resolve, 1));
      gc(); gc();
    }
    debugPrint(process.nextTick);
    const kept = shape?.keptTickRecord();
    console.log('KEPT ' + (kept ? Object.keys(kept).join(',') + ' ' + Object.getOwnPropertySymbols(kept).length : 'none'));
  `;
  // V8 prints through C's buffered stdout, which loses what a full non-blocking pipe refuses: a file takes it all.
  const folder = mkdtempSync(join(tmpdir(), 'next-tick-shape-'));
  const file = join(folder, 'out.txt');
  const fd = openSync(file, 'w');
  let out: string;
  try {
    execFileSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', fd, 'inherit'] });
    out = readFileSync(file, 'utf8');
  } finally {
    closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  }
  return { sites: [...out.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!), kept: /KEPT (.*)/.exec(out)![1]! };
}

describe('the next-tick record kept alive', () => {
  it('keeps every computed-key site of nextTick monomorphic through full collections, which without it go megamorphic', () => {
    const without = nextTickSites(false);
    expect(without.sites.length).toBeGreaterThanOrEqual(4);
    expect(without.sites).toContain('MEGAMORPHIC');

    const kept = nextTickSites(true);
    expect(kept.sites).toEqual(without.sites.map(() => 'MONOMORPHIC'));
    // The record itself: its callback and arguments, and its three symbol-keyed fields.
    expect(kept.kept).toBe('callback,args 3');
  });

  it("is the server entry's first import, ahead of the modules whose loading starts the full collections", () => {
    const entry = readFileSync(fileURLToPath(new URL('./main.ts', import.meta.url)), 'utf8');
    expect(entry.split('\n').find((line) => line.startsWith('import '))).toBe("import './next-tick-shape.js';");
  });
});
