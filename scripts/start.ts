/**
 * `npm start`: the product on the embedded default. Starts the sandbox back office as a child
 * process (unless UPSTREAM_URL points elsewhere) — with the staff's identity provider beside it —,
 * then the server with PGlite under data/, and prints the address to open, a persona to log in as
 * and how staff sign in. The server itself only sees UPSTREAM_URL and the provider's OPS_OIDC_*.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { DEV_OPS_HOST } from '../server/src/config.js';
import { consoleSettings } from '../sandbox/src/identity-provider/console-client.js';

const children: ChildProcess[] = [];

/** The sandbox's back office and identity provider, as their listening lines name them. */
function startSandbox(): Promise<{ backOffice: string; identityProvider: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/main.ts'], {
    env: { ...process.env, SANDBOX_PORT: process.env.SANDBOX_PORT ?? '4010' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const found: { backOffice?: string; identityProvider?: string } = {};
    lines.on('line', (line) => {
      const backOffice = /^sandbox listening on (http:\/\/\S+)/.exec(line)?.[1];
      const provider = /^identity provider listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (backOffice) found.backOffice = backOffice;
      else if (provider) found.identityProvider = provider;
      else if (process.env.LOG_LEVEL === 'debug') console.log(`[sandbox] ${line}`);
      if (found.backOffice && found.identityProvider) resolve({ backOffice: found.backOffice, identityProvider: found.identityProvider });
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with code ${code}`)));
  });
}

async function main(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!env.UPSTREAM_URL) {
    const sandbox = await startSandbox();
    env.UPSTREAM_URL = sandbox.backOffice;
    // Staff sign in at the sandbox's identity provider, as they will at the bank's (unless told otherwise).
    if (!env.OPS_OIDC_ISSUER && !env.OPS_USERS) Object.assign(env, consoleSettings(sandbox.identityProvider));
  }
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env, stdio: 'inherit' });
  children.push(server);
  server.once('exit', (code) => shutdown(code ?? 0));

  const port = env.PORT ?? '3000';
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/health/live`)).ok) break;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const fixtures = JSON.parse(readFileSync('sandbox/fixtures/personas.json', 'utf8')) as {
    personas: { key: string; document: string; password: string }[];
  };
  const ana = fixtures.personas.find((p) => p.key === 'ana');
  console.log(`\n  Consórcio autoatendimento: abra ${base}`);
  console.log(`  Back office: ${env.UPSTREAM_URL}`);
  if (ana) console.log(`  Entre como ana: CPF ${ana.document}, senha ${ana.password} (outras personas: sandbox/fixtures/personas.json)`);
  // The console answers on its own host only (OPS_HOST); the browser resolves *.localhost to this machine.
  console.log(`  Console de operações: http://${env.OPS_HOST ?? DEV_OPS_HOST}:${port}/ops (operacao / operacao-sandbox, e o código de npm run staff:code operacao)\n`);
}

function shutdown(code: number): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

main().catch((err: unknown) => {
  console.error(err);
  shutdown(1);
});
