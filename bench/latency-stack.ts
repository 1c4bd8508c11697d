/** A sandbox answering with a latency profile and the server in front of it, as the path and wait benches start them. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REALISTIC_LATENCY } from '../sandbox/src/latency.js';
import { COMPILED_SERVER, benchServerEnv, start } from './processes.js';
import { waitFor } from './wait.js';

/**
 * `realistic`'s waits without its errors, written to a scratch file: a failed call retried would
 * read as a wave of its own, and a failed screen as a wait. `remove` deletes the file.
 */
export function realisticWithoutErrors(): { path: string; remove(): void } {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-latency-'));
  const path = join(scratch, 'realistic-without-errors.json');
  const { default: fallback, endpoints, description } = REALISTIC_LATENCY;
  const noErrors = { description: `${description}, errors off`, default: { ...fallback!, errorRate: 0 }, endpoints: Object.fromEntries(Object.entries(endpoints ?? {}).map(([k, d]) => [k, { ...d, errorRate: 0 }])) };
  writeFileSync(path, JSON.stringify(noErrors));
  return { path, remove: () => rmSync(scratch, { recursive: true, force: true }) };
}

export interface LatencyStack {
  /** The server's address at `host`. */
  base: string;
  /** The sandbox's address, for its control routes. */
  sandbox: string;
  /** What runs the server: the compiled build when there is one, else the sources through tsx. */
  script: string;
}

/**
 * Starts a sandbox answering with `latency` (`none`, `realistic` or a profile file, drawn from
 * `seed`) and a server in front of it, on the bench's ports plus `offset` (two stacks side by side
 * take offsets 0 and 1), its address named `host` (`localhost` for Chromium: it keeps cookies
 * without Secure there, as in development). The screens wait for the profile's p99 at times: their deadline is well
 * above it.
 */
export async function latencyStack({ latency, seed, offset = 0, host = '127.0.0.1' }: { latency: string; seed: string; offset?: number; host?: string }): Promise<LatencyStack> {
  const { sandbox: sandboxEnv, server: serverEnv } = benchServerEnv(offset);
  await start('sandbox/src/main.ts', { ...sandboxEnv, SANDBOX_LATENCY: latency, SANDBOX_LATENCY_SEED: seed }, /listening on/);
  const script = existsSync(COMPILED_SERVER) ? COMPILED_SERVER : 'server/src/main.ts';
  await start(script, { ...serverEnv, SCREEN_DEADLINE_MS: '8000' }, null);
  await waitFor(`http://127.0.0.1:${serverEnv.PORT}/health/ready`);
  return { base: `http://${host}:${serverEnv.PORT}`, sandbox: `http://127.0.0.1:${sandboxEnv.SANDBOX_PORT}`, script };
}
