/**
 * `npm run migrate` (in the image: `node build/server/src/migrate.js`, the cluster's Job
 * consorcio-migrate): applies the migrations the PostgreSQL database lacks, as the migration role
 * (DATABASE_MIGRATION_URL, else DATABASE_URL), and exits: 0 when the database has them all, 1 on
 * any error. The servers, under the runtime role with DATABASE_MIGRATE=never, only check them.
 * Concurrent runs (two Jobs, a server with DATABASE_MIGRATE=auto) wait for one another on the
 * migrations' advisory lock.
 */
import pino from 'pino';
import { ConfigError, loadMigrationConfig } from './config.js';
import { loggerOptions } from './logger.js';
import { openDatabase } from './storage/database.js';
import { knownMigrations, migrate } from './storage/migrations.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadMigrationConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino(loggerOptions(config.LOG_LEVEL));
  try {
    // Opened without migrating, so that what this run applies is known and logged.
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: ':memory:', poolSize: 2, migrate: 'never', onConnectionLost: (err) => log.warn({ err }, 'PostgreSQL: an idle connection was lost') });
    try {
      const applied = await migrate(db);
      log.info({ applied, known: knownMigrations().length }, applied.length ? 'migrations applied: the database has every migration of this release' : 'nothing to apply: the database has every migration of this release');
    } finally {
      await db.close();
    }
  } catch (err) {
    log.error({ err }, 'migrations failed: the database keeps the migrations applied before the one that failed');
    process.exitCode = 1;
  }
}

void main();
