import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { latestSymbols, removePerfFiles, withLatestSymbols } from '../../bench/perf-map.js';

describe("perf's symbol map, latest code first", () => {
  it('names an address by the code written there last, dropping the freed code it overlapped', () => {
    const map = [
      "1000 200 JS:+'startup node_modules/date-lib/index.js:1:4816",
      '2000 100 JS:*handler build/server/src/app.js:10:3',
      "1100 80 JS:*'nextTick node:internal/process/task_queues:113:18",
      '',
    ].join('\n');
    expect(latestSymbols(map)).toBe(["1100 80 JS:*'nextTick node:internal/process/task_queues:113:18", '2000 100 JS:*handler build/server/src/app.js:10:3', ''].join('\n'));
  });

  it('keeps code next to a later range without overlapping it, and ignores lines that are not entries', () => {
    const map = ['10 10 JS:a', 'not an entry', '20 10 JS:b', '1a 4 JS:c', ''].join('\n');
    // c (0x1a–0x1e), written last, overlaps a (0x10–0x20), which goes; b (0x20–0x30) overlaps neither and stays.
    expect(latestSymbols(map)).toBe(['1a 4 JS:c', '20 10 JS:b', ''].join('\n'));
  });

  it('shows perf the cut map while a recording is read, and gives the live map back after, as Node.js left it', async () => {
    // A pid no process has: the map is this test's own.
    const pid = 2 ** 22 + (process.pid % 1000);
    const path = `/tmp/perf-${pid}.map`;
    const live = ['10 10 JS:freed', '10 8 JS:latest', ''].join('\n');
    writeFileSync(path, live);
    try {
      const seen = await withLatestSymbols(pid, async () => readFileSync(path, 'utf8'));
      expect(seen).toBe('10 8 JS:latest\n');
      expect(readFileSync(path, 'utf8')).toBe(live);
    } finally {
      rmSync(path, { force: true });
    }
  });

  it("removes an ended process's map and V8 log, and no other process's", () => {
    const pid = 2 ** 22 + 1000 + (process.pid % 1000);
    const directory = mkdtempSync(join(tmpdir(), 'perf-files-'));
    writeFileSync(`/tmp/perf-${pid}.map`, '10 8 JS:latest\n');
    writeFileSync(join(directory, `isolate-0x1f7ac000-${pid}-v8.log`), '');
    writeFileSync(join(directory, `isolate-0x1f7ac000-${pid + 1}-v8.log`), '');
    try {
      removePerfFiles(pid, directory);
      expect(existsSync(`/tmp/perf-${pid}.map`)).toBe(false);
      expect(readdirSync(directory)).toEqual([`isolate-0x1f7ac000-${pid + 1}-v8.log`]);
    } finally {
      rmSync(`/tmp/perf-${pid}.map`, { force: true });
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
