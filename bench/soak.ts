/**
 * `npm run soak` (not a test; it prints and never asserts): N concurrent sessions across the
 * personas against the server for a bounded time, then the 5xx count, p50/p99 per screen family,
 * each server's memory over time and, with two instances, what the crash of one cost.
 * Everything runs on 127.0.0.1, each part in its own process: the sandbox, every server instance
 * (`node --import tsx server/src/main.ts`, configured by environment as in production), the load
 * clients (bench/soak-client.ts); this process only runs the small proxy and reports.
 *
 *   SOAK_SESSIONS (default 20) · SOAK_MINUTES (default 0.25) — the issue's run: 1000 and 10
 *   SOAK_INSTANCES=2 — two instances sharing PostgreSQL (SOAK_DATABASE_URL, default
 *     postgresql://postgres@127.0.0.1:5432/test) and Redis (SOAK_REDIS_URL, default
 *     redis://127.0.0.1:6379) behind the proxy; one is SIGKILLed mid-run (SOAK_KILL_AT_SECONDS,
 *     default half-way, moved off the token-lifetime boundaries) and every session must go on
 *     through the other, its bid draft intact.
 *   SOAK_TOKEN_TTL_SECONDS (default 300, the sandbox's) — shorter in short runs, so that tokens
 *     are refreshed during the run and the kill falls between refreshes.
 *   SOAK_REFRESH_REUSE_SECONDS (default 0, the sandbox's) — the back office's grace for a rotated
 *     refresh token used again (SANDBOX_REFRESH_REUSE_SECONDS): with 0, a session whose refresh
 *     was in flight on the killed instance is lost (the rotation answered, never stored).
 *   SOAK_CLIENT_PROCESSES (default one per 500 sessions).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, createWriteStream, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ClientReport, ClientTask } from './soak-client.js';
import { waitFor } from './wait.js';

const SESSIONS = Number(process.env.SOAK_SESSIONS ?? 20);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 0.25);
const INSTANCES = Number(process.env.SOAK_INSTANCES ?? 1);
const TTL = Number(process.env.SOAK_TOKEN_TTL_SECONDS ?? 300);
const REUSE = Number(process.env.SOAK_REFRESH_REUSE_SECONDS ?? 0);
const CLIENT_PROCESSES = Number(process.env.SOAK_CLIENT_PROCESSES ?? Math.max(1, Math.ceil(SESSIONS / 500)));
const DURATION_S = MINUTES * 60;
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

/** Starts `script` under tsx with its output in the log folder; resolves with the first line matching `ready`, if given. */
function start(name: string, script: string, env: NodeJS.ProcessEnv, ready?: RegExp): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const out = createWriteStream(join(logs, `${name}.log`));
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

/** Resident memory of a process, from /proc (MiB), or null once it is gone. */
function rssMiB(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  /** The proxy stops sending here until then (epoch ms) after a refused or reset connection. */
  downUntil: number;
  agent: http.Agent;
}

/**
 * The small balancer: round robin over the instances, each answer read whole before it is handed
 * on. Like nginx's proxy_next_upstream for idempotent requests, a GET whose connection was refused
 * or reset goes to the next instance (marked `x-soak-retried`); any other request that failed in
 * transport gets a 502 marked `x-soak-proxy: transport`, which the client sends again with the
 * same Idempotency-Key. An instance that failed is skipped for 10 s (nginx's fail_timeout).
 */
function proxy(instances: Instance[]): http.Server {
  let next = 0;
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const idempotent = req.method === 'GET' || req.method === 'HEAD';
      const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-forwarded-for': String(req.headers['x-soak-client'] ?? req.socket.remoteAddress), 'x-forwarded-proto': 'http' };
      // Hop-by-hop: the proxy keeps its own connections to the instances.
      delete headers.connection;
      delete headers['keep-alive'];
      const attempt = (tried: Set<Instance>) => {
        const now = Date.now();
        const candidates = instances.filter((i) => !tried.has(i));
        const live = candidates.filter((i) => i.downUntil <= now);
        const target = (live.length ? live : candidates)[next++ % (live.length || candidates.length)];
        if (!target) {
          res.writeHead(502, { 'x-soak-proxy': 'transport' }).end('no instance answered');
          return;
        }
        tried.add(target);
        const out = http.request({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers, agent: target.agent }, (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const retried = tried.size > 1 ? { 'x-soak-retried': '1' } : {};
            res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...retried }).end(Buffer.concat(parts));
          });
          answer.on('error', failed);
        });
        let done = false;
        function failed(err?: Error) {
          if (done) return;
          if (process.env.SOAK_DEBUG) console.error(`proxy: ${req.method} ${req.url} on ${target!.name} failed: ${String(err)}`);
          done = true;
          target!.downUntil = Date.now() + 10_000;
          if (idempotent) attempt(tried);
          else res.writeHead(502, { 'x-soak-proxy': 'transport' }).end('transport failure');
        }
        out.on('error', failed);
        out.end(body);
      };
      attempt(new Set());
    });
  });
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The kill moment: half-way unless told, moved by a third of a lifetime when it falls within 15 % of a token-lifetime boundary. */
function killMoment(): number {
  if (process.env.SOAK_KILL_AT_SECONDS) return Number(process.env.SOAK_KILL_AT_SECONDS);
  let at = Math.round(DURATION_S / 2);
  const phase = (at % TTL) / TTL;
  if (phase < 0.15 || phase > 0.85) at += Math.round(TTL / 3);
  return Math.min(at, Math.round(DURATION_S * 0.8));
}

async function main(): Promise<void> {
  const load0 = loadavg();
  const sandbox = await start('sandbox', 'sandbox/src/main.ts', { SANDBOX_PORT: '0', SANDBOX_TOKEN_TTL_SECONDS: String(TTL), SANDBOX_CALLS_KEPT: '1000', SANDBOX_REFRESH_REUSE_SECONDS: String(REUSE), LOG_LEVEL: 'warn' }, /listening on/);
  const upstream = /https?:\/\/[^\s]+/.exec(sandbox.line)![0];
  const storage = INSTANCES > 1
    ? { DATABASE_URL: process.env.SOAK_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test', REDIS_URL: process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379' }
    : { DATA_DIR: ':memory:' };
  const instances: Instance[] = [];
  // One after the other: the first runs the migrations on the shared database.
  for (let i = 1; i <= INSTANCES; i++) {
    const port = await freePort();
    const { child } = await start(`server-${i}`, 'server/src/main.ts', {
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
      ...storage,
    });
    await waitFor(`http://127.0.0.1:${port}/health/ready`);
    instances.push({ name: `server-${i}`, port, child, downUntil: 0, agent: new http.Agent({ keepAlive: true, maxSockets: 256 }) });
  }
  const balancer = proxy(instances);
  await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;

  const started = Date.now();
  const until = started + DURATION_S * 1000;
  const killAt = INSTANCES > 1 ? killMoment() : null;
  const memory: Record<string, Array<[number, number | null]>> = Object.fromEntries([...instances.map((i) => [i.name, []]), ['sandbox', []]]);
  const parts: Record<string, Array<[number, NodeJS.MemoryUsage]>> = Object.fromEntries(instances.map((i) => [i.name, []]));
  const sample = () => {
    const t = Math.round((Date.now() - started) / 1000);
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
  const kill = { at: null as number | null };
  const killer = killAt === null ? null : setTimeout(() => {
    const victim = instances[0]!;
    victim.child.kill('SIGKILL');
    const at = (kill.at = (Date.now() - started) / 1000);
    console.log(`${victim.name} (pid ${victim.child.pid}) SIGKILLed at ${at.toFixed(1)} s — ${(at % TTL).toFixed(1)} s into a ${TTL} s token lifetime`);
  }, killAt * 1000);

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
        readDraftsAfter: killAt === null ? until - Math.min(20_000, (DURATION_S * 1000) / 4) : started + (killAt + 10) * 1000,
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
  if (killer) clearTimeout(killer);
  const load1 = loadavg();
  const reuse = (await (await fetch(`${upstream}/__sandbox/refresh-reuse`)).json()) as { replayed: number; revoked: number };

  const total = reports.reduce((sum, r) => {
    for (const [k, v] of Object.entries(r)) if (typeof v === 'number') (sum as unknown as Record<string, number>)[k] = ((sum as unknown as Record<string, number>)[k] ?? 0) + v;
    sum.lostDrafts.push(...r.lostDrafts);
    sum.examples.push(...r.examples);
    for (const [family, values] of Object.entries(r.latencies)) (sum.latencies[family] ??= []).push(...values);
    return sum;
  }, { lostDrafts: [], examples: [], latencies: {} } as unknown as ClientReport);

  console.log(`\nsoak: ${SESSIONS} sessions in ${CLIENT_PROCESSES} client process(es), ${MINUTES} min, ${INSTANCES} instance(s), token lifetime ${TTL} s${kill.at !== null ? `, one SIGKILLed at ${kill.at.toFixed(1)} s` : ''}`);
  console.log(`machine: ${cpus().length} cores, load average at start ${load0.map((l) => l.toFixed(2)).join(' ')}, at end ${load1.map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`sessions logged in ${total.logins} · login failures ${total.loginFailures}`);
  console.log(`requests ${total.requests} · 5xx ${total.fiveXx} ${total.fiveXx === 0 ? '(zero-5xx: yes)' : '(zero-5xx: NO)'} · answers sending to login ${total.sentToLogin} (sessions lost ${total.sessionsLost})`);
  console.log(`transport: GETs retried by the proxy on the other instance ${total.getsRetriedByProxy} · POSTs retried by the client with the same Idempotency-Key ${total.postsRetried} · failed for good ${total.transportFailures}`);
  console.log(`refresh tokens used again (a rotation lost with the killed instance): replayed within the back office's ${REUSE} s grace ${reuse.replayed} · families revoked ${reuse.revoked}`);
  console.log(`bid drafts: saved ${total.draftsSaved} (offers closed for ${total.draftsNotOffered}) · read back ${total.draftsReadBack} · lost ${total.draftsLost}${total.lostDrafts.length ? `\n  ${total.lostDrafts.join('\n  ')}` : ''}`);
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
    i.agent.destroy();
    if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGTERM');
  }
  await Promise.all(instances.map((i) => (i.child.exitCode === null && i.child.signalCode === null ? new Promise((resolve) => i.child.once('exit', resolve)) : null)));
  sandbox.child.kill('SIGTERM');
}

await main();
