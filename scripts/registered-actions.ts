/**
 * The actions the server registers, read from the service itself (built on the embedded database
 * with a back office nobody answers: registering reads nothing upstream). The generated pages of
 * docs/ (validation, uploads) are written from them.
 */
import type { z } from 'zod';
import { buildApp } from '../server/src/app.js';
import type { ActionDefinition } from '../server/src/composition/actions.js';
import { loadConfig } from '../server/src/config.js';

export type RegisteredActions = ReadonlyMap<string, ActionDefinition<z.ZodType>>;

/** Builds the service, hands its registered actions to `read`, and closes it. */
export async function withRegisteredActions<T>(read: (actions: RegisteredActions) => T | Promise<T>): Promise<T> {
  const app = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: 'http://127.0.0.1:9', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', FLOWS_POLL_MS: '0' }), { logger: false });
  try {
    await app.ready();
    return await read(app.actions.list());
  } finally {
    await app.close();
  }
}
