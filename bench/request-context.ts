/**
 * `npm run bench:context` (prints, never asserts): what the request context costs — the
 * AsyncLocalStorage every request runs in (server/src/observability/request-context.ts) — on the
 * Node.js that runs it. The same small server (bench/request-context-server.ts) in separate
 * processes: without the context, with it, and on Node.js 24 and later with it on the older
 * async_hooks implementation too (`--no-async-context-frame`; 24 keeps a context in
 * AsyncContextFrame by default). Server CPU per request from /proc under autocannon, three
 * alternating rounds, medians and the difference each makes. BENCH_SECONDS (5), BENCH_CONNECTIONS (20).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { cpuOf } from './process-stats.js';
import { median } from './median.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const major = Number(process.versions.node.split('.')[0]);

interface Variant {
  name: string;
  env: Record<string, string>;
  nodeArgs: string[];
}
const variants: Variant[] = [
  { name: 'no context', env: { CONTEXT: 'off' }, nodeArgs: [] },
  { name: major >= 24 ? 'context (AsyncContextFrame)' : 'context (async_hooks)', env: { CONTEXT: 'on' }, nodeArgs: [] },
  ...(major >= 24 ? [{ name: 'context (async_hooks)', env: { CONTEXT: 'on' }, nodeArgs: ['--no-async-context-frame'] }] : []),
];

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((child) => child.kill()));

function start(variant: Variant): Promise<{ pid: number; url: string }> {
  const child = spawn(process.execPath, [...variant.nodeArgs, '--import', 'tsx', 'bench/request-context-server.ts'], { env: { ...process.env, ...variant.env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = /listening on (\d+)/.exec(line)?.[1];
      if (port) resolve({ pid: child.pid!, url: `http://127.0.0.1:${port}/bench/screen` });
    });
    child.once('exit', (code) => reject(new Error(`${variant.name}: server exited ${code}`)));
  });
}

async function cpuPerRequest(target: { pid: number; url: string }): Promise<number> {
  const before = cpuOf(target.pid);
  const r = await autocannon({ url: target.url, connections: CONNECTIONS, duration: SECONDS });
  if (r.errors + r.non2xx > 0) throw new Error(`${target.url}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  return (cpuOf(target.pid) - before) / r.requests.total;
}

const servers = await Promise.all(variants.map(start));
const rounds: number[][] = variants.map(() => []);
for (const server of servers) await autocannon({ url: server.url, connections: CONNECTIONS, duration: 2 }); // warm-up
for (let round = 1; round <= 3; round++) {
  for (const [k, server] of servers.entries()) {
    const us = await cpuPerRequest(server);
    rounds[k]!.push(us);
    console.log(`round ${round} ${variants[k]!.name.padEnd(28)} server CPU ${us.toFixed(1)} µs/request`);
  }
}
const plain = median(rounds[0]!);
console.log(`\nNode.js ${process.versions.node}: server CPU per request, medians of three rounds`);
for (const [k, variant] of variants.entries()) {
  const us = median(rounds[k]!);
  console.log(`  ${variant.name.padEnd(28)} ${us.toFixed(1).padStart(6)} µs${k === 0 ? '' : `   the context costs ${(us - plain).toFixed(1)} µs (${(us / plain).toFixed(2)}×)`}`);
}
process.exit(0);
