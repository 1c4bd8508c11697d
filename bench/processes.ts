/** The processes a bench starts (sandbox, server, a bare hello) and the persona it logs in as. */
import { randomBytes } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';

const children: ChildProcess[] = [];
/**
 * Where a process started without a ready line writes its output (a server's access lines): a
 * named pipe that a `cat` of its own copies into a file, as a container runtime's shim does with a
 * container's standard output. The server pays for a write into a pipe, as in its container; the
 * file system's cost is the drain's, not the server's nor this process's (draining the pipe here,
 * between its own measurements, would let the bench's pace set what each write costs).
 */
let logs: string | null = null;
process.on('exit', () => logs && rmSync(logs, { recursive: true, force: true }));

export interface Started {
  pid: number;
  /** SIGTERM, resolved once the process has ended (a server closes with grace). */
  stop(): Promise<void>;
}

/**
 * Starts `script` (TypeScript through tsx, compiled JavaScript with node alone, as the image does;
 * the bare hello as Node.js strips its types, without tsx's loader, whose hooks would add to each
 * of its requests); resolves once a line of its output matches `ready`, or at once without one.
 */
export function start(script: string, env: NodeJS.ProcessEnv, ready: RegExp | null, nodeArgs: string[] = []): Promise<Started> {
  const loader = script.endsWith('.ts') && script !== HELLO_SERVER ? ['--import', 'tsx'] : [];
  logs ??= mkdtempSync(join(tmpdir(), 'bench-logs-'));
  const output = ready ? 'pipe' : drainedPipe(join(logs, `${basename(script)}-${children.length}`));
  const child = spawn(process.execPath, [...nodeFlagsFor(script), ...nodeArgs, ...loader, script], { env: { ...process.env, ...env }, stdio: ['ignore', output, 'inherit'] });
  if (typeof output === 'number') closeSync(output);
  children.push(child);
  const started: Started = {
    pid: child.pid!,
    stop: () => stop(child),
  };
  if (!ready) return Promise.resolve(started);
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => ready.test(line) && resolve(started));
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

/**
 * A named pipe `<name>.fifo` with a `cat` copying it into `<name>.log`; the pipe's write end, for a
 * child's standard output. The drain is stopped with the other processes, after the writer.
 */
function drainedPipe(name: string): number {
  execFileSync('mkfifo', [`${name}.fifo`]);
  // Read-write, so that opening it does not wait for a writer (Linux); the drain's copy.
  const readEnd = openSync(`${name}.fifo`, 'r+');
  const drain = spawn('sh', ['-c', 'exec cat > "$0"', `${name}.log`], { stdio: [readEnd, 'ignore', 'inherit'] });
  closeSync(readEnd);
  children.push(drain);
  return openSync(`${name}.fifo`, 'w');
}

/**
 * Ends every process a bench started, the last started first: a server closes with grace while the
 * sandbox it calls is still there (stopped together, the requests still running when a round ended
 * retried against a closing sandbox, and a close could outlast its grace).
 */
export async function stopAll(): Promise<void> {
  for (const child of [...children].reverse()) await stop(child);
}

/** SIGTERM, resolved once the process has ended. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export const COMPILED_SERVER = 'build/server/src/main.js';

/** The Node.js flags the image starts the compiled server with (the Dockerfile's CMD). */
export const IMAGE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];

/** The bare Fastify hello the app's bare route is compared with. */
export const HELLO_SERVER = 'bench/hello-server.ts';

/**
 * The flags a bench starts `script` with: the image's for a compiled server (this tree's or another
 * build folder's) and for the hello (the two then differ by the app's code alone), none for others.
 */
export function nodeFlagsFor(script: string): readonly string[] {
  return script.endsWith('server/src/main.js') || script === HELLO_SERVER ? IMAGE_NODE_FLAGS : [];
}

/**
 * Request limits far above any load a bench or the soak drives (docs/security.md, "Limits"): one
 * address and a few sessions send thousands of requests a minute, which the limits would refuse.
 * The limits still count every request, as in production.
 */
export const UNTHROTTLED = {
  RATE_LIMIT_SCREENS_PER_SESSION: '10000000',
  RATE_LIMIT_ACTIONS_PER_SESSION: '10000000',
  RATE_LIMIT_PER_ADDRESS: '10000000',
} as const;

/**
 * The sandbox's and the server's environments, on the bench's ports plus `offset` (stacks side by
 * side): production mode with the bench routes on, the
 * embedded database in memory, and an API client both sides are given (production mode refuses
 * the sandbox's own). The secrets are new at every call: production refuses any written in the
 * repository.
 * The console's identity provider is never reached: the bench opens no console, and the server asks
 * the provider only when staff sign in; the sandbox starts none (stacks side by side would share its port).
 */
export function benchServerEnv(offset = 0): { sandbox: NodeJS.ProcessEnv & { SANDBOX_PORT: string }; server: NodeJS.ProcessEnv & { PORT: string } } {
  const sandboxPort = String(Number(process.env.BENCH_SANDBOX_PORT ?? 4710) + offset);
  const serverPort = String(Number(process.env.BENCH_SERVER_PORT ?? 3710) + offset);
  const random = (bytes: number) => randomBytes(bytes).toString('base64url');
  const apiClient = { id: 'bench-client', secret: random(24) };
  return {
    sandbox: { SANDBOX_PORT: sandboxPort, SANDBOX_IDP_PORT: '0', SANDBOX_TOKEN_TTL_SECONDS: '3600', SANDBOX_CLIENT_ID: apiClient.id, SANDBOX_CLIENT_SECRET: apiClient.secret },
    server: { PORT: serverPort, UPSTREAM_CLIENT_ID: apiClient.id, UPSTREAM_CLIENT_SECRET: apiClient.secret, UPSTREAM_URL: `http://127.0.0.1:${sandboxPort}`, DATA_DIR: ':memory:', BENCH_ROUTES: 'true', APP_ENV: 'production', NODE_ENV: 'production', COOKIE_SECRET: random(32), SESSION_SEAL_KEYS: `bench=${randomBytes(32).toString('base64')}`, LOG_LEVEL: 'info', VALIDATE_SCREENS: 'false', OPS_OIDC_ISSUER: 'http://127.0.0.1:9', OPS_OIDC_CLIENT_ID: 'bench-console', OPS_OIDC_CLIENT_SECRET: random(24), OPS_OIDC_VIEWER_GROUPS: 'bench', ALLOWED_HOSTS: '127.0.0.1,localhost', OPS_HOST: 'ops.localhost', ...UNTHROTTLED },
  };
}

export const JSON_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'consorcio-app' };

/** Logs in as ana (group and quota) and checks that her home is reached; the session cookie. */
export async function loginAsAna(base: string): Promise<string> {
  const login = await fetch(`${base}/api/actions/auth/login`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ modo: 'cota', grupo: '001234', cota: '0567', versao: '00', senha: '135790' }),
  });
  // Production mode names the cookie __Host-Http-sid; locally over http the bench passes it by hand.
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const body = (await login.json()) as { kind: string; to?: string };
  if (body.to !== '/home') throw new Error(`login failed: ${JSON.stringify(body)}`);
  const home = (await (await fetch(`${base}/api/screens?path=/home`, { headers: { cookie } })).json()) as { screen?: string };
  if (home.screen !== 'home') throw new Error(`home not reached: ${JSON.stringify(home)}`);
  return cookie;
}
