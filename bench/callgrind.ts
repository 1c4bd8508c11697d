/**
 * Reading callgrind's counts (`bench/instructions.ts`, `bench/composition-instructions.ts`):
 * `callgrind_annotate`'s self instructions by function, with V8's generated code named through
 * the perf map Node.js writes, and where one count runs more than another.
 */
import { resolve } from 'node:path';
import { codeGroup, largestDifferences } from './code-groups.js';
import { latestEntries } from './perf-map.js';

/** What one process ran while it was counted: instructions per request, in all and by function. */
export interface Counted {
  perRequest: number;
  byFunction: Map<string, number>;
}

/** The name all code without a function's name is counted under. */
export const UNNAMED = 'generated code without a function (regular expressions, stubs)';

/**
 * Self instructions by function from `callgrind_annotate --inclusive=no` output, per request; a
 * `???:0x…` address is named by the perf map's line for it (`JS:…`), else counted as UNNAMED.
 */
export function byFunction(annotated: string, perfMap: string, requests: number, cwd = process.cwd(), buildFolder = 'build'): Map<string, number> {
  // Another build folder's files are named as this tree's (`build/…`), so that two builds' lines pair up.
  const folder = resolve(cwd, buildFolder);
  const entries = latestEntries(perfMap).map((e) => ({ start: Number(e.start), end: Number(e.end), name: e.line.split(' ').slice(2).join(' ') }));
  const nameAt = (address: number): string | null => {
    let lo = 0;
    let hi = entries.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const e = entries[mid]!;
      if (address < e.start) hi = mid - 1;
      else if (address >= e.end) lo = mid + 1;
      else return e.name;
    }
    return null;
  };
  const counts = new Map<string, number>();
  for (const line of annotated.split('\n')) {
    const m = /^\s*([\d,]+) \([^)]*\)\s+(.+?)\s*$/.exec(line);
    if (!m || m[2]!.includes('PROGRAM TOTALS')) continue;
    const count = Number(m[1]!.replaceAll(',', ''));
    const where = m[2]!;
    const address = /^\?\?\?:0x([0-9a-f]+)/.exec(where);
    let name: string;
    if (address) {
      // `JS:*'name file:///…/file.js:47:12`: V8's tier marks dropped, an anonymous function so called.
      name =
        nameAt(Number.parseInt(address[1]!, 16))
          ?.replace(/^JS:[*+~^']*(?= )/, 'JS (anonymous)')
          .replace(/^JS:[*+~^']*/, 'JS ')
          .replaceAll(`file://${folder}/`, 'build/')
          .replaceAll(`${folder}/`, 'build/')
          .replaceAll(`file://${cwd}/`, '')
          .replaceAll(`${cwd}/`, '') ?? UNNAMED;
    } else {
      // `file:function [object]`: the function, without its C++ arguments.
      name = where.replace(/ \[[^\]]*\]$/, '').replace(/^[^:]*:/, '').replace(/\(.*$/, '');
    }
    counts.set(name, (counts.get(name) ?? 0) + count / requests);
  }
  return counts;
}

/** The group a function's instructions count for: the package or file of a JavaScript function, else V8 and Node's native code. */
export function groupOf(name: string): string {
  if (name.startsWith('JS ')) return codeGroup(name) ?? 'JavaScript (other)';
  if (name === UNNAMED) return UNNAMED;
  if (name.startsWith('Builtins_') || name.includes('v8::')) return 'V8 built-ins and runtime';
  return 'native (Node.js, libc)';
}


const grouped = (counts: Map<string, number>) => {
  const groups = new Map<string, number>();
  for (const [name, n] of counts) groups.set(groupOf(name), (groups.get(groupOf(name)) ?? 0) + n);
  return groups;
};
const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(Math.round(n)).toLocaleString('en').padStart(6)}`;

/** Prints where `a` runs more (or less) than `b`, by group and by function, `top` lines each, instructions per request. */
export function printDifferences(title: string, a: Counted, b: Counted, top: number): void {
  const groupsA = grouped(a.byFunction);
  const groupsB = grouped(b.byFunction);
  console.log(`\n${title}, by group (self instructions per request):`);
  for (const [group, n] of largestDifferences(groupsA, groupsB).slice(0, top)) {
    console.log(`  ${signed(n)}  ${group}  (${Math.round(groupsA.get(group) ?? 0)} − ${Math.round(groupsB.get(group) ?? 0)})`);
  }
  console.log(`\n${title}, by function:`);
  for (const [name, n] of largestDifferences(a.byFunction, b.byFunction).slice(0, top)) {
    console.log(`  ${signed(n)}  ${name.slice(0, 110)}  (${Math.round(a.byFunction.get(name) ?? 0)} − ${Math.round(b.byFunction.get(name) ?? 0)})`);
  }
}
