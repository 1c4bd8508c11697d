import { afterAll, beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../../sandbox/src/app.js';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { SandboxControl } from './sandbox-control.js';
import { partners } from '../../back-office/index.js';
import { randomBytes } from 'node:crypto';
import { startIdentityProvider, type IdentityProvider } from '../../sandbox/src/identity-provider/index.js';
import { consoleSettings } from '../../sandbox/src/identity-provider/console-client.js';

export interface Stack {
  app: FastifyInstance;
  /** http://localhost:PORT of the server. */
  baseUrl: string;
  port: number;
  sandbox: SandboxControl;
  /** The sandbox's own Fastify app (its state is `sandboxApp.sandboxContext`). */
  sandboxApp: FastifyInstance;
  /** The sandbox's identity provider the console signs staff in at; null when the test gave OPS_USERS (password accounts). */
  identityProvider: IdentityProvider | null;
  close(): Promise<void>;
}

/**
 * Request limits far above what a test sends (docs/security.md, "Limits"): tests ask for screens
 * and run actions faster than a person, all from one address, and instances on the shared
 * PostgreSQL count that address together. A test of the limits sets its own; an instance a test
 * builds itself takes these too.
 */
export const RAISED_LIMITS = {
  RATE_LIMIT_SCREENS_PER_SESSION: '1000000',
  RATE_LIMIT_ACTIONS_PER_SESSION: '1000000',
  RATE_LIMIT_PER_ADDRESS: '1000000',
} as const;

/**
 * Starts the sandbox and the server on free ports (the server sees the sandbox only as UPSTREAM_URL).
 * `SANDBOX_LATENCY` and `SANDBOX_LATENCY_SEED` in `env` go to the sandbox, as its own variables do.
 */
export async function startStack(env: Record<string, string> = {}, options: Parameters<typeof buildApp>[1] = { logger: false }): Promise<Stack> {
  // The back office accepts the API client the server is given (production refuses the sandbox's own).
  const sandboxApp = await buildSandbox({
    logger: false,
    ...(env.UPSTREAM_CLIENT_ID ? { clientId: env.UPSTREAM_CLIENT_ID } : {}),
    ...(env.UPSTREAM_CLIENT_SECRET ? { clientSecret: env.UPSTREAM_CLIENT_SECRET } : {}),
    ...(env.SANDBOX_LATENCY ? { latency: env.SANDBOX_LATENCY } : {}),
    ...(env.SANDBOX_LATENCY_SEED ? { latencySeed: Number(env.SANDBOX_LATENCY_SEED) } : {}),
  });
  await sandboxApp.listen({ host: '127.0.0.1', port: 0 });
  const sandboxUrl = `http://127.0.0.1:${(sandboxApp.server.address() as AddressInfo).port}`;
  // Staff sign in at the sandbox's identity provider, as `npm start` does (a production-mode stack's
  // client secret is a strong one of its own); a test that gives OPS_USERS tests the password accounts,
  // one that gives OPS_OIDC_ISSUER its own provider.
  const clientSecret = env.APP_ENV === 'production' ? randomBytes(24).toString('base64url') : undefined;
  const identityProvider = env.OPS_USERS || env.OPS_OIDC_ISSUER ? null : await startIdentityProvider(clientSecret ? { clientSecret } : {});
  const config = loadConfig({
    APP_ENV: 'test',
    UPSTREAM_URL: sandboxUrl,
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    ...RAISED_LIMITS,
    ...env,
    ...(identityProvider ? consoleSettings(identityProvider.issuer, clientSecret) : {}),
  });
  const app = await buildApp(config, options);
  forgetKeptWhenTheBackOfficeChanges(sandboxApp, app);
  await app.listen({ host: config.HOST, port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return {
    app,
    port,
    baseUrl: `http://localhost:${port}`,
    // The server's record of moves made against the back office goes with the back office's reset.
    sandbox: new SandboxControl(sandboxUrl, () => app.once.claims.clear()),
    sandboxApp,
    identityProvider,
    async close() {
      await app.close();
      await sandboxApp.close();
      await identityProvider?.close();
    },
  };
}

/**
 * A test changes the back office behind the server's back (a control route: its clock, a quota's
 * state, a fault): the answers the server keeps (docs/back-office-cache.md) would show that change
 * only once their keep ends, as a real back office's own changes do. The server forgets them when
 * such a change is answered, so that a test reads the back office it just set. Clearing the call
 * log changes nothing the server reads. The partner's configuration and the app versions stay:
 * every request reads them (the guard's first), and a test sets them before its first request.
 */
function forgetKeptWhenTheBackOfficeChanges(sandboxApp: FastifyInstance, app: FastifyInstance): void {
  sandboxApp.server.on('request', (req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET' || !url.startsWith('/__sandbox/') || url.startsWith('/__sandbox/calls')) return;
    res.on('finish', () => void app.upstream.kept?.forgetAll([partners.configuration, partners.versions]).catch(() => undefined));
  });
}

/**
 * One stack for the whole test file: started before its tests, closed after them. The returned
 * object stands for the stack once it runs (use it inside tests and hooks, not at import time).
 */
export function useStack(env: Record<string, string> = {}, options?: Parameters<typeof buildApp>[1]): Stack {
  let current: Stack | undefined;
  beforeAll(async () => {
    current = await startStack(env, options);
  });
  afterAll(async () => current?.close());
  return new Proxy({} as Stack, {
    get(_target, key) {
      if (!current) throw new Error('the stack starts in beforeAll; use it inside tests');
      return current[key as keyof Stack];
    },
  });
}
