// First: it must run before the loading of the others starts full garbage collections.
import './next-tick-shape.js';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, stdoutDestination } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { loggerOptions } from './logger.js';
import { endOfLifeMessage, pastEndOfLife } from './node-support.js';
import { CLOSE_GRACE_MS } from './plugins/core/drain.js';
import { awaitSchema, type SchemaGate } from './schema-gate.js';

/** Process entry: configuration, the schema (DATABASE_MIGRATE=never), listen, graceful close. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino(loggerOptions(config.LOG_LEVEL), stdoutDestination());
  for (const warning of config.warnings) log.warn(warning);
  const eol = pastEndOfLife(process.versions.node, new Date());
  if (eol) log.warn(eol, endOfLifeMessage(eol));
  let app: FastifyInstance | undefined;
  // Closed while it waits for the schema, the process has nothing to drain.
  closeWithGrace({ delay: CLOSE_GRACE_MS }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'closing after an error');
    else log.info({ signal }, 'closing');
    await app?.close();
  });
  // The migration role migrates (npm run migrate, the cluster's Job): until it has, this instance
  // answers the probes, not ready, and builds nothing (server/src/schema-gate.ts).
  let gate: SchemaGate | null = null;
  if (config.DATABASE_URL && config.DATABASE_MIGRATE === 'never') {
    gate = await awaitSchema({ databaseUrl: config.DATABASE_URL, host: config.HOST, port: config.PORT, log });
  }
  app = await buildApp(config, { loggerInstance: log });
  await gate?.close();
  await app.listen({ host: config.HOST, port: config.PORT });
}

void main();
