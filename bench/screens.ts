/**
 * `npm run bench`: what a screen costs, printed from one run; it never asserts.
 * Starts the sandbox, the server (production mode) and a bare Fastify hello as separate processes,
 * then prints:
 *   1. load: the screen endpoint (/api/screens?path=/home) against the pass-through route (same
 *      upstream calls, raw JSON), the app's bare route (/bench/hello, every global hook, on an
 *      instance of its own) and a bare Fastify hello — BENCH_ROUNDS alternating rounds (each pair
 *      back to back, its order reversed every other round), medians and ratios;
 *   2. the p99 composition adds: screen and pass-through at half the pass-through's maximum rate;
 *      and the bare route against the hello at one rate, both driven at the same time, by CPU;
 *   3. first load in Chromium (4× CPU, slow 4G, 412 px): JS bytes transferred before login, home and
 *      the slip list are interactive, LCP and INP of each (bench/browser.ts);
 *   4. growth: time and bytes of screens over small and big portfolios (bench/growth.ts);
 *   5. memory: RSS of the compiled server (`npm run build:server`, as the image runs it) idle and
 *      holding 10 000 live sessions, with the embedded PGlite and with PostgreSQL.
 * BENCH_BASELINE (a compiled build folder of another commit, e.g. /tmp/base/build): its screen and
 * pass-through join the load rounds, on an instance of their own against the same sandbox, and
 * the screen / pass-through ratio of both builds is printed from the same rounds — a change to the
 * request path weighed before and after in one run.
 * BENCH_SECONDS (5), BENCH_CONNECTIONS (20), BENCH_ONLY (comma list of: load, browser, growth, memory),
 * BENCH_DATABASE_URL (postgresql://postgres@127.0.0.1:5432/test; the memory step works in a schema
 * of its own and drops it; `none` skips PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { measureScreens } from './browser.js';
import { measureGrowth } from './growth.js';
import { cpuOf } from './process-stats.js';
import { COMPILED_SERVER, HELLO_SERVER, JSON_HEADERS, benchServerEnv, loginAsAna, start, stopAll } from './processes.js';
import { waitFor } from './wait.js';
import { median } from './median.js';
import { machineLine } from './machine.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Alternating rounds of the four routes (an odd count: a median is one round's figure). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'load,browser,growth,memory').split(','));

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU the serving process spent per request (user + system, µs), from /proc: what the route costs, free of queueing. */
  cpuUs: number;
}

async function measure(url: string, cookie: string, overallRate?: number, pid?: number): Promise<Figures> {
  const before = cpuOf(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie }, ...(overallRate ? { overallRate } : {}) });
  const cpuUs = r.requests.total > 0 ? (cpuOf(pid) - before) / r.requests.total : 0;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, cpuUs };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** Another build's server, measured in the same rounds (BENCH_BASELINE). */
interface Baseline {
  base: string;
  pid: number;
  cookie: string;
}

async function load(bases: { server: string; bare: string; hello: string }, cookie: string, pids: { server: number; bare: number; hello: number }, baseline?: Baseline): Promise<void> {
  const targets = {
    screen: `${bases.server}/api/screens?path=/home`,
    passthrough: `${bases.server}/api/bench/passthrough/home`,
    bare: `${bases.bare}/bench/hello`,
    fastify: `${bases.hello}/bench/hello`,
    baselineScreen: `${baseline?.base}/api/screens?path=/home`,
    baselinePassthrough: `${baseline?.base}/api/bench/passthrough/home`,
  } as const;
  type Name = keyof typeof targets;
  const names = (Object.keys(targets) as Name[]).filter((name) => baseline || !name.startsWith('baseline'));
  const rounds: Record<Name, Figures[]> = { screen: [], passthrough: [], bare: [], fastify: [], baselineScreen: [], baselinePassthrough: [] };
  const pidOf = (name: Name) => (name === 'fastify' ? pids.hello : name === 'bare' ? pids.bare : name.startsWith('baseline') ? baseline!.pid : pids.server);
  const cookieOf = (name: Name) => (name.startsWith('baseline') ? baseline!.cookie : cookie);
  await measure(targets.screen, cookie); // warm-up (JIT, pools)
  await measure(targets.bare, cookie);
  if (baseline) await measure(targets.baselineScreen, baseline.cookie);
  for (let round = 1; round <= ROUNDS; round++) {
    // Each pair back to back, in the opposite order every other round: a drift of the machine
    // within a round then weighs on both routes of a pair alike.
    for (const name of round % 2 === 1 ? names : [...names].reverse()) {
      const f = await measure(targets[name], cookieOf(name), undefined, pidOf(name));
      rounds[name].push(f);
      console.log(`round ${round} ${name.padEnd(19)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  server CPU ${f.cpuUs.toFixed(0)} µs/request${f.errors ? `  errors ${f.errors}` : ''}`);
    }
  }
  const med = (name: Name, k: keyof Figures) => median(rounds[name].map((f) => f[k]));
  console.log('\nmedians (req/s, p50 ms, p99 ms, server CPU µs per request):');
  for (const name of names) console.log(`  ${name.padEnd(19)} ${med(name, 'rps').toFixed(0).padStart(6)}  ${med(name, 'p50')}  ${med(name, 'p99')}  ${med(name, 'cpuUs').toFixed(0)}`);
  // Server CPU per request is the primary figure: what a route costs, free of the queueing that
  // throughput and latency also measure on two shared cores.
  // Each comparison is made within a round (the two routes measured back to back, under the same
  // neighbours), then the median over rounds: a round-to-round swing in both moves a ratio of
  // medians much more than the median of ratios.
  const paired = (f: (i: number) => number) => median(rounds.screen.map((_, i) => f(i)));
  const cpuIn = (name: Name, i: number) => rounds[name][i]!.cpuUs;
  const rate = (a: Name, b: Name) => paired((i) => rounds[a][i]!.rps / rounds[b][i]!.rps).toFixed(2);
  console.log(`\nby server CPU per request (primary; each the median over ${ROUNDS} rounds of the figure within a round):`);
  console.log(`  bare route / bare Fastify hello: ${paired((i) => cpuIn('fastify', i) / cpuIn('bare', i)).toFixed(2)} (medians ${med('bare', 'cpuUs').toFixed(0)} vs ${med('fastify', 'cpuUs').toFixed(0)} µs)   (goal ≥ 0.75)`);
  console.log(`  screen / pass-through: ${paired((i) => cpuIn('passthrough', i) / cpuIn('screen', i)).toFixed(2)} (medians ${med('screen', 'cpuUs').toFixed(0)} vs ${med('passthrough', 'cpuUs').toFixed(0)} µs)   (goal ≥ 0.85)`);
  if (baseline) {
    console.log(`  screen / pass-through of the baseline build (${process.env.BENCH_BASELINE}), same rounds: ${paired((i) => cpuIn('baselinePassthrough', i) / cpuIn('baselineScreen', i)).toFixed(2)} (medians ${med('baselineScreen', 'cpuUs').toFixed(0)} vs ${med('baselinePassthrough', 'cpuUs').toFixed(0)} µs)`);
    console.log(`  screen CPU, this build / baseline: ${paired((i) => cpuIn('screen', i) / cpuIn('baselineScreen', i)).toFixed(2)}`);
  }
  console.log(`  composition's own CPU (screen − pass-through): ${paired((i) => cpuIn('screen', i) - cpuIn('passthrough', i)).toFixed(0)} µs per home screen   (goal ≤ 100 µs)`);
  console.log(`by throughput (information): screen / pass-through ${rate('screen', 'passthrough')}, bare route / Fastify hello ${rate('bare', 'fastify')}`);

  // The p99 of one 5-second run moves with the neighbours on shared cores (the load generator,
  // the sandbox and the server share them): three alternating rounds, the median.
  const half = Math.max(1, Math.round(med('passthrough', 'rps') / 2));
  const added: number[] = [];
  for (let round = 1; round <= 3; round++) {
    const passthrough = await measure(targets.passthrough, cookie, half, pids.server);
    const screen = await measure(targets.screen, cookie, half, pids.server);
    added.push(screen.p99 - passthrough.p99);
    console.log(`at ${half} req/s (half the pass-through maximum), round ${round}: p99 pass-through ${passthrough.p99} ms, screen ${screen.p99} ms (+${(screen.p99 - passthrough.p99).toFixed(1)}); server CPU ${passthrough.cpuUs.toFixed(0)} vs ${screen.cpuUs.toFixed(0)} µs/request`);
  }
  console.log(`composition adds ${median(added).toFixed(1)} ms at p99 (median of the three rounds; information: on shared cores it measures the neighbours)`);

  // At its own maximum the hello answers more requests per turn of the event loop than the bare
  // route does at its own, and shares each turn's fixed cost among more of them: at one rate for
  // both, the ratio is of the work per request alone. Both are driven at the same time, each at a
  // quarter of the bare route's maximum: one route measured after the other moves with the
  // machine's speed from one window to the next, two measured together move alike.
  const quarter = Math.max(1, Math.round(med('bare', 'rps') / 4));
  const atRate: number[] = [];
  for (let round = 1; round <= 3; round++) {
    const [bare, hello] = await Promise.all([measure(targets.bare, cookie, quarter, pids.bare), measure(targets.fastify, cookie, quarter, pids.hello)]);
    atRate.push(hello.cpuUs / bare.cpuUs);
    console.log(`both at ${quarter} req/s at the same time (a quarter of the bare route's maximum), round ${round}: server CPU bare route ${bare.cpuUs.toFixed(1)} vs Fastify hello ${hello.cpuUs.toFixed(1)} µs/request`);
  }
  console.log(`bare route / bare Fastify hello at one rate, at the same time: ${median(atRate).toFixed(2)} (median of the three rounds)`);
}

async function browser(base: string): Promise<void> {
  console.log('\nfirst load in Chromium (4× CPU, 150 ms RTT, 1.6 Mbit/s down, 412 px, cold cache):');
  for (const s of await measureScreens(base)) {
    console.log(
      `  ${s.name.padEnd(46)} JS ${kib(s.jsBytes).padStart(10)} in ${s.jsFiles} files (goal ≤ 100 KiB login, ≤ 120 KiB any)  interactive ${(s.interactiveMs / 1000).toFixed(2)} s  LCP ${(s.lcpMs / 1000).toFixed(2)} s (≤ 1.5)  INP ${s.inpMs.toFixed(0)} ms (≤ 100)`,
    );
  }
}

interface MemoryUsage {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}


/** One instance's memory, idle and with n more live sessions (copies of ana's, as n logins would leave). */
async function memoryOf(base: string, n: number): Promise<{ idle: MemoryUsage; loaded: MemoryUsage; seconds: number }> {
  const usage = async () => (await (await fetch(`${base}/bench/memory`)).json()) as MemoryUsage;
  const cookie = await loginAsAna(base);
  const idle = await usage();
  const started = Date.now();
  const res = await fetch(`${base}/api/bench/sessions`, { method: 'POST', headers: { ...JSON_HEADERS, cookie }, body: JSON.stringify({ n }) });
  if (!res.ok) throw new Error(`sessions: ${res.status}`);
  const seconds = (Date.now() - started) / 1000;
  return { idle, loaded: await usage(), seconds };
}

/**
 * RSS of the compiled server (node build/server/src/main.js, as the production image runs it) idle
 * and with 10 000 more live sessions: with the embedded PGlite (DATA_DIR=:memory:) and with
 * PostgreSQL (BENCH_DATABASE_URL, in a schema of its own that is dropped afterwards).
 */
async function memory(serverEnv: NodeJS.ProcessEnv): Promise<void> {
  if (!existsSync(COMPILED_SERVER)) {
    console.log(`\nmemory: ${COMPILED_SERVER} is missing — run \`npm run build:server\` first`);
    return;
  }
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;
  // external is mostly PGlite: its WebAssembly memory (128 MB reserved, touched as used) and the cluster's files.
  const parts = (u: MemoryUsage) => `JS heap ${mb(u.heapUsed)}, external ${mb(u.external)} (of which ArrayBuffers ${mb(u.arrayBuffers)})`;
  const n = 10_000;
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
  const schema = `bench_memory_${process.pid}`;
  const configurations: { name: string; env: NodeJS.ProcessEnv }[] = [{ name: 'embedded PGlite (DATA_DIR=:memory:)', env: { DATA_DIR: ':memory:' } }];
  let admin: pg.Client | null = null;
  if (databaseUrl !== 'none') {
    try {
      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      const url = new URL(databaseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      configurations.push({ name: `PostgreSQL (${url.host}${url.pathname}, schema ${schema})`, env: { DATABASE_URL: url.toString() } });
    } catch (err) {
      console.log(`\nmemory: PostgreSQL at ${databaseUrl} not usable (${(err as Error).message}); embedded only`);
      await admin?.end().catch(() => undefined);
      admin = null;
    }
  }
  try {
    for (const [i, configuration] of configurations.entries()) {
      const port = String(Number(serverEnv.PORT) + 10 + i);
      const { DATA_DIR: _embedded, ...env } = serverEnv;
      const server = await start(COMPILED_SERVER, { ...env, ...configuration.env, PORT: port }, null, ['--expose-gc']);
      const base = `http://127.0.0.1:${port}`;
      try {
        await waitFor(`${base}/health/ready`);
        const { idle, loaded, seconds } = await memoryOf(base, n);
        console.log(`\nmemory, compiled server, ${configuration.name}:`);
        console.log(`  idle:                 RSS ${mb(idle.rss)} — ${parts(idle)}`);
        console.log(`  with ${n} sessions: RSS ${mb(loaded.rss)} — ${parts(loaded)}  (created in ${seconds.toFixed(1)} s)`);
        console.log(`  RSS ${mb(idle.rss)} idle → ${mb(loaded.rss)} with ${n} more live sessions (${loaded.rss >= idle.rss ? '+' : '−'}${mb(Math.abs(loaded.rss - idle.rss))})   (goal ≤ 300 MB)`);
      } finally {
        await server.stop();
      }
    }
  } finally {
    if (admin) {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }
}

/** The baseline build's compiled server, on a port of its own against the same sandbox, with ana logged in. */
async function startBaseline(folder: string, serverEnv: NodeJS.ProcessEnv): Promise<Baseline> {
  const script = `${folder.replace(/\/$/, '')}/server/src/main.js`;
  if (!existsSync(script)) throw new Error(`BENCH_BASELINE: ${script} is missing (npm run build:server in that checkout)`);
  const port = process.env.BENCH_BASELINE_PORT ?? '3713';
  // A build from before staff signed in by OpenID Connect asks for OPS_USERS in production.
  const { pid } = await start(script, { ...serverEnv, PORT: port, OPS_USERS: `bench:${randomBytes(18).toString('base64url')}:viewer` }, null);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/health/ready`);
  console.log(`baseline: ${script}`);
  return { base, pid, cookie: await loginAsAna(base) };
}

async function main() {
  const helloPort = process.env.BENCH_HELLO_PORT ?? '3711';
  const [one, five] = loadavg();
  console.log(machineLine());
  console.log(`load average at start: ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min) on a machine that may be shared`);
  const { sandbox: sandboxEnv, server: serverEnv } = benchServerEnv();
  await start('sandbox/src/main.ts', sandboxEnv, /listening on/);
  // The compiled server, as the image runs it, when it is built; else the sources through tsx.
  const serverScript = existsSync(COMPILED_SERVER) ? COMPILED_SERVER : 'server/src/main.ts';
  console.log(`server: ${serverScript} on Node.js ${process.version}`);
  const { pid: serverPid } = await start(serverScript, serverEnv, null);
  // The bare route is measured on an instance of its own, as the hello is: on the instance that
  // composes screens it would pay for the garbage and the optimised code the screens leave behind.
  const bareEnv = { ...serverEnv, PORT: process.env.BENCH_BARE_PORT ?? '3712' };
  const { pid: barePid } = await start(serverScript, bareEnv, null);
  const { pid: helloPid } = await start(HELLO_SERVER, { PORT: helloPort }, /listening on/);
  const base = `http://127.0.0.1:${serverEnv.PORT}`;
  const bareBase = `http://127.0.0.1:${bareEnv.PORT}`;
  await waitFor(`${base}/health/ready`);
  await waitFor(`${bareBase}/health/ready`);
  const cookie = await loginAsAna(base);
  const baseline = process.env.BENCH_BASELINE ? await startBaseline(process.env.BENCH_BASELINE, serverEnv) : undefined;

  if (ONLY.has('load')) await load({ server: base, bare: bareBase, hello: `http://127.0.0.1:${helloPort}` }, cookie, { server: serverPid, bare: barePid, hello: helloPid }, baseline);
  if (ONLY.has('browser')) await browser(base);
  if (ONLY.has('growth')) await measureGrowth(base, `http://127.0.0.1:${sandboxEnv.SANDBOX_PORT}`);
  if (ONLY.has('memory')) await memory(serverEnv);
  const [end] = loadavg();
  console.log(`\nload average at end: ${end!.toFixed(2)} (1 min)`);
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
