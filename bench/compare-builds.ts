/**
 * `npm run bench:builds -- <build folder> [<build folder> …]` (prints, never asserts): what the
 * bare route (`/bench/hello`, every global hook) costs in each compiled build given, and a bare
 * Fastify hello, all driven at the same time at one rate. Two processes measured one after the
 * other move with the machine's speed from one window to the next (on shared cores, by more than
 * most changes to the request path are worth); measured together, they move alike, and
 * the difference within a round is the change's. To weigh a change: compile main into one folder
 * (`git worktree add /tmp/main main && (cd /tmp/main && npm ci && npm run build:server)`, then
 * `/tmp/main/build`) and the change into `build`, and give both.
 *
 * Each build's `server/src/main.js` runs with the image's Node.js flags against one sandbox, on
 * ports from BENCH_BARE_PORT (3712) up; the hello on BENCH_HELLO_PORT (3711). BENCH_RATE (2500)
 * requests a second to each, BENCH_SECONDS (5) a round, BENCH_ROUNDS (5), 10 connections each.
 * Prints each round's server CPU per request (/proc, every thread), then the medians and the hello's
 * CPU over each build's (the bare route's goal is ≥ 0.75, docs/performance.md).
 */
import autocannon from 'autocannon';
import { HELLO_SERVER, benchServerEnv, start, stopAll } from './processes.js';
import { cpuOf } from './process-stats.js';
import { waitFor } from './wait.js';
import { median } from './median.js';
import { machineLine } from './machine.js';

const RATE = Number(process.env.BENCH_RATE ?? 2500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 10;

interface Target {
  name: string;
  url: string;
  pid: number;
}

/** Drives every target at once for `seconds`; each one's server CPU per request answered (µs). */
async function together(targets: Target[], seconds: number): Promise<number[]> {
  const before = targets.map((t) => cpuOf(t.pid));
  const runs = await Promise.all(targets.map((t) => autocannon({ url: t.url, connections: CONNECTIONS, duration: seconds, overallRate: RATE })));
  return targets.map((t, i) => {
    const run = runs[i]!;
    if (run.errors + run.non2xx > 0) throw new Error(`${t.name}: ${run.errors + run.non2xx} answers not 2xx`);
    return (cpuOf(t.pid) - before[i]!) / run.requests.total;
  });
}

async function main(): Promise<void> {
  const builds = process.argv.slice(2);
  if (builds.length === 0) throw new Error('usage: npm run bench:builds -- <build folder> [<build folder> …]');
  const env = benchServerEnv();
  await start('sandbox/src/main.ts', env.sandbox, /listening on/);
  const targets: Target[] = [];
  const firstPort = Number(process.env.BENCH_BARE_PORT ?? 3712);
  for (const [i, build] of builds.entries()) {
    const port = firstPort + i;
    const server = await start(`${build.replace(/\/$/, '')}/server/src/main.js`, { ...env.server, PORT: String(port) }, null);
    await waitFor(`http://127.0.0.1:${port}/health/ready`);
    targets.push({ name: build, url: `http://127.0.0.1:${port}/bench/hello`, pid: server.pid });
  }
  const helloPort = process.env.BENCH_HELLO_PORT ?? '3711';
  const hello = await start(HELLO_SERVER, { PORT: helloPort }, /listening on/);
  targets.push({ name: 'Fastify hello', url: `http://127.0.0.1:${helloPort}/bench/hello`, pid: hello.pid });

  console.log(machineLine());
  console.log(`node ${process.version}; each at ${RATE} req/s, all at the same time, ${SECONDS} s a round; server CPU µs per request`);
  await together(targets, 3); // warm-up (JIT, pools)
  const rounds: number[][] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const cpu = await together(targets, SECONDS);
    rounds.push(cpu);
    console.log(`round ${round}: ${targets.map((t, i) => `${t.name} ${cpu[i]!.toFixed(1)}`).join('   ')}`);
  }
  const helloAt = targets.length - 1;
  console.log('\nmedians over the rounds:');
  for (const [i, t] of targets.entries()) {
    const ratio = i === helloAt ? '' : `   hello / this ${median(rounds.map((cpu) => cpu[helloAt]! / cpu[i]!)).toFixed(2)} (goal ≥ 0.75)`;
    console.log(`  ${t.name.padEnd(24)} ${median(rounds.map((cpu) => cpu[i]!)).toFixed(1).padStart(6)} µs${ratio}`);
  }
}

try {
  await main();
} finally {
  await stopAll();
}
