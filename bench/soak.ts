/**
 * `npm run soak` (not a test; it prints and never asserts): N concurrent sessions across the
 * personas against the server for a bounded time, then the failed answers, p50/p95/p99 of the
 * screens overall and per family, each server's memory over time with its slope and, with several
 * instances, what losing and restarting them cost.
 * Everything runs on 127.0.0.1, each part in its own process: the sandbox and every server instance
 * compiled to JavaScript as the image runs them (`npm run build:server` first; production mode with
 * the bench's environment, bench/processes.ts benchServerEnv, and metrics on their own port), the
 * load clients (bench/soak-client.ts); this process only runs the balancer (bench/balancer.ts),
 * samples and reports.
 *
 *   SOAK_SESSIONS (default 20) · SOAK_MINUTES (default 0.25)
 *   SOAK_RATE — screens per second across all sessions, open-loop: each session asks a screen every
 *     SESSIONS/RATE seconds whatever the answers (keep it near one a second per session, as a
 *     person), and a screen's time counts from the instant it was due. Unset: each session asks
 *     the next screen once the last one answered (closed-loop, as fast as the server answers).
 *   SOAK_LATENCY (default none) — the sandbox's latency profile (SANDBOX_LATENCY: none, realistic
 *     or a JSON file), SOAK_LATENCY_SEED its seed. A failed answer (5xx, or an error document) is
 *     put down to the profile when the server says so: each instance counts the answers whose error
 *     was the back office's SIMULATED_FAILURE (app_errors_total on its metrics port, read every 2 s
 *     and before it stops), and a login "try again" (an action's error document, not counted there)
 *     by the sandbox's own count of the errors it injected into session.login (POST, never retried:
 *     one injected error, one such answer); the rest is "not the profile's".
 *   SOAK_FAILOVER (default 1) — 0: every instance stays up the whole run (no kill, no restart).
 *   SOAK_INSTANCES=2 or 3 — instances sharing PostgreSQL (SOAK_DATABASE_URL, default
 *     postgresql://postgres@127.0.0.1:5432/test) and Redis (SOAK_REDIS_URL, default
 *     redis://127.0.0.1:6379) behind the balancer; server-1 is SIGKILLed mid-run
 *     (SOAK_KILL_AT_SECONDS, default half-way — 40 % with three — moved off the token-lifetime
 *     boundaries) and every session must go on through the others, its bid draft intact. With
 *     three, server-2 is also restarted as a rolling update does (SOAK_RESTART_AT_SECONDS, default
 *     a quarter of the run after the kill): taken out of the balancer, SIGTERM (it drains), started
 *     again, back in once ready. Limits are checked across instances during the run
 *     (bench/soak-limits.ts): wrong passwords at 20 %, after the kill and near the end, one-time
 *     codes after the kill.
 *   SOAK_TOKEN_TTL_SECONDS (default 300, the sandbox's) — shorter in short runs, so that tokens
 *     are refreshed during the run and the kill falls between refreshes.
 *   SOAK_REFRESH_REUSE_SECONDS (default 0, the sandbox's) — the back office's grace for a rotated
 *     refresh token used again (SANDBOX_REFRESH_REUSE_SECONDS): with 0, a session whose refresh
 *     was in flight on the killed instance is lost (the rotation answered, never stored).
 *   SOAK_RAMP_SECONDS (default 10, a tenth of short runs) — the sessions log in spread over it.
 *   SOAK_CLIENT_PROCESSES (default one per 500 sessions).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Balancer, type Instance } from './balancer.js';
import { rssMiB } from './process-stats.js';
import { COMPILED_SERVER, benchServerEnv, nodeFlagsFor } from './processes.js';
import type { ClientReport, ClientTask } from './soak-client.js';
import { oneTimeCodes, wrongPasswords } from './soak-limits.js';
import { waitFor } from './wait.js';
import { machineLine } from './machine.js';

const SESSIONS = Number(process.env.SOAK_SESSIONS ?? 20);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 0.25);
const INSTANCES = Number(process.env.SOAK_INSTANCES ?? 1);
const TTL = Number(process.env.SOAK_TOKEN_TTL_SECONDS ?? 300);
const REUSE = Number(process.env.SOAK_REFRESH_REUSE_SECONDS ?? 0);
const CLIENT_PROCESSES = Number(process.env.SOAK_CLIENT_PROCESSES ?? Math.max(1, Math.ceil(SESSIONS / 500)));
const DURATION_S = MINUTES * 60;
const RAMP_S = Number(process.env.SOAK_RAMP_SECONDS ?? Math.min(10, DURATION_S / 10));
const RATE = process.env.SOAK_RATE ? Number(process.env.SOAK_RATE) : null;
const LATENCY = process.env.SOAK_LATENCY ?? 'none';
const LATENCY_SEED = process.env.SOAK_LATENCY_SEED;
const FAILOVER = process.env.SOAK_FAILOVER !== '0';
/** The offered rate is counted from here (seconds into the run): the sessions have logged in. */
const STEADY_FROM_S = Math.min(RAMP_S + 10, DURATION_S / 2);
if (RATE !== null && !(RATE > 0)) throw new Error(`SOAK_RATE must be a number of screens per second above 0, not ${process.env.SOAK_RATE}`);
const PERSONAS = ['ana', 'carla', 'quintino', 'nina', 'delta'];
const FAMILIES: Record<string, string[]> = {
  home: ['/home'],
  quotas: ['/groups-and-quotas', '/detalhes-da-cota'],
  slips: ['/boletos', '/boletos?filtro=todos'],
  finance: ['/financeiro'],
  help: ['/ajuda', '/notifications'],
};
const HOST = 'localhost';

const logs = mkdtempSync(join(tmpdir(), 'soak-'));
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts compiled `script` with its output in the log folder; resolves with the first line matching `ready`, if given. */
function start(name: string, script: string, env: NodeJS.ProcessEnv, ready?: RegExp): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, [...nodeFlagsFor(script), script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const out = createWriteStream(join(logs, `${name}.log`), { flags: 'a' });
  child.stderr!.pipe(out);
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      out.write(`${line}\n`);
      if (ready?.test(line)) resolve({ child, line });
    });
    if (!ready) resolve({ child, line: '' });
    child.once('exit', (code, signal) => reject(new Error(`${name} ended (${code ?? signal}) before it was ready; see ${logs}/${name}.log`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The slope of the least-squares line through (seconds, MiB) points, in MiB per minute; null under three points. */
function slopePerMinute(points: Array<[number, number]>): number | null {
  if (points.length < 3) return null;
  const mx = points.reduce((a, [t]) => a + t, 0) / points.length;
  const my = points.reduce((a, [, v]) => a + v, 0) / points.length;
  const sxx = points.reduce((a, [t]) => a + (t - mx) ** 2, 0);
  const sxy = points.reduce((a, [t, v]) => a + (t - mx) * (v - my), 0);
  return sxx === 0 ? null : (sxy / sxx) * 60;
}

/** `app_errors_total` by code, from an instance's metrics (Prometheus text); null when it did not answer. */
async function errorsByCode(metricsPort: number): Promise<Record<string, number> | null> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(2_000) })).text();
    const counts: Record<string, number> = {};
    for (const [, code, n] of text.matchAll(/^app_errors_total\{code="([^"]*)"\} (\d+)$/gm)) counts[code!] = Number(n);
    return counts;
  } catch {
    return null;
  }
}

/** The kill moment: half-way (40 % with three instances) unless told, moved by a third of a lifetime when it falls within 15 % of a token-lifetime boundary. */
function killMoment(): number {
  if (process.env.SOAK_KILL_AT_SECONDS) return Number(process.env.SOAK_KILL_AT_SECONDS);
  let at = Math.round(DURATION_S * (INSTANCES >= 3 ? 0.4 : 0.5));
  const phase = (at % TTL) / TTL;
  if (phase < 0.15 || phase > 0.85) at += Math.round(TTL / 3);
  return Math.min(at, Math.round(DURATION_S * 0.8));
}

async function main(): Promise<void> {
  if (!existsSync(COMPILED_SERVER)) throw new Error('the soak runs the compiled server: npm run build:server first');
  const load0 = loadavg();
  // Seconds into the run (from the moment every instance is up; before it, into the start).
  let started = Date.now();
  const now = () => (Date.now() - started) / 1000;
  // Production mode as the bench runs it (its API client, fresh secrets shared by every instance,
  // the console's provider never reached, bench routes on, request limits far above the load).
  const bench = benchServerEnv();
  const sandbox = await start('sandbox', 'build/sandbox/src/main.js', {
    ...bench.sandbox,
    SANDBOX_PORT: '0',
    SANDBOX_TOKEN_TTL_SECONDS: String(TTL),
    SANDBOX_CALLS_KEPT: '1000',
    SANDBOX_REFRESH_REUSE_SECONDS: String(REUSE),
    SANDBOX_LATENCY: LATENCY,
    ...(LATENCY_SEED ? { SANDBOX_LATENCY_SEED: LATENCY_SEED } : {}),
    LOG_LEVEL: 'warn',
  }, /listening on/);
  const upstream = /https?:\/\/[^\s]+/.exec(sandbox.line)![0];
  const redisUrl = process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { PORT: _port, DATA_DIR: _dataDir, ...serverEnv } = bench.server;
  const storage = INSTANCES > 1
    ? { DATABASE_URL: process.env.SOAK_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test', REDIS_URL: redisUrl }
    : { DATA_DIR: ':memory:' };
  /** Each instance process's errors by code, the last read (a process killed keeps its last). */
  const errorCounts = new Map<ChildProcess, { name: string; at: number; counts: Record<string, number> }>();
  const metricsPorts = new Map<ChildProcess, number>();
  const readErrors = async (i: Instance) => {
    const counts = await errorsByCode(metricsPorts.get(i.child)!);
    if (counts) errorCounts.set(i.child, { name: i.name, at: Math.round(now()), counts });
  };
  const startInstance = async (name: string, port: number): Promise<Instance> => {
    const metricsPort = await freePort();
    const { child } = await start(name, COMPILED_SERVER, {
      ...serverEnv,
      UPSTREAM_URL: upstream,
      HOST: '127.0.0.1',
      PORT: String(port),
      TRUST_PROXY: '1',
      // Failures only: an access line per request would be this process's work, read from the pipe.
      LOG_LEVEL: 'warn',
      // As deployed (deploy/kubernetes): metrics on their own port; the soak reads the errors by code.
      METRICS_PORT: String(metricsPort),
      ...storage,
    });
    metricsPorts.set(child, metricsPort);
    await waitFor(`http://127.0.0.1:${port}/health/ready`);
    return { name, port, child, ready: true, failures: 0, downUntil: 0, draining: false, agent: new http.Agent({ keepAlive: true, maxSockets: 256 }) };
  };
  const instances: Instance[] = [];
  // One after the other: the first runs the migrations on the shared database.
  for (let i = 1; i <= INSTANCES; i++) instances.push(await startInstance(`server-${i}`, await freePort()));
  const balancer = new Balancer(instances);
  await new Promise<void>((resolve) => balancer.server.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(balancer.server.address() as AddressInfo).port}`;

  started = Date.now();
  const until = started + DURATION_S * 1000;

  const killAt = INSTANCES > 1 && FAILOVER ? killMoment() : null;
  const restartAt = INSTANCES > 2 && FAILOVER ? Number(process.env.SOAK_RESTART_AT_SECONDS ?? Math.min(killAt! + Math.round(DURATION_S / 4), Math.round(DURATION_S * 0.85))) : null;
  // Resident memory by process: a restarted instance is a new process, with a series of its own.
  const memory = new Map<string, Array<[number, number]>>();
  const rss = (label: string, pid: number | undefined, t: number) => {
    const mib = rssMiB(pid);
    // Gone, or a zombie not yet reaped (no VmRSS).
    if (mib === null || Number.isNaN(mib)) return;
    if (!memory.has(label)) memory.set(label, []);
    memory.get(label)!.push([t, mib]);
  };
  const parts: Record<string, Array<[number, NodeJS.MemoryUsage]>> = Object.fromEntries(instances.map((i) => [i.name, []]));
  const sample = () => {
    const t = Math.round(now());
    for (const i of instances) {
      rss(`${i.name} (pid ${i.child.pid})`, i.child.pid, t);
      // Not under --expose-gc: the figures as the process holds them, no collection forced.
      fetch(`http://127.0.0.1:${i.port}/bench/memory`)
        .then(async (res) => (res.ok ? parts[i.name]!.push([t, (await res.json()) as NodeJS.MemoryUsage]) : undefined))
        .catch(() => undefined);
    }
    rss('sandbox', sandbox.child.pid, t);
  };
  sample();
  // Enough points to fit a line through the later samples: 30 over the run, one every 2 to 10 s.
  const sampler = setInterval(sample, Math.min(10_000, Math.max(2_000, (DURATION_S * 1000) / 30)));
  const errorReader = setInterval(() => void Promise.all(instances.map(readErrors)), 2_000);
  const events: string[] = [];
  const event = (text: string) => {
    events.push(`${now().toFixed(1)} s: ${text}`);
    console.log(events.at(-1));
  };
  const timers: NodeJS.Timeout[] = [];
  const running: Array<Promise<void>> = [];
  const at = (seconds: number, work: () => Promise<void> | void) =>
    timers.push(setTimeout(() => running.push(Promise.resolve().then(work).catch((err: unknown) => event(`failed: ${String(err)}`))), seconds * 1000));
  if (killAt !== null) {
    at(killAt, () => {
      const victim = instances[0]!;
      victim.child.kill('SIGKILL');
      event(`${victim.name} (pid ${victim.child.pid}) SIGKILLed, ${(now() % TTL).toFixed(1)} s into a ${TTL} s token lifetime; it stays down`);
    });
  }
  if (restartAt !== null) {
    // A rolling update's step: out of the balancer, the preStop wait, SIGTERM (the server drains), a new process on the same port.
    at(restartAt, async () => {
      const old = instances[1]!;
      balancer.drain(old);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await readErrors(old);
      const exited = new Promise((resolve) => old.child.once('exit', resolve));
      old.child.kill('SIGTERM');
      event(`${old.name} (pid ${old.child.pid}) out of the balancer, then SIGTERM`);
      await exited;
      old.agent.destroy();
      const fresh = await startInstance(old.name, old.port);
      balancer.replace(old, fresh);
      event(`${old.name} restarted (pid ${fresh.child.pid}), ready and back in the balancer`);
    });
  }
  const limits: string[] = [];
  const limitsHeld: boolean[] = [];
  if (INSTANCES > 1) {
    const check = (label: string, run: () => Promise<{ held: boolean; instances: number; text: string }>) => async () => {
      const r = await run();
      limitsHeld.push(r.held);
      limits.push(`${now().toFixed(0)} s (${label}), ${r.instances} instance(s) answered: ${r.held ? 'held' : 'NOT HELD'} — ${r.text}`);
    };
    const after = (killAt ?? 0) + 15;
    at(DURATION_S * 0.2, check('all instances up', () => wrongPasswords(proxyUrl, '10.251.0.1')));
    at(after, check('after the kill', () => wrongPasswords(proxyUrl, '10.251.0.2')));
    at(after + 10, check('after the kill', () => oneTimeCodes(proxyUrl, upstream, redisUrl)));
    at(DURATION_S * 0.92, check('near the end', () => wrongPasswords(proxyUrl, '10.251.0.3')));
  }

  const per = Math.ceil(SESSIONS / CLIENT_PROCESSES);
  const reports = await Promise.all(
    Array.from({ length: CLIENT_PROCESSES }, (_, k) => {
      const first = k * per;
      const count = Math.min(per, SESSIONS - first);
      const child = fork('bench/soak-client.ts', [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      const task: ClientTask = {
        proxy: proxyUrl,
        host: HOST,
        first,
        count,
        personas: PERSONAS,
        families: FAMILIES,
        until,
        rampMs: RAMP_S * 1000,
        // After the kill and the restart: a draft saved before both is read back through what is left.
        readDraftsAfter: killAt === null ? until - Math.min(20_000, (DURATION_S * 1000) / 4) : started + (Math.max(killAt, restartAt ?? 0) + 15) * 1000,
        ...(RATE !== null ? { pace: { intervalMs: (SESSIONS * 1000) / RATE, origin: started, sessions: SESSIONS, steadyFrom: started + STEADY_FROM_S * 1000 } } : {}),
      };
      child.send(task);
      return new Promise<ClientReport>((resolve, reject) => {
        child.once('message', (m) => resolve(m as ClientReport));
        child.once('exit', (code) => code !== 0 && reject(new Error(`load client ${k} ended with ${code}`)));
      });
    }),
  );
  clearInterval(sampler);
  clearInterval(errorReader);
  sample();
  for (const timer of timers) clearTimeout(timer);
  // A restart or a limits check still under way finishes before the report.
  await Promise.all(running);
  const load1 = loadavg();
  await Promise.all(instances.map(readErrors));
  const reuse = (await (await fetch(`${upstream}/__sandbox/refresh-reuse`)).json()) as { replayed: number; revoked: number };
  const { injected } = (await (await fetch(`${upstream}/__sandbox/latency`)).json()) as { injected: { total: number; byEndpoint: Record<string, number> } };

  const total = reports.reduce((sum, r) => {
    for (const [k, v] of Object.entries(r)) if (typeof v === 'number') (sum as unknown as Record<string, number>)[k] = ((sum as unknown as Record<string, number>)[k] ?? 0) + v;
    sum.lostDrafts.push(...r.lostDrafts);
    for (const [key, n] of Object.entries(r.failures)) sum.failures[key] = (sum.failures[key] ?? 0) + n;
    sum.examples.push(...r.examples);
    for (const [family, values] of Object.entries(r.latencies)) (sum.latencies[family] ??= []).push(...values);
    for (const [name, n] of Object.entries(r.byInstance)) sum.byInstance[name] = (sum.byInstance[name] ?? 0) + n;
    return sum;
  }, { lostDrafts: [], examples: [], latencies: {}, byInstance: {}, failures: {} } as unknown as ClientReport);

  console.log(`\nsoak: ${SESSIONS} sessions in ${CLIENT_PROCESSES} client process(es), ${MINUTES} min, ${INSTANCES} compiled instance(s) in production mode on Node.js ${process.versions.node}, token lifetime ${TTL} s`);
  console.log(`offered load: ${RATE === null ? 'closed-loop (each session asks its next screen once the last answered)' : `open-loop, ${RATE} screens/s (one every ${(SESSIONS / RATE).toFixed(2)} s per session) · offered from ${STEADY_FROM_S.toFixed(0)} s on ${(total.screensDueSteady / (DURATION_S - STEADY_FROM_S)).toFixed(1)}/s · screens due ${total.screensDue}, sent more than 100 ms late ${total.sentLate}, worst ${Math.max(0, ...reports.map((r) => r.maxSendDelayMs))} ms`}`);
  console.log(`back-office latency profile: ${LATENCY}${LATENCY_SEED ? ` (seed ${LATENCY_SEED})` : ''} · errors it injected ${injected.total}${injected.total ? ` (${Object.entries(injected.byEndpoint).sort(([, a], [, b]) => b - a).map(([e, n]) => `${e} ${n}`).join(', ')})` : ''}`);
  for (const line of events) console.log(`  ${line}`);
  console.log(machineLine());
  console.log(`load average at start ${load0.map((l) => l.toFixed(2)).join(' ')}, at end ${load1.map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`sessions logged in ${total.logins} · login failures ${total.loginFailures} · logins or quota choices tried again after "try again" ${total.loginsRetried}`);
  console.log(`requests ${total.requests} · 5xx ${total.fiveXx} ${total.fiveXx === 0 ? '(zero-5xx: yes)' : '(zero-5xx: NO)'} · answers sending to login ${total.sentToLogin} (sessions lost ${total.sessionsLost})`);
  // Failed answers and who failed them: the servers' own count of answers whose error was the
  // back office's SIMULATED_FAILURE, plus login "try again" answers up to the errors the sandbox
  // injected into session.login; the rest are not the profile's.
  const serverCounts: Record<string, number> = {};
  for (const { counts } of errorCounts.values()) for (const [code, n] of Object.entries(counts)) serverCounts[code] = (serverCounts[code] ?? 0) + n;
  const failed = total.fiveXx + total.errorDocuments;
  const loginDocuments = Object.entries(total.failures).filter(([key]) => key.startsWith('POST /api/actions/auth/login ') && !/ 5\d\d$/.test(key)).reduce((a, [, n]) => a + n, 0);
  const byProfile = Math.min(failed, (serverCounts.SIMULATED_FAILURE ?? 0) + Math.min(loginDocuments, injected.byEndpoint['session.login'] ?? 0));
  console.log(`failed answers ${failed} (5xx ${total.fiveXx}, error documents ${total.errorDocuments}): by the profile's injected errors ${byProfile} · not the profile's ${failed - byProfile} ${failed - byProfile === 0 ? '(none: yes)' : '(NO)'}`);
  console.log(`  partial, not failed: screens drawn with a part pending (its call past its budget) ${total.partialScreens}`);
  if (failed) console.log(`  by request: ${Object.entries(total.failures).sort(([, a], [, b]) => b - a).map(([key, n]) => `${key} ×${n}`).join(' · ')}`);
  console.log(`  the servers' errors by code (app_errors_total, also refusals that answer no failure): ${Object.entries(serverCounts).sort(([, a], [, b]) => b - a).map(([code, n]) => `${code} ${n}`).join(' · ') || 'none'}`);
  const killed = [...errorCounts].filter(([child]) => !instances.some((i) => i.child === child)).map(([, read]) => read);
  if (killed.length) console.log(`  (counts of instances gone before the end as last read: ${killed.map(({ name, at }) => `${name} at ${at} s`).join(', ')})`);
  console.log(`transport: GETs retried by the balancer on another instance ${total.getsRetriedByProxy} · POSTs retried by the client with the same Idempotency-Key ${total.postsRetried} · failed for good ${total.transportFailures}`);
  console.log(`answers by instance: ${Object.entries(total.byInstance).sort().map(([name, n]) => `${name} ${n}`).join(' · ')}`);
  if (limits.length) console.log(`limits shared across instances: ${limitsHeld.every(Boolean) && limitsHeld.length === limits.length ? 'yes' : 'NO'}\n  ${limits.join('\n  ')}`);
  console.log(`refresh tokens used again (a rotation lost with the killed instance): replayed within the back office's ${REUSE} s grace ${reuse.replayed} · families revoked ${reuse.revoked}`);
  console.log(`bid drafts: saved ${total.draftsSaved} (offers closed for ${total.draftsNotOffered}), saved again during the walk ${total.draftsResaved} · read back ${total.draftsReadBack} · lost ${total.draftsLost}${total.lostDrafts.length ? `\n  ${total.lostDrafts.join('\n  ')}` : ''}`);
  if (total.examples.length) console.log(`examples of failures:\n  ${total.examples.join('\n  ')}`);
  const line = (label: string, values: number[]) => {
    const sorted = values.sort((a, b) => a - b);
    console.log(`${label.padEnd(8)} n=${String(sorted.length).padEnd(7)} p50 ${percentile(sorted, 0.5)} ms  p95 ${percentile(sorted, 0.95)} ms  p99 ${percentile(sorted, 0.99)} ms`);
  };
  console.log(`screens answered (ms, ${RATE === null ? 'from sending' : 'from the instant each was due'}):`);
  line('all', Object.keys(FAMILIES).flatMap((family) => total.latencies[family] ?? []));
  for (const family of Object.keys(FAMILIES)) line(family, total.latencies[family] ?? []);
  console.log('memory over time (VmRSS, MiB, each process on its own), and the slope of a least-squares line through the second half of its samples:');
  for (const [name, series] of memory) {
    const step = Math.max(1, Math.ceil(series.length / 12));
    const shown = series.filter((_, k) => k % step === 0 || k === series.length - 1);
    const half = series.slice(Math.floor(series.length / 2));
    const slope = slopePerMinute(half);
    console.log(`  ${name}: ${shown.map(([t, mib]) => `${t}s ${mib}`).join(' · ')}`);
    console.log(`    slope ${slope === null ? '— (under three samples)' : `${slope >= 0 ? '+' : ''}${slope.toFixed(2)} MiB/min`} over ${half[0]?.[0] ?? 0}–${half.at(-1)?.[0] ?? 0} s (${half.length} samples)`);
  }
  // Where a server's memory is: the JS heap (used / reserved) and memory outside it (PGlite's
  // WebAssembly memory, buffers), at the start, the thirds and the end.
  const mib = (n: number) => (n / 2 ** 20).toFixed(0);
  for (const [name, series] of Object.entries(parts)) {
    if (series.length === 0) continue;
    const picks = [...new Set([0, Math.floor(series.length / 3), Math.floor((2 * series.length) / 3), series.length - 1])].map((k) => series[k]!);
    console.log(`  ${name} parts (MiB): ${picks.map(([t, u]) => `${t}s heap ${mib(u.heapUsed)} of ${mib(u.heapTotal)}, external ${mib(u.external)} (ArrayBuffers ${mib(u.arrayBuffers)})`).join(' · ')}`);
  }
  console.log(`logs: ${logs}`);

  balancer.close();
  for (const i of instances) {
    if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGTERM');
  }
  await Promise.all(instances.map((i) => (i.child.exitCode === null && i.child.signalCode === null ? new Promise((resolve) => i.child.once('exit', resolve)) : null)));
  sandbox.child.kill('SIGTERM');
}

await main();
