/**
 * `npm run soak` (not a test; it prints and never asserts): N concurrent sessions across the
 * personas against the server for a bounded time, then the 5xx count, p99 per screen family and
 * memory over time. Everything runs on 127.0.0.1.
 *
 *   SOAK_SESSIONS (default 20) · SOAK_MINUTES (default 0.25) — the run: 1000 and 10
 *   SOAK_INSTANCES=2 — two server instances sharing PostgreSQL (SOAK_DATABASE_URL, default
 *     postgresql://postgres@127.0.0.1:5432/test) and Redis (SOAK_REDIS_URL, default
 *     redis://127.0.0.1:6379) behind a tiny local proxy; one instance is killed half-way and
 *     every session must go on through the other.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSandbox } from '../sandbox/src/app.js';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { client, findAll } from '../tests/helpers/api-client.js';

const SESSIONS = Number(process.env.SOAK_SESSIONS ?? 20);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 0.25);
const INSTANCES = Number(process.env.SOAK_INSTANCES ?? 1);
const PERSONAS = ['ana', 'carla', 'quintino', 'nina', 'delta'];
const FAMILIES: Record<string, string[]> = {
  home: ['/home'],
  quotas: ['/groups-and-quotas', '/detalhes-da-cota'],
  slips: ['/boletos', '/boletos?filtro=todos'],
  finance: ['/financeiro'],
  help: ['/ajuda', '/notifications'],
};

const latencies = new Map<string, number[]>();
let fiveXx = 0;
let requests = 0;
let transportErrors = 0;
const memory: string[] = [];

function p(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const sandbox = await buildSandbox({ logger: false });
  await sandbox.listen({ host: '127.0.0.1', port: 0 });
  const upstream = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  const shared = INSTANCES > 1 ? { DATABASE_URL: process.env.SOAK_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test', REDIS_URL: process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379' } : { DATA_DIR: ':memory:' };
  const servers: Array<{ app: Awaited<ReturnType<typeof buildApp>>; port: number; alive: boolean }> = [];
  for (let i = 0; i < INSTANCES; i++) {
    const app = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: upstream, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', TRUST_PROXY: '1', ...shared }), { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    servers.push({ app, port: (app.server.address() as AddressInfo).port, alive: true });
  }
  // The tiny balancer: round robin over live instances; a connection refused goes to the next one.
  let next = 0;
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tryOn = (left: number) => {
        const live = servers.filter((s) => s.alive);
        const target = live[next++ % live.length]!;
        const out = http.request({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': '127.0.0.1' } }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        out.on('error', () => (left > 0 ? tryOn(left - 1) : (res.writeHead(502), res.end())));
        out.end(body);
      };
      tryOn(INSTANCES);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const base = `http://localhost:${(proxy.address() as AddressInfo).port}`;

  const started = Date.now();
  const until = started + MINUTES * 60_000;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    memory.push(`${Math.round((Date.now() - started) / 1000)}s rss ${Math.round(m.rss / 2 ** 20)} MiB heap ${Math.round(m.heapUsed / 2 ** 20)} MiB`);
  }, Math.max(1_000, (MINUTES * 60_000) / 10));
  let killed = false;
  const killer = INSTANCES > 1 ? setTimeout(async () => {
    const victim = servers[0]!;
    victim.alive = false;
    killed = true;
    victim.app.server.closeAllConnections();
    await victim.app.close();
    console.log(`instance on :${victim.port} killed at ${Math.round((Date.now() - started) / 1000)}s`);
  }, (MINUTES * 60_000) / 2) : null;

  let lostSessions = 0;
  async function session(n: number): Promise<void> {
    const c = client(base);
    const who = PERSONAS[n % PERSONAS.length]!;
    try {
      await c.loginWithQuota(who);
    } catch {
      transportErrors++;
      return;
    }
    const families = Object.entries(FAMILIES);
    for (let i = n; Date.now() < until; i++) {
      const [family, paths] = families[i % families.length]!;
      const path = paths[i % paths.length]!;
      const t0 = performance.now();
      try {
        const res = await c.screen(path);
        requests++;
        if (res.status >= 500) fiveXx++;
        if (res.body?.kind === 'redirect' && String(res.body.to).startsWith('/login')) lostSessions++;
        const seen = latencies.get(family) ?? [];
        seen.push(performance.now() - t0);
        latencies.set(family, seen);
        void findAll;
      } catch {
        transportErrors++;
      }
    }
  }
  await Promise.all(Array.from({ length: SESSIONS }, (_, n) => session(n)));
  clearInterval(sampler);
  if (killer) clearTimeout(killer);

  console.log(`\nsoak: ${SESSIONS} sessions, ${MINUTES} min, ${INSTANCES} instance(s)${killed ? ' (one killed half-way)' : ''}`);
  console.log(`requests ${requests} · 5xx ${fiveXx} ${fiveXx === 0 ? '(zero-5xx: yes)' : '(zero-5xx: NO)'} · transport errors ${transportErrors} · sessions sent to login ${lostSessions}`);
  for (const [family, values] of latencies) console.log(`${family.padEnd(8)} n=${values.length} p50 ${p(values, 0.5).toFixed(0)} ms  p99 ${p(values, 0.99).toFixed(0)} ms`);
  console.log(`memory over time (this process: sandbox + server(s)):\n  ${memory.join('\n  ')}`);

  proxy.close();
  for (const s of servers) if (s.alive) await s.app.close();
  await sandbox.close();
}

await main();
