import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadMigrationConfig } from '../config.js';
import { openDatabase } from './database.js';
import { knownMigrations, pendingMigrations, SchemaCheck } from './migrations.js';

const tables = (db: Awaited<ReturnType<typeof openDatabase>>) =>
  db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_name LIKE 'analytics_%' ORDER BY 1");

describe('the migrations on the embedded PGlite', () => {
  it('are applied by the server itself, DATABASE_MIGRATE=never or not: the embedded database has no other role to apply them', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'consorcio-test-')), 'pglite');
    try {
      const first = await openDatabase({ dataDir: dir, migrate: 'never' });
      expect(await pendingMigrations(first)).toEqual([]);
      // As a release before the analytics left it.
      await first.query('DROP TABLE analytics_steps, analytics_refusals, analytics_durations');
      await first.query('DELETE FROM schema_migrations WHERE id = 4201');
      expect(await pendingMigrations(first)).toEqual([{ id: 4201, name: 'analytics' }]);
      await first.close();

      const again = await openDatabase({ dataDir: dir, migrate: 'never' });
      expect(await pendingMigrations(again)).toEqual([]);
      expect((await tables(again)).map((t) => t.name)).toEqual(['analytics_durations', 'analytics_parts', 'analytics_refusals', 'analytics_steps']);
      await again.close();
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });

  it('count as all missing where there is no schema_migrations table, and a check that found them all asks no more', async () => {
    const db = await openDatabase({ dataDir: ':memory:' });
    try {
      // An empty schema first on the search path: the database as the runtime role finds it before the first migration.
      await db.query('CREATE SCHEMA empty');
      await db.query('SET search_path TO empty');
      expect(await pendingMigrations(db)).toEqual(knownMigrations());
      const check = new SchemaCheck(db);
      expect(await check.missing()).toEqual(knownMigrations());
      await db.query('SET search_path TO public');
      expect(await check.missing()).toEqual([]);
      // Found current once, it stays so without asking (migrations only add).
      await db.query('SET search_path TO empty');
      expect(await check.missing()).toEqual([]);
      expect(await new SchemaCheck(db, true).missing()).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('the migration settings', () => {
  const base = { UPSTREAM_URL: 'http://127.0.0.1:9' };

  it('DATABASE_MIGRATE: auto unless set, never when the migration role migrates, nothing else', () => {
    expect(loadConfig(base).DATABASE_MIGRATE).toBe('auto');
    expect(loadConfig({ ...base, DATABASE_MIGRATE: 'never' }).DATABASE_MIGRATE).toBe('never');
    expect(() => loadConfig({ ...base, DATABASE_MIGRATE: 'sometimes' })).toThrow(/DATABASE_MIGRATE deve ser auto ou never/);
  });

  it('npm run migrate: the migration role’s URL before the server’s, one of them required', () => {
    const migrator = 'postgresql://migrator@db.internal/consorcio';
    const runtime = 'postgresql://runtime@db.internal/consorcio';
    expect(loadMigrationConfig({ DATABASE_MIGRATION_URL: migrator, DATABASE_URL: runtime })).toEqual({ databaseUrl: migrator, LOG_LEVEL: 'info' });
    expect(loadMigrationConfig({ DATABASE_URL: runtime, LOG_LEVEL: 'warn' })).toEqual({ databaseUrl: runtime, LOG_LEVEL: 'warn' });
    expect(() => loadMigrationConfig({})).toThrow(ConfigError);
    expect(() => loadMigrationConfig({})).toThrow(/DATABASE_MIGRATION_URL: obrigatório/);
    expect(() => loadMigrationConfig({ DATABASE_MIGRATION_URL: 'mysql://x' })).toThrow(/DATABASE_MIGRATION_URL deve começar com postgres/);
  });
});
