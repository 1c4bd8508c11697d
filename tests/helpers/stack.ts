import { afterAll, beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../../sandbox/src/app.js';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { SandboxControl } from './sandbox-control.js';

export interface Stack {
  app: FastifyInstance;
  /** http://localhost:PORT of the server. */
  baseUrl: string;
  port: number;
  sandbox: SandboxControl;
  /** The sandbox's own Fastify app (its state is `sandboxApp.sandboxContext`). */
  sandboxApp: FastifyInstance;
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

/** Starts the sandbox and the server on free ports (the server sees the sandbox only as UPSTREAM_URL). */
export async function startStack(env: Record<string, string> = {}, options: Parameters<typeof buildApp>[1] = { logger: false }): Promise<Stack> {
  // The back office accepts the API client the server is given (production refuses the sandbox's own).
  const sandboxApp = await buildSandbox({
    logger: false,
    ...(env.UPSTREAM_CLIENT_ID ? { clientId: env.UPSTREAM_CLIENT_ID } : {}),
    ...(env.UPSTREAM_CLIENT_SECRET ? { clientSecret: env.UPSTREAM_CLIENT_SECRET } : {}),
  });
  await sandboxApp.listen({ host: '127.0.0.1', port: 0 });
  const sandboxUrl = `http://127.0.0.1:${(sandboxApp.server.address() as AddressInfo).port}`;
  const config = loadConfig({
    APP_ENV: 'test',
    UPSTREAM_URL: sandboxUrl,
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    ...RAISED_LIMITS,
    ...env,
  });
  const app = await buildApp(config, options);
  await app.listen({ host: config.HOST, port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return {
    app,
    port,
    baseUrl: `http://localhost:${port}`,
    // The server's record of moves made against the back office goes with the back office's reset.
    sandbox: new SandboxControl(sandboxUrl, () => app.once.claims.clear()),
    sandboxApp,
    async close() {
      await app.close();
      await sandboxApp.close();
    },
  };
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
