/**
 * The symbol map Node.js writes for `perf` (`/tmp/perf-<pid>.map`, one `start size name` line per
 * piece of JIT code, appended as code is made) keeps the lines of code V8 has since freed; new code
 * is often placed where old code was, and `perf` then names a sample by either line. A bare route
 * profiled so showed half its time under a start-up function of a date library that never runs
 * for it. Each address must name the code written there last.
 */
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One line of the map: the code's address range and the line itself (`start size name`). */
export interface Entry {
  start: bigint;
  end: bigint;
  line: string;
}

/** The map's lines with every line that an address range written later overlaps taken out, sorted by address. */
export function latestSymbols(map: string): string {
  return latestEntries(map)
    .map((e) => `${e.line}\n`)
    .join('');
}

/** The map's entries with every entry that an address range written later overlaps taken out, sorted by address. */
export function latestEntries(map: string): Entry[] {
  const entries: Entry[] = [];
  for (const line of map.split('\n')) {
    const m = /^([0-9a-fA-F]+) ([0-9a-fA-F]+) /.exec(line);
    if (!m) continue;
    const start = BigInt(`0x${m[1]}`);
    entries.push({ start, end: start + BigInt(`0x${m[2]}`), line });
  }
  // Latest first: a line is kept when no later line's range overlaps it.
  const kept: Entry[] = []; // sorted by start, ranges disjoint
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (kept[mid]!.start < e.start) lo = mid + 1;
      else hi = mid;
    }
    const overlapsNext = lo < kept.length && kept[lo]!.start < e.end;
    const overlapsPrevious = lo > 0 && kept[lo - 1]!.end > e.start;
    if (!overlapsNext && !overlapsPrevious) kept.splice(lo, 0, e);
  }
  return kept;
}

/**
 * Runs `use` while `/tmp/perf-<pid>.map` holds only the latest line for each address. The live
 * file is moved aside meanwhile (Node.js goes on appending to it) and moved back after.
 */
export async function withLatestSymbols<T>(pid: number, use: () => Promise<T>): Promise<T> {
  const path = `/tmp/perf-${pid}.map`;
  const live = `${path}.live`;
  renameSync(path, live);
  try {
    writeFileSync(path, latestSymbols(readFileSync(live, 'utf8')));
    return await use();
  } finally {
    renameSync(live, path);
  }
}

/**
 * Removes what `--perf-basic-prof-only-functions` leaves behind a process that has ended: its map
 * (`/tmp/perf-<pid>.map`) and the log V8 writes beside it (`isolate-…-<pid>-v8.log`, in the working
 * directory).
 */
export function removePerfFiles(pid: number, directory = '.'): void {
  rmSync(`/tmp/perf-${pid}.map`, { force: true });
  for (const file of readdirSync(directory)) if (file.startsWith('isolate-') && file.endsWith(`-${pid}-v8.log`)) rmSync(join(directory, file), { force: true });
}
