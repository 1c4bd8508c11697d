/**
 * `npm run bench:instructions -- [<build folder> …]` (prints, never asserts): the instructions the
 * bare route (`/bench/hello`, every global hook) runs per request in each compiled build given
 * (`build` when none is), and the bare Fastify hello's, counted by valgrind's callgrind — the same
 * count for the same code whatever else the machine is doing, where CPU time on shared cores moves
 * from one window to the next by more than most changes are worth. Each process runs under
 * callgrind with the image's Node.js flags, is warmed with BENCH_WARM (20 000) requests, then counts
 * BENCH_REQUESTS (10 000) (10 connections, at callgrind's pace: docs/performance.md). Prints each one's
 * instructions per request, the hello's over each build's, where the last build runs more than the
 * hello and, given two or more, what it runs more or less than the first (self instructions by
 * group and by function, BENCH_TOP lines; JavaScript named through `--perf-basic-prof-only-functions`;
 * code V8 generates without a function, its regular expressions above all, counted as one line).
 *
 * It counts the main thread, with the work a process does by the clock off
 * (`bench/callgrind-process.ts`). What it does not count: V8's helper threads, the kernel (the
 * socket's read and write, the same two system calls for both) and the time an instruction waits
 * for memory. What it counts that is not the requests' own: the timers left on (the log's batch,
 * the stalled-reader look) while the requests run at callgrind's pace, and work whose amount
 * depends on the clock (a text made once per millisecond is made for every request at that pace).
 * Compare figures of one run: the pace, and so that share, moves with the machine. Needs valgrind
 * (Debian's package) and
 * `npm run build:server`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HELLO_SERVER, benchServerEnv, start, stopAll } from './processes.js';
import { printDifferences, type Counted } from './callgrind.js';
import { assertValgrind, driven, underCallgrind } from './callgrind-process.js';
import { machineLine } from './machine.js';

const WARM = Number(process.env.BENCH_WARM ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const TOP = Number(process.env.BENCH_TOP ?? 30);

/** Runs `script` under callgrind, warms it, counts REQUESTS requests to its bare route. */
async function counted(script: string, env: NodeJS.ProcessEnv, port: number, folder: string, name: string, buildFolder = 'build'): Promise<Counted> {
  const url = `http://127.0.0.1:${port}/bench/hello`;
  const server = await underCallgrind({ script, env, port, readyUrl: url, folder, name, buildFolder });
  try {
    await driven(url, WARM);
    return await server.count(url, REQUESTS);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  assertValgrind();
  const builds = process.argv.slice(2);
  if (builds.length === 0) builds.push('build');
  const env = benchServerEnv();
  await start('sandbox/src/main.ts', env.sandbox, /listening on/);
  const folder = mkdtempSync(join(tmpdir(), 'bench-instructions-'));
  const port = Number(process.env.BENCH_BARE_PORT ?? 3712);
  console.log(machineLine());
  console.log(`node ${process.version}; under callgrind, ${WARM} requests to warm, then ${REQUESTS} counted; instructions per request`);
  try {
    const results: [string, Counted][] = [];
    for (const build of builds) {
      results.push([build, await counted(`${build.replace(/\/$/, '')}/server/src/main.js`, env.server, port, folder, build, build)]);
      console.log(`  ${build.padEnd(24)} ${Math.round(results.at(-1)![1].perRequest).toLocaleString('en').padStart(8)}`);
    }
    const hello = await counted(HELLO_SERVER, {}, port + 1, folder, 'hello');
    console.log(`  ${'Fastify hello'.padEnd(24)} ${Math.round(hello.perRequest).toLocaleString('en').padStart(8)}`);
    for (const [build, c] of results) console.log(`hello / ${build}: ${(hello.perRequest / c.perRequest).toFixed(3)}`);
    const [last, of] = results.at(-1)!;
    printDifferences(`${last} − hello`, of, hello, TOP);
    if (results.length > 1) {
      const [first, before] = results[0]!;
      printDifferences(`${last} − ${first}`, of, before, TOP);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

try {
  await main();
} finally {
  await stopAll();
}
