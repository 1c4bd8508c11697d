/**
 * What one route's request costs over another's, in CPU time, by where it is spent: Linux `perf`
 * samples the serving process (every thread, kernel included) only while it runs on a core
 * (`cpu-clock`), so a thread waiting in a system call or for a core counts nothing — unlike the
 * inspector's sampler (`bench:profile`), which samples the main thread by the wall clock and counts
 * a send that waited for the core as the send's time. JavaScript is named through the map file
 * Node.js writes with `--perf-basic-prof-only-functions`.
 *
 * `npm run bench:cpu -- <route> <against>`: both routes of the compiled server (as ana), or
 * `bare` / `hello` for the bare route against the bare Fastify hello; each driven BENCH_SECONDS
 * (8) by autocannon after a 3-second warm-up, the pair in alternating order BENCH_PAIRS (2) times.
 * Prints the largest differences in µs per request by group (kernel, garbage collector, each
 * package's or file's JavaScript, V8's built-ins and runtime, the rest of Node.js's native code),
 * by symbol, and by the JavaScript each sample ran for (the innermost JavaScript frame of its call
 * chain: a built-in, the runtime or a system call counts for the code that called it). Needs `npm run build:server`, and `perf` (Debian's linux-perf) allowed to sample a
 * process of this user. Each recording is read with the symbol map cut to the code last written at
 * each address (perf-map.ts): freed code's lines otherwise name samples of the code that replaced it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { COMPILED_SERVER, HELLO_SERVER, benchServerEnv, loginAsAna, start, stopAll } from './processes.js';
import { codeGroup, largestDifferences } from './code-groups.js';
import { waitFor } from './wait.js';
import { machineLine } from './machine.js';
import { removePerfFiles, withLatestSymbols } from './perf-map.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const TOP = Number(process.env.BENCH_TOP ?? 25);
const PERF_FLAGS = ['--perf-basic-prof-only-functions'];

/** The group a sampled symbol's time counts for. */
export function groupOfSymbol(dso: string, symbol: string): string {
  if (dso.includes('kernel')) return 'kernel';
  if (/Scavenger|Marking|Sweeper|MarkCompact|ScavengerCollector|Heap::|Evacuat|RecordWrite/.test(symbol)) return 'garbage collector';
  if (symbol.startsWith('JS:')) {
    return codeGroup(symbol) ?? 'JavaScript (other)';
  }
  if (symbol.startsWith('Builtins_') || symbol.startsWith('v8::') || dso.startsWith('[JIT]')) return 'V8 built-ins and runtime';
  return `native (${dso})`;
}

interface Tally {
  bySymbol: Map<string, number>;
  byGroup: Map<string, number>;
  /** By the innermost JavaScript function on the stack: what it ran, built-ins and kernel included. */
  byCaller: Map<string, number>;
  byCallerGroup: Map<string, number>;
  total: number;
}

const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);

/** `JS:*'send file:///<cwd>/build/…/upstream-client.js:172:15+0x1a` → `JS:send build/…/upstream-client.js:172`. */
function jsName(symbol: string): string {
  return symbol
    .replace(/^JS:[*+~^]?'?/, 'JS:')
    .replace(/\+0x[0-9a-f]+$/, '')
    .replaceAll('file://', '')
    .replaceAll(`${process.cwd()}/`, '')
    .replace(/:(\d+):\d+$/, ':$1');
}

/**
 * µs per request from a recording with call chains: each sample's time counts for its own symbol
 * (and that symbol's group) and for the innermost JavaScript function on its stack (and that
 * function's group), so a built-in, the runtime or a system call counts for the code that called it.
 */
async function tally(data: string, requests: number): Promise<Tally> {
  const script = spawn('perf', ['script', '-i', data, '-F', 'period,ip,sym,dso'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const t: Tally = { bySymbol: new Map(), byGroup: new Map(), byCaller: new Map(), byCallerGroup: new Map(), total: 0 };
  let us = 0;
  let leaf: { symbol: string; dso: string } | null = null;
  let caller: string | null = null;
  const finish = () => {
    if (!leaf) return;
    add(t.bySymbol, leaf.symbol, us);
    add(t.byGroup, groupOfSymbol(leaf.dso, leaf.symbol), us);
    add(t.byCaller, caller ?? `(no JavaScript) ${leaf.symbol}`, us);
    add(t.byCallerGroup, caller ? groupOfSymbol('[JIT]', caller) : groupOfSymbol(leaf.dso, leaf.symbol), us);
    t.total += us;
    leaf = null;
    caller = null;
  };
  for await (const line of createInterface({ input: script.stdout! })) {
    // A sample: its period (ns) alone on a line, then its frames, innermost first: `ip symbol (object)`.
    const period = /^\s*(\d+)\s*$/.exec(line);
    if (period) {
      finish();
      us = Number(period[1]) / 1000 / requests;
      continue;
    }
    const frame = /^\s+[0-9a-f]+ (.*) \((.*)\)$/.exec(line);
    if (!frame) continue;
    const symbol = frame[1]!.startsWith('JS:') ? jsName(frame[1]!) : frame[1]!.replace(/\+0x[0-9a-f]+$/, '');
    leaf ??= { symbol, dso: frame[2]! };
    if (!caller && symbol.startsWith('JS:')) caller = symbol;
  }
  finish();
  return t;
}

/** Drives `url` under `perf record` of `pid`; the recording's tally. */
async function recorded(pid: number, url: string, cookie: string, folder: string, name: string): Promise<Tally> {
  await autocannon({ url, connections: CONNECTIONS, duration: 3, headers: { cookie } });
  const data = join(folder, `${name}.data`);
  const perf = spawn('perf', ['record', '-e', 'cpu-clock', '-F', '5000', '-g', '-p', String(pid), '-o', data, '-q'], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
  const ended = new Promise((resolve) => perf.once('exit', resolve));
  perf.kill('SIGINT');
  await ended;
  if (r.non2xx + r.errors > 0) throw new Error(`${name}: ${r.non2xx + r.errors} answers not 2xx`);
  return await withLatestSymbols(pid, () => tally(data, r.requests.total));
}

const signed = (us: number) => `${us >= 0 ? '+' : '−'}${Math.abs(us).toFixed(2).padStart(7)} µs`;

async function main(): Promise<void> {
  const [route = 'bare', against = 'hello'] = process.argv.slice(2);
  try {
    execFileSync('perf', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('perf is not installed (Debian: apt-get install linux-perf)');
  }
  const folder = mkdtempSync(join(tmpdir(), 'bench-cpu-'));
  const profiled: number[] = [];
  try {
    const env = benchServerEnv();
    const base = `http://127.0.0.1:${env.server.PORT}`;
    const helloPort = process.env.BENCH_HELLO_PORT ?? '3711';
    await start('sandbox/src/main.ts', env.sandbox, /listening on/);
    const server = await start(COMPILED_SERVER, env.server, null, PERF_FLAGS);
    await waitFor(`${base}/health/ready`);
    const hello = [route, against].includes('hello') ? await start(HELLO_SERVER, { PORT: helloPort }, /listening on/, PERF_FLAGS) : null;
    profiled.push(server.pid, ...(hello ? [hello.pid] : []));
    const cookie = await loginAsAna(base);
    const target = (name: string) => (name === 'hello' ? { pid: hello!.pid, url: `http://127.0.0.1:${helloPort}/bench/hello` } : { pid: server.pid, url: `${base}${name === 'bare' ? '/bench/hello' : name}` });
    console.log(machineLine());
    console.log(`node ${process.version}, ${SECONDS} s a route, ${CONNECTIONS} connections; µs of CPU per request (all threads, kernel included)`);
    for (let pair = 1; pair <= PAIRS; pair++) {
      const order = pair % 2 ? [route, against] : [against, route];
      const tallies = new Map<string, Tally>();
      for (const name of order) tallies.set(name, await recorded(target(name).pid, target(name).url, cookie, folder, `${name.replace(/\W+/g, '_')}-${pair}`));
      const a = tallies.get(route)!;
      const b = tallies.get(against)!;
      console.log(`\npair ${pair}: ${route} ${a.total.toFixed(1)} µs, ${against} ${b.total.toFixed(1)} µs, difference ${signed(a.total - b.total)}`);
      console.log('by group:');
      for (const [group, us] of largestDifferences(a.byGroup, b.byGroup).slice(0, TOP)) console.log(`  ${signed(us)}  ${group}  (${(a.byGroup.get(group) ?? 0).toFixed(2)} − ${(b.byGroup.get(group) ?? 0).toFixed(2)})`);
      console.log('by symbol:');
      for (const [symbol, us] of largestDifferences(a.bySymbol, b.bySymbol).slice(0, TOP)) console.log(`  ${signed(us)}  ${symbol.slice(0, 150)}`);
      console.log('by the code it ran for (the innermost JavaScript on the stack), by group:');
      for (const [group, us] of largestDifferences(a.byCallerGroup, b.byCallerGroup).slice(0, TOP)) console.log(`  ${signed(us)}  ${group}  (${(a.byCallerGroup.get(group) ?? 0).toFixed(2)} − ${(b.byCallerGroup.get(group) ?? 0).toFixed(2)})`);
      console.log('by the code it ran for, by function:');
      for (const [caller, us] of largestDifferences(a.byCaller, b.byCaller).slice(0, TOP)) console.log(`  ${signed(us)}  ${caller.slice(0, 150)}`);
    }
  } finally {
    await stopAll();
    rmSync(folder, { recursive: true, force: true });
    for (const pid of profiled) removePerfFiles(pid);
  }
}

await main();
