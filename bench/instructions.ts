/**
 * `npm run bench:instructions -- [<build folder> …]` (prints, never asserts): the instructions the
 * bare route (`/bench/hello`, every global hook) runs per request in each compiled build given
 * (`build` when none is), and the bare Fastify hello's, counted by valgrind's callgrind — the same
 * count for the same code whatever else the machine is doing, where CPU time on these shared cores
 * moves by ± 20 % from one window to the next. Each process runs under callgrind with the image's
 * Node.js flags, is warmed with BENCH_WARM (20 000) requests, then counts BENCH_REQUESTS (10 000)
 * (10 connections; under callgrind a process answers ≈ 250 a second). Prints each one's
 * instructions per request, the hello's over each build's, where the last build runs more than the
 * hello and, given two or more, what it runs more or less than the first (self instructions by
 * group and by function, BENCH_TOP lines; JavaScript named through `--perf-basic-prof-only-functions`;
 * code V8 generates without a function, its regular expressions above all, counted as one line).
 *
 * What it does not count: the kernel (the socket's read and write, the same two system calls for
 * both) and the time an instruction waits for memory. What it counts that is not the requests'
 * own: the work a process does by the clock (its timers, V8's idle work) while the requests run
 * at callgrind's pace, and work whose amount depends on the clock (a text made once per
 * millisecond is made for every request at that pace). Compare figures of one run: the pace, and
 * so that share, moves with the machine. Needs valgrind (Debian's package) and
 * `npm run build:server`.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { HELLO_SERVER, IMAGE_NODE_FLAGS, benchServerEnv, start, stopAll } from './processes.js';
import { largestDifferences } from './code-groups.js';
import { byFunction, groupOf } from './callgrind.js';
import { machineLine } from './machine.js';
import { waitFor } from './wait.js';

const WARM = Number(process.env.BENCH_WARM ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const TOP = Number(process.env.BENCH_TOP ?? 30);
const CONNECTIONS = 10;

/** What one process ran while it was counted: instructions per request, in all and by function. */
interface Counted {
  perRequest: number;
  byFunction: Map<string, number>;
}

function callgrindControl(args: string[]): void {
  execFileSync('callgrind_control', args, { stdio: 'ignore' });
}

/** Runs `script` under callgrind, warms it, counts REQUESTS requests to its bare route. */
async function counted(script: string, env: NodeJS.ProcessEnv, port: number, folder: string, name: string, buildFolder = 'build'): Promise<Counted> {
  const out = join(folder, `${name.replace(/\W+/g, '-')}.out`);
  const child: ChildProcess = spawn(
    'valgrind',
    ['-q', '--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', `--callgrind-out-file=${out}`, process.execPath, ...IMAGE_NODE_FLAGS, '--perf-basic-prof-only-functions', script],
    { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const pid = child.pid!;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const url = `http://127.0.0.1:${port}/bench/hello`;
    await waitFor(url);
    const drive = async (amount: number) => {
      const run = await autocannon({ url, connections: CONNECTIONS, amount });
      if (run.errors + run.non2xx > 0) throw new Error(`${name}: ${run.errors + run.non2xx} answers not 2xx`);
    };
    await drive(WARM);
    callgrindControl(['--instr=on', String(pid)]);
    await drive(REQUESTS);
    callgrindControl(['--instr=off', String(pid)]);
    callgrindControl(['--dump', String(pid)]);
    const dump = `${out}.1`;
    for (let i = 0; i < 600 && !existsSync(dump); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const annotated = execFileSync('callgrind_annotate', ['--threshold=100', '--inclusive=no', dump], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const total = /^\s*([\d,]+) \([^)]*\)\s+PROGRAM TOTALS/m.exec(annotated);
    if (!total) throw new Error(`${name}: no totals in ${dump}`);
    const map = `/tmp/perf-${pid}.map`;
    return { perRequest: Number(total[1]!.replaceAll(',', '')) / REQUESTS, byFunction: byFunction(annotated, existsSync(map) ? readFileSync(map, 'utf8') : '', REQUESTS, process.cwd(), buildFolder) };
  } finally {
    child.kill('SIGKILL');
    await exited;
    rmSync(`/tmp/perf-${pid}.map`, { force: true });
    // The log V8 writes beside the perf map (`isolate-…-<pid>-v8.log`, in the working directory).
    for (const file of readdirSync('.')) if (file.startsWith('isolate-') && file.endsWith(`-${pid}-v8.log`)) rmSync(file, { force: true });
  }
}

const grouped = (counts: Map<string, number>) => {
  const groups = new Map<string, number>();
  for (const [name, n] of counts) groups.set(groupOf(name), (groups.get(groupOf(name)) ?? 0) + n);
  return groups;
};
const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(Math.round(n)).toLocaleString('en').padStart(6)}`;

/** Where `a` runs more (or less) than `b`, by group and by function, instructions per request. */
function printDifferences(title: string, a: Counted, b: Counted): void {
  const groupsA = grouped(a.byFunction);
  const groupsB = grouped(b.byFunction);
  console.log(`\n${title}, by group (self instructions per request):`);
  for (const [group, n] of largestDifferences(groupsA, groupsB).slice(0, TOP)) {
    console.log(`  ${signed(n)}  ${group}  (${Math.round(groupsA.get(group) ?? 0)} − ${Math.round(groupsB.get(group) ?? 0)})`);
  }
  console.log(`\n${title}, by function:`);
  for (const [name, n] of largestDifferences(a.byFunction, b.byFunction).slice(0, TOP)) {
    console.log(`  ${signed(n)}  ${name.slice(0, 110)}  (${Math.round(a.byFunction.get(name) ?? 0)} − ${Math.round(b.byFunction.get(name) ?? 0)})`);
  }
}

async function main(): Promise<void> {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('valgrind is not installed (apt-get install -y valgrind)');
  }
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
    printDifferences(`${last} − hello`, of, hello);
    if (results.length > 1) {
      const [first, before] = results[0]!;
      printDifferences(`${last} − ${first}`, of, before);
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
