/**
 * `npm run soak` (not a test; it prints and never asserts): N concurrent sessions across the
 * personas against the server for a bounded time, then the 5xx count, p50/p99 per screen family,
 * each server's memory over time and, with several instances, what losing and restarting them cost.
 * Everything runs on 127.0.0.1, each part in its own process: the sandbox and every server instance
 * compiled to JavaScript as the image runs them (`npm run build:server` first; configured by
 * environment as in production), the load clients (bench/soak-client.ts); this process only runs
 * the balancer (bench/balancer.ts) and reports.
 *
 *   SOAK_SESSIONS (default 20) · SOAK_MINUTES (default 0.25)
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
import { COMPILED_SERVER, UNTHROTTLED, nodeFlagsFor } from './processes.js';
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
  const sandbox = await start('sandbox', 'build/sandbox/src/main.js', { SANDBOX_PORT: '0', SANDBOX_TOKEN_TTL_SECONDS: String(TTL), SANDBOX_CALLS_KEPT: '1000', SANDBOX_REFRESH_REUSE_SECONDS: String(REUSE), LOG_LEVEL: 'warn' }, /listening on/);
  const upstream = /https?:\/\/[^\s]+/.exec(sandbox.line)![0];
  const redisUrl = process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const storage = INSTANCES > 1
    ? { DATABASE_URL: process.env.SOAK_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test', REDIS_URL: redisUrl }
    : { DATA_DIR: ':memory:' };
  const startInstance = async (name: string, port: number): Promise<Instance> => {
    const { child } = await start(name, COMPILED_SERVER, {
      APP_ENV: 'test',
      // As production: screens are not validated against the contract on every answer.
      VALIDATE_SCREENS: 'false',
      UPSTREAM_URL: upstream,
      HOST: '127.0.0.1',
      PORT: String(port),
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      // GET /bench/memory: the process's own account of its memory (heap, external), sampled with its RSS.
      BENCH_ROUTES: 'true',
      // Hundreds of sessions from one address, faster than a person: the request limits would refuse them.
      ...UNTHROTTLED,
      ...storage,
    });
    await waitFor(`http://127.0.0.1:${port}/health/ready`);
    return { name, port, child, ready: true, failures: 0, downUntil: 0, draining: false, agent: new http.Agent({ keepAlive: true, maxSockets: 256 }) };
  };
  const instances: Instance[] = [];
  // One after the other: the first runs the migrations on the shared database.
  for (let i = 1; i <= INSTANCES; i++) instances.push(await startInstance(`server-${i}`, await freePort()));
  const balancer = new Balancer(instances);
  await new Promise<void>((resolve) => balancer.server.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(balancer.server.address() as AddressInfo).port}`;

  const started = Date.now();
  const until = started + DURATION_S * 1000;
  const now = () => (Date.now() - started) / 1000;
  const killAt = INSTANCES > 1 ? killMoment() : null;
  const restartAt = INSTANCES > 2 ? Number(process.env.SOAK_RESTART_AT_SECONDS ?? Math.min(killAt! + Math.round(DURATION_S / 4), Math.round(DURATION_S * 0.85))) : null;
  const memory: Record<string, Array<[number, number | null]>> = Object.fromEntries([...instances.map((i) => [i.name, []]), ['sandbox', []]]);
  const parts: Record<string, Array<[number, NodeJS.MemoryUsage]>> = Object.fromEntries(instances.map((i) => [i.name, []]));
  const sample = () => {
    const t = Math.round(now());
    for (const i of instances) {
      memory[i.name]!.push([t, rssMiB(i.child.pid)]);
      // Not under --expose-gc: the figures as the process holds them, no collection forced.
      fetch(`http://127.0.0.1:${i.port}/bench/memory`)
        .then(async (res) => (res.ok ? parts[i.name]!.push([t, (await res.json()) as NodeJS.MemoryUsage]) : undefined))
        .catch(() => undefined);
    }
    memory.sandbox!.push([t, rssMiB(sandbox.child.pid)]);
  };
  sample();
  const sampler = setInterval(sample, Math.max(5_000, (DURATION_S * 1000) / 20));
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
      };
      child.send(task);
      return new Promise<ClientReport>((resolve, reject) => {
        child.once('message', (m) => resolve(m as ClientReport));
        child.once('exit', (code) => code !== 0 && reject(new Error(`load client ${k} ended with ${code}`)));
      });
    }),
  );
  clearInterval(sampler);
  sample();
  for (const timer of timers) clearTimeout(timer);
  // A restart or a limits check still under way finishes before the report.
  await Promise.all(running);
  const load1 = loadavg();
  const reuse = (await (await fetch(`${upstream}/__sandbox/refresh-reuse`)).json()) as { replayed: number; revoked: number };

  const total = reports.reduce((sum, r) => {
    for (const [k, v] of Object.entries(r)) if (typeof v === 'number') (sum as unknown as Record<string, number>)[k] = ((sum as unknown as Record<string, number>)[k] ?? 0) + v;
    sum.lostDrafts.push(...r.lostDrafts);
    sum.examples.push(...r.examples);
    for (const [family, values] of Object.entries(r.latencies)) (sum.latencies[family] ??= []).push(...values);
    for (const [name, n] of Object.entries(r.byInstance)) sum.byInstance[name] = (sum.byInstance[name] ?? 0) + n;
    return sum;
  }, { lostDrafts: [], examples: [], latencies: {}, byInstance: {} } as unknown as ClientReport);

  console.log(`\nsoak: ${SESSIONS} sessions in ${CLIENT_PROCESSES} client process(es), ${MINUTES} min, ${INSTANCES} compiled instance(s) on Node.js ${process.versions.node}, token lifetime ${TTL} s`);
  for (const line of events) console.log(`  ${line}`);
  console.log(machineLine());
  console.log(`load average at start ${load0.map((l) => l.toFixed(2)).join(' ')}, at end ${load1.map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`sessions logged in ${total.logins} · login failures ${total.loginFailures}`);
  console.log(`requests ${total.requests} · 5xx ${total.fiveXx} ${total.fiveXx === 0 ? '(zero-5xx: yes)' : '(zero-5xx: NO)'} · answers sending to login ${total.sentToLogin} (sessions lost ${total.sessionsLost})`);
  console.log(`transport: GETs retried by the balancer on another instance ${total.getsRetriedByProxy} · POSTs retried by the client with the same Idempotency-Key ${total.postsRetried} · failed for good ${total.transportFailures}`);
  console.log(`answers by instance: ${Object.entries(total.byInstance).sort().map(([name, n]) => `${name} ${n}`).join(' · ')}`);
  if (limits.length) console.log(`limits shared across instances: ${limitsHeld.every(Boolean) && limitsHeld.length === limits.length ? 'yes' : 'NO'}\n  ${limits.join('\n  ')}`);
  console.log(`refresh tokens used again (a rotation lost with the killed instance): replayed within the back office's ${REUSE} s grace ${reuse.replayed} · families revoked ${reuse.revoked}`);
  console.log(`bid drafts: saved ${total.draftsSaved} (offers closed for ${total.draftsNotOffered}), saved again during the walk ${total.draftsResaved} · read back ${total.draftsReadBack} · lost ${total.draftsLost}${total.lostDrafts.length ? `\n  ${total.lostDrafts.join('\n  ')}` : ''}`);
  if (total.examples.length) console.log(`examples of failures:\n  ${total.examples.join('\n  ')}`);
  for (const family of Object.keys(FAMILIES)) {
    const sorted = (total.latencies[family] ?? []).sort((a, b) => a - b);
    console.log(`${family.padEnd(8)} n=${sorted.length} p50 ${percentile(sorted, 0.5)} ms  p99 ${percentile(sorted, 0.99)} ms`);
  }
  console.log('memory over time (VmRSS, MiB, each process on its own):');
  for (const [name, series] of Object.entries(memory)) {
    console.log(`  ${name.padEnd(9)} ${series.map(([t, mib]) => `${t}s ${mib ?? '—'}`).join(' · ')}`);
    // Flat: after the first quarter (warm-up), the last third no higher than the middle third.
    const values = series.slice(Math.floor(series.length / 4)).map(([, mib]) => mib).filter((mib): mib is number => mib !== null);
    const third = Math.floor(values.length / 3);
    if (third > 0) {
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const rise = mean(values.slice(-third)) - mean(values.slice(third, 2 * third));
      console.log(`  ${''.padEnd(9)} after warm-up: middle third → last third ${rise >= 0 ? '+' : ''}${rise.toFixed(0)} MiB`);
    }
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
