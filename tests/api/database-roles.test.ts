import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/storage/database.js';
import { knownMigrations } from '../../server/src/storage/migrations.js';
import { postgresAvailable, TEST_DATABASE_URL } from '../helpers/postgres.js';

/**
 * The two roles of deploy/postgres/roles.sql on PostgreSQL, in a database of this file's own
 * (created and dropped here, as are the roles, under random names): the migration role applies the
 * migrations (`npm run migrate`, the cluster's Job); the runtime role, the server's with
 * DATABASE_MIGRATE=never, reads and writes rows and is refused any DDL; a server under it waits,
 * not ready and saying which migrations it lacks, until they run.
 */
const available = await postgresAvailable();
const suffix = randomBytes(4).toString('hex');
const database = `consorcio_roles_${suffix}`;
const roles = {
  migrator: { name: `consorcio_migrator_${suffix}`, password: randomBytes(12).toString('hex') },
  runtime: { name: `consorcio_runtime_${suffix}`, password: randomBytes(12).toString('hex') },
};
/** TEST_DATABASE_URL's server, as `role`, on this file's database. */
const urlOf = (role: { name: string; password: string }) => {
  const url = new URL(TEST_DATABASE_URL);
  url.username = role.name;
  url.password = role.password;
  url.pathname = `/${database}`;
  return url.toString();
};
const adminUrl = (db: string) => Object.assign(new URL(TEST_DATABASE_URL), { pathname: `/${db}` }).toString();

/** roles.sql's statements for this file's roles and database: its psql variables filled in, its comments left out. */
function rolesStatements(): string[] {
  const sql = readFileSync('deploy/postgres/roles.sql', 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .replaceAll('consorcio_migrator', roles.migrator.name)
    .replaceAll('consorcio_runtime', roles.runtime.name)
    .replaceAll(":'migrator_password'", `'${roles.migrator.password}'`)
    .replaceAll(":'runtime_password'", `'${roles.runtime.password}'`)
    .replaceAll(':"DBNAME"', `"${database}"`);
  expect(sql, 'a psql variable left unfilled').not.toMatch(/:'\w+'|:"\w+"/);
  return sql.split(';').map((s) => s.trim()).filter(Boolean);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The migrations applied by the migration role in this process (a no-op once they are all there). */
async function migrateAsMigrator(): Promise<void> {
  const db = await openDatabase({ databaseUrl: urlOf(roles.migrator), dataDir: ':memory:', poolSize: 2 });
  await db.close();
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

type Line = { level: number; msg: string } & Record<string, unknown>;
/** Starts a process entry of the server (tsx) with `env`; its log lines are collected as they come. */
function start(entry: string, env: Record<string, string>): { child: ChildProcess; lines: Line[]; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Line[] = [];
  // 'close': after the process's output has all been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line) as Line);
    } catch {
      lines.push({ level: 0, msg: line });
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  void exited.then((code) => code && lines.push({ level: 60, msg: `exit ${code}: ${stderr}` }));
  return { child, lines, exited };
}

async function stop(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  if (!available) return;
  await withClient(TEST_DATABASE_URL, (admin) => admin.query(`CREATE DATABASE "${database}"`));
  await withClient(adminUrl(database), async (admin) => {
    for (const statement of rolesStatements()) await admin.query(statement);
  });
});

afterAll(async () => {
  if (!available) return;
  await withClient(TEST_DATABASE_URL, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    for (const role of Object.values(roles)) await admin.query(`DROP ROLE IF EXISTS "${role.name}"`);
  });
});

describe.skipIf(!available)('the migration role and the runtime role (deploy/postgres/roles.sql) on PostgreSQL', () => {
  it('a server under the runtime role with DATABASE_MIGRATE=never waits on a database not migrated yet: alive, not ready, naming the missing migrations; ready once `npm run migrate` ran', async () => {
    const port = await freePort();
    const server = start('server/src/main.ts', {
      APP_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      UPSTREAM_URL: 'http://127.0.0.1:9',
      FLOWS_POLL_MS: '0',
      DATABASE_URL: urlOf(roles.runtime),
      DATABASE_MIGRATE: 'never',
    });
    const get = async (path: string) => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}${path}`);
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      } catch {
        return { status: 0, body: {} };
      }
    };
    try {
      // Every migration is missing: the database is as roles.sql left it.
      await expect.poll(() => get('/health/ready'), { timeout: 90_000 }).toEqual({ status: 503, body: { status: 'unavailable', down: ['schema'], missingMigrations: knownMigrations() } });
      expect(await get('/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
      expect((await get('/api/screens?path=/')).status).toBe(503);
      // Its log says so, once, at start (lines reach standard output in batches).
      await expect.poll(() => server.lines.find((line) => line.msg.startsWith('the database lacks migrations'))).toMatchObject({ level: 40, missingMigrations: knownMigrations() });

      const migration = start('server/src/migrate.ts', { DATABASE_MIGRATION_URL: urlOf(roles.migrator), DATABASE_URL: urlOf(roles.runtime) });
      expect(await migration.exited).toBe(0);
      expect(migration.lines.find((line) => line.msg.startsWith('migrations applied'))).toMatchObject({ level: 30, applied: knownMigrations() });

      await expect.poll(() => get('/health/ready'), { timeout: 90_000 }).toMatchObject({ status: 200, body: { status: 'ok', storage: 'postgres' } });
      await expect.poll(() => server.lines.some((line) => line.msg.startsWith('the database has every migration this release needs'))).toBe(true);

      // Run again (the next release's Job with nothing new): nothing to apply.
      const again = start('server/src/migrate.ts', { DATABASE_MIGRATION_URL: urlOf(roles.migrator) });
      expect(await again.exited).toBe(0);
      expect(again.lines.find((line) => line.msg.startsWith('nothing to apply'))).toMatchObject({ applied: [] });
    } finally {
      await stop(server.child, server.exited);
    }
  });

  it('the runtime role reads and writes rows, of the tables there now and of those the migration role adds later, and is refused CREATE, ALTER and DROP', async () => {
    await migrateAsMigrator();
    await withClient(urlOf(roles.runtime), async (runtime) => {
      await runtime.query("INSERT INTO sessions (id, data, expires_at) VALUES ('s1', '{}', now() + interval '1 hour')");
      await runtime.query(`UPDATE sessions SET data = '{"a":1}' WHERE id = 's1'`);
      expect((await runtime.query("SELECT data FROM sessions WHERE id = 's1'")).rows).toEqual([{ data: { a: 1 } }]);
      await runtime.query("DELETE FROM sessions WHERE id = 's1'");
      // A SERIAL column: the sequence is granted too.
      const inserted = await runtime.query("INSERT INTO ops_requests (definition, files, base_version, author, comment, diff) VALUES ('d', '{}', 1, 'a', 'c', '') RETURNING id");
      expect(inserted.rows[0].id).toBeGreaterThan(0);
      expect((await runtime.query('SELECT count(*)::int AS n FROM schema_migrations')).rows).toEqual([{ n: knownMigrations().length }]);

      const refused: Array<[string, RegExp]> = [
        ['CREATE TABLE probe (v text)', /permission denied for schema public/],
        ['ALTER TABLE sessions ADD COLUMN probe text', /must be owner of table sessions/],
        ['DROP TABLE sessions', /must be owner of table sessions/],
        ['CREATE INDEX sessions_probe ON sessions (last_seen_at)', /must be owner of table sessions/],
        ['ALTER TABLE flow_versions RENAME TO flows_probe', /must be owner of table flow_versions/],
        ['DROP TABLE schema_migrations', /must be owner of table schema_migrations/],
        ['TRUNCATE sessions', /permission denied for table sessions/],
        ['CREATE TEMPORARY TABLE probe (v text)', /permission denied to create temporary tables/],
        ['CREATE SCHEMA probe', /permission denied for database/],
        ['CREATE VIEW probe AS SELECT 1', /permission denied for schema public/],
      ];
      for (const [sql, error] of refused) await expect(runtime.query(sql), sql).rejects.toThrow(error);
    });
    // A table a later migration adds is the runtime role's to read and write too (default privileges).
    await withClient(urlOf(roles.migrator), (migrator) => migrator.query('CREATE TABLE later_probe (id SERIAL PRIMARY KEY, v TEXT)'));
    try {
      await withClient(urlOf(roles.runtime), async (runtime) => {
        await runtime.query("INSERT INTO later_probe (v) VALUES ('x')");
        expect((await runtime.query('SELECT v FROM later_probe')).rows).toEqual([{ v: 'x' }]);
        await expect(runtime.query('DROP TABLE later_probe')).rejects.toThrow(/must be owner of table later_probe/);
      });
    } finally {
      await withClient(urlOf(roles.migrator), (migrator) => migrator.query('DROP TABLE later_probe'));
    }
  });

  it('a replica built while one migration is missing answers readiness 503 naming it, and 200 once the migration role applied it', async () => {
    await migrateAsMigrator();
    // The database as the previous release left it: without the analytics tables (migration 4201).
    await withClient(urlOf(roles.migrator), async (migrator) => {
      await migrator.query('DROP TABLE analytics_steps, analytics_refusals, analytics_durations');
      await migrator.query('DELETE FROM schema_migrations WHERE id = 4201');
    });
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp(
        loadConfig({ APP_ENV: 'test', UPSTREAM_URL: 'http://127.0.0.1:9', DATABASE_URL: urlOf(roles.runtime), DATABASE_MIGRATE: 'never', FLOWS_POLL_MS: '0', ANALYTICS_FLUSH_MS: '0', LOG_LEVEL: 'silent' }),
        { logger: false },
      );
      const ready = async () => {
        const res = await app!.inject({ method: 'GET', url: '/health/ready' });
        return { status: res.statusCode, body: res.json() as Record<string, unknown> };
      };
      expect(await ready()).toEqual({ status: 503, body: { status: 'unavailable', down: ['schema'], missingMigrations: [{ id: 4201, name: 'analytics' }] } });
      await migrateAsMigrator();
      expect(await ready()).toMatchObject({ status: 200, body: { status: 'ok', storage: 'postgres' } });
    } finally {
      await app?.close();
    }
  });
});
