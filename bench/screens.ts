/**
 * `npm run bench`: what a server-driven screen costs over the upstream calls it must make.
 * Starts the sandbox and the server as separate processes, logs in as ana, then measures with
 * autocannon, alternating three rounds of:
 *   (a) GET /api/screens?path=/home           — the screen endpoint
 *   (b) GET /api/bench/passthrough/home       — same server, logging and undici pool, same upstream calls, raw JSON
 *   (c) GET /bench/hello                      — a bare Fastify route: the stack's limit
 * and prints req/s, p50/p99 and the median ratios. It never asserts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const children: ChildProcess[] = [];

function start(script: string, env: NodeJS.ProcessEnv, ready: RegExp | null): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  if (!ready) {
    child.stdout!.resume();
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => ready.test(line) && resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function loginAsAna(base: string): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'consorcio-app' };
  const login = await fetch(`${base}/api/actions/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ modo: 'cota', grupo: '001234', cota: '0567', versao: '00', senha: '135790' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const body = (await login.json()) as { kind: string; to?: string };
  if (body.to !== '/home') throw new Error(`login failed: ${JSON.stringify(body)}`);
  const home = (await (await fetch(`${base}/api/screens?path=/home`, { headers: { cookie } })).json()) as { screen?: string };
  if (home.screen !== 'home') throw new Error(`home not reached: ${JSON.stringify(home)}`);
  return cookie;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, cookie: string): Promise<Figures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function loginBundleBytes(): { files: string[]; gzip: number } {
  const html = readFileSync('dist/renderer/index.html', 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]!);
  const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(`dist/renderer${f}`)).length, 0);
  return { files, gzip };
}

async function main() {
  const sandboxPort = process.env.BENCH_SANDBOX_PORT ?? '4710';
  const serverPort = process.env.BENCH_SERVER_PORT ?? '3710';
  await start('sandbox/src/main.ts', { SANDBOX_PORT: sandboxPort, SANDBOX_TOKEN_TTL_SECONDS: '3600' }, /listening on/);
  await start(
    'server/src/main.ts',
    { PORT: serverPort, UPSTREAM_URL: `http://127.0.0.1:${sandboxPort}`, DATA_DIR: ':memory:', BENCH_ROUTES: 'true', APP_ENV: 'production', COOKIE_SECRET: 'b'.repeat(32), LOG_LEVEL: 'info', VALIDATE_SCREENS: 'false' },
    null,
  );
  const base = `http://127.0.0.1:${serverPort}`;
  await waitFor(`${base}/health/ready`);
  // Production mode names the cookie __Host-Http-sid; locally over http we pass it by hand.
  const cookie = await loginAsAna(base);

  const targets = {
    screen: `${base}/api/screens?path=/home`,
    passthrough: `${base}/api/bench/passthrough/home`,
    bare: `${base}/bench/hello`,
  } as const;
  const rounds: Record<keyof typeof targets, Figures[]> = { screen: [], passthrough: [], bare: [] };
  await measure(targets.screen, cookie); // warm-up (JIT, pools)
  for (let round = 1; round <= 3; round++) {
    for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
      const f = await measure(targets[name], cookie);
      rounds[name].push(f);
      console.log(`round ${round} ${name.padEnd(11)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms${f.errors ? `  errors ${f.errors}` : ''}`);
    }
  }
  const med = (name: keyof typeof targets, k: keyof Figures) => median(rounds[name].map((f) => f[k]));
  console.log('\nmedians (req/s, p50 ms, p99 ms):');
  for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
    console.log(`  ${name.padEnd(11)} ${med(name, 'rps').toFixed(0).padStart(6)}  ${med(name, 'p50')}  ${med(name, 'p99')}`);
  }
  const ratios = [0, 1, 2].map((i) => rounds.screen[i]!.rps / rounds.passthrough[i]!.rps);
  const bareRatios = [0, 1, 2].map((i) => rounds.screen[i]!.rps / rounds.bare[i]!.rps);
  console.log(`ratio screen/pass-through: ${median(ratios).toFixed(2)}`);
  console.log(`ratio screen/bare: ${median(bareRatios).toFixed(2)}`);
  const bundle = loginBundleBytes();
  console.log(`javascript before login is interactive: ${(bundle.gzip / 1024).toFixed(1)} KiB gzipped (${bundle.files.join(', ')})`);
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const c of children) c.kill('SIGTERM');
  });
