import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { waitFor } from './wait.js';
const kids: any[] = [];
const sb = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/main.ts'], { env: { ...process.env, SANDBOX_PORT: '4730', SANDBOX_TOKEN_TTL_SECONDS: '3600' }, stdio: 'ignore' }); kids.push(sb);
const script = process.env.SERVER ?? 'build/server/src/main.js';
const sv = spawn(process.execPath, [...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script], { env: { ...process.env, PORT: '3730', UPSTREAM_URL: 'http://127.0.0.1:4730', DATA_DIR: ':memory:', BENCH_ROUTES: 'true', APP_ENV: 'production', NODE_ENV: 'production', COOKIE_SECRET: 'b'.repeat(32), LOG_LEVEL: 'info', VALIDATE_SCREENS: 'false', OPS_USERS: 'bench:bench-only-secret:viewer', ALLOWED_HOSTS: '127.0.0.1,localhost' }, stdio: 'ignore' }); kids.push(sv);
try {
  await new Promise((r) => setTimeout(r, 2500));
  await waitFor('http://127.0.0.1:3730/health/ready');
  const login = await fetch('http://127.0.0.1:3730/api/actions/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'consorcio-app' }, body: JSON.stringify({ modo: 'cota', grupo: '001234', cota: '0567', versao: '00', senha: '135790' }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const targets: Record<string, string> = { screen: '/api/screens?path=/home', pass: '/api/bench/passthrough/home' };
  const rate = Number(process.env.RATE ?? 400);
  const conns = Number(process.env.CONNS ?? 20);
  for (const n of Object.keys(targets)) await autocannon({ url: `http://127.0.0.1:3730${targets[n]}`, connections: conns, duration: 3, headers: { cookie } });
  for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) for (const n of Object.keys(targets)) {
    const r = await autocannon({ url: `http://127.0.0.1:3730${targets[n]}`, connections: conns, duration: Number(process.env.SECS ?? 5), headers: { cookie }, overallRate: rate });
    console.log(n.padEnd(7), 'rps', r.requests.average, 'p50', r.latency.p50, 'p90', r.latency.p90, 'p97.5', r.latency.p97_5, 'p99', r.latency.p99, 'max', r.latency.max, 'err', r.errors + r.non2xx);
  }
} finally { for (const k of kids) k.kill('SIGTERM'); }
