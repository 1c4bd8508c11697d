/**
 * `npm run bench:composition -- [<build folder>]` (prints, never asserts): composition's own
 * instructions per home screen, counted by valgrind's callgrind — the same count for the same code
 * whatever the machine, where composition's own CPU time (`npm run bench`'s screen − pass-through)
 * moves with the machine's speed and its neighbours. One compiled server (`build` when no folder
 * is given) runs under callgrind with the image's Node.js flags; logged in as ana, it is warmed
 * with BENCH_WARM (5 000) home screens and as many pass-throughs (the same back-office calls, raw
 * JSON), then counts BENCH_REQUESTS (1 000) of each, BENCH_PAIRS (4) times in alternating order
 * (10 connections, at callgrind's pace; how long it takes: docs/performance.md).
 * Prints each window's instructions per request, the screen − pass-through difference and their
 * ratio, and where the screen runs more than the pass-through (self instructions by group and by
 * function, BENCH_TOP lines, from the last pair).
 *
 * It counts the main thread, with the work a process does by the clock off
 * (`bench/callgrind-process.ts`): V8's helper threads work in bursts that would swamp the
 * difference between two windows, where the main thread's windows agree (docs/performance.md).
 * Not counted either: the kernel, the sandbox (another process), the time an instruction waits
 * for memory. Valgrind's virtual processor has no SHA extensions, so the ETag's SHA-256 runs
 * OpenSSL's AVX2 code here, a large share of composition's count, where the machine's own processor
 * has dedicated instructions for it. Needs valgrind (Debian's package) and
 * `npm run build:server`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchServerEnv, loginAsAna, start, stopAll } from './processes.js';
import { printDifferences, type Counted } from './callgrind.js';
import { assertValgrind, driven, underCallgrind, type UnderCallgrind } from './callgrind-process.js';
import { machineLine } from './machine.js';

const WARM = Number(process.env.BENCH_WARM ?? 5_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
const TOP = Number(process.env.BENCH_TOP ?? 30);

const format = (n: number) => Math.round(n).toLocaleString('en').padStart(9);

async function main(): Promise<void> {
  assertValgrind();
  const build = (process.argv[2] ?? 'build').replace(/\/$/, '');
  const env = benchServerEnv();
  await start('sandbox/src/main.ts', env.sandbox, /listening on/);
  const folder = mkdtempSync(join(tmpdir(), 'bench-composition-'));
  const port = Number(env.server.PORT);
  const base = `http://127.0.0.1:${port}`;
  console.log(machineLine());
  console.log(`node ${process.version}; ${build} under callgrind, ${WARM} of each route to warm, then ${REQUESTS} counted, ${PAIRS} pairs; instructions per request`);
  let server: UnderCallgrind | undefined;
  try {
    server = await underCallgrind({ script: `${build}/server/src/main.js`, env: env.server, port, readyUrl: `${base}/bench/hello`, folder, name: 'composition', buildFolder: build });
    const cookie = await loginAsAna(base);
    const routes = { screen: `${base}/api/screens?path=/home`, passthrough: `${base}/api/bench/passthrough/home` };
    for (let done = 0; done < WARM; done += 500) {
      await driven(routes.screen, Math.min(500, WARM - done), { cookie });
      await driven(routes.passthrough, Math.min(500, WARM - done), { cookie });
    }
    const differences: number[] = [];
    const ratios: number[] = [];
    let last: { screen: Counted; passthrough: Counted } | undefined;
    for (let pair = 1; pair <= PAIRS; pair++) {
      const order: (keyof typeof routes)[] = pair % 2 === 1 ? ['screen', 'passthrough'] : ['passthrough', 'screen'];
      const counted = {} as { screen: Counted; passthrough: Counted };
      for (const route of order) counted[route] = await server.count(routes[route], REQUESTS, { cookie });
      differences.push(counted.screen.perRequest - counted.passthrough.perRequest);
      ratios.push(counted.passthrough.perRequest / counted.screen.perRequest);
      console.log(`pair ${pair}: screen ${format(counted.screen.perRequest)}  pass-through ${format(counted.passthrough.perRequest)}  composition's own ${format(differences.at(-1)!)}  pass-through / screen ${ratios.at(-1)!.toFixed(3)}`);
      last = counted;
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(`composition's own instructions per home screen: ${format(mean(differences)).trim()} (mean of ${PAIRS} pairs, ${differences.map((d) => format(d).trim()).join(', ')}); pass-through / screen ${mean(ratios).toFixed(3)}`);
    if (last) printDifferences('screen − pass-through', last.screen, last.passthrough, TOP);
  } finally {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

try {
  await main();
} finally {
  await stopAll();
}
