import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inQuerySpan } from '../observability/database-spans.js';
import { migrate, migrationsDigest, migrationStatements } from './migrations.js';

import type { Database, Queryable } from './queryable.js';

/** The one SQL interface the server uses; PGlite (embedded) and PostgreSQL speak the same SQL. */
export type { Database, Queryable };

class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  /** `scratch`: a private copy of the cluster that goes with the database (`:memory:`). */
  constructor(
    private readonly db: PGlite,
    private readonly scratch?: string,
  ) {}
  query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return inQuerySpan(sql, async () => (await this.db.query<T>(sql, params)).rows);
  }
  withConnection<T>(fn: (connection: Queryable) => Promise<T>): Promise<T> {
    return fn(this); // one connection by nature
  }
  async close(): Promise<void> {
    await this.db.close();
    if (this.scratch) rmSync(this.scratch, { recursive: true, force: true });
  }
}

class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  constructor(private readonly pool: pg.Pool) {}
  query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return inQuerySpan(sql, async () => (await this.pool.query(sql, params)).rows as T[]);
  }
  async withConnection<T>(fn: (connection: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await fn({
        query: <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
          inQuerySpan(sql, async () => (await client.query(sql, params)).rows as R[]),
      });
    } finally {
      client.release();
    }
  }
  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * The embedded database holds sessions and a few small tables: PostgreSQL's default 128 MB of
 * shared buffers would be most of the process's memory (docs/performance.md, "Memory").
 */
const PGLITE_CONF = ['shared_buffers = 8MB', 'work_mem = 1MB', 'maintenance_work_mem = 8MB', 'wal_buffers = 256kB', 'temp_buffers = 1MB'];

/**
 * A freshly initialised cluster directory, made once per PGlite build in a child process and kept
 * in the temporary folder; every new embedded database starts as a copy of it (of its migrated
 * twin, below). Running initdb inside the server would leave its WebAssembly memory and buffers
 * behind for the life of the process, and loading the cluster from an archive into PGlite's
 * in-memory file system would keep its files (the sessions among them as they grow) and the
 * unpacking's buffers in the process: opened from a directory, PGlite holds far less
 * (docs/performance.md, "Memory").
 */
async function clusterTemplate(): Promise<string> {
  const dir = join(tmpdir(), `consorcio-pglite-cluster-${pgliteBuild()}`);
  if (!existsSync(join(dir, 'PG_VERSION'))) await makeCluster(dir, null, []);
  return dir;
}

let build: string | undefined;

/**
 * Names the installed PGlite by its contents (its entry and its WebAssembly), so every checkout
 * with the same PGlite shares one template (a clean clone's CI run makes none of its own); read once.
 */
function pgliteBuild(): string {
  if (build) return build;
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const hash = createHash('sha256').update(readFileSync(entry));
  const wasm = join(dirname(entry), 'pglite.wasm');
  if (existsSync(wasm)) hash.update(readFileSync(wasm));
  build = hash.digest('hex').slice(0, 16);
  return build;
}

/**
 * The template with this build's migrations applied, kept beside it (named by the migrations): a
 * new embedded database starts with its tables in place, and its start only checks the migrations
 * (every start is cheaper, and the test suite starts many). Made once, the first time a build with
 * these migrations starts, in a child process too (a PGlite opened and closed in the server leaves
 * memory behind).
 */
async function migratedTemplate(): Promise<string> {
  const base = await clusterTemplate();
  const dir = `${base}-m${migrationsDigest()}`;
  if (!existsSync(join(dir, 'PG_VERSION'))) await makeCluster(dir, base, migrationStatements());
  return dir;
}

/**
 * Makes the cluster `dir` in a child process: a copy of `from` (else a new one) that runs
 * `statements`; moved into place whole, so a concurrent start sees a whole cluster or makes its own.
 */
async function makeCluster(dir: string, from: string | null, statements: string[]): Promise<void> {
  const partial = `${dir}.${process.pid}.tmp`;
  rmSync(partial, { recursive: true, force: true });
  if (from) cpSync(from, partial, { recursive: true });
  const script = `import { PGlite } from ${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))};
    const db = await PGlite.create(${JSON.stringify(partial)}, { postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });
    for (const sql of ${JSON.stringify(statements)}) await db.exec(sql);
    await db.close();`;
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { timeout: 120_000 });
    renameSync(partial, dir);
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(dir, 'PG_VERSION'))) throw err; // else another start made it first
  }
}

const SCRATCH_PREFIX = 'consorcio-pglite-run-';

/**
 * A private copy of the template for a database that keeps nothing (`:memory:`), removed when it
 * closes; copies left by a process that died (its id in the name, no longer running) go first.
 */
function scratchCluster(template: string): string {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.startsWith(SCRATCH_PREFIX) ? name.slice(SCRATCH_PREFIX.length).split('-')[0] : NaN);
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(tmpdir(), `${SCRATCH_PREFIX}${process.pid}-`));
  cpSync(template, dir, { recursive: true });
  return dir;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PostgreSQL when a URL is given, else PGlite in `dataDir` (':memory:' keeps nothing on disk).
 * `onConnectionLost`: an idle PostgreSQL connection that broke (a failover, a network cut); the
 * pool drops it and opens another when asked, but an 'error' event with no listener would end the
 * process. Written to stderr when not given.
 * `migrate`: `auto` (the default) applies the migrations the database lacks; `never` leaves a
 * PostgreSQL database as it is (its runtime role may not create anything: the migration role does,
 * by `npm run migrate`). The embedded PGlite is this process's alone and always migrates.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  onConnectionLost?: (err: Error) => void;
  migrate?: 'auto' | 'never';
}): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    pool.on('error', options.onConnectionLost ?? ((err) => console.error('PostgreSQL: idle connection lost:', err.message)));
    db = new PostgresDatabase(pool);
  } else if (options.dataDir === ':memory:') {
    const scratch = scratchCluster(await migratedTemplate());
    db = new PgliteDatabase(await PGlite.create(scratch, { postgresqlconf: PGLITE_CONF }), scratch);
  } else {
    // A new directory starts as a copy of the template too (no initdb in the server).
    if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
      mkdirSync(options.dataDir, { recursive: true });
      if (readdirSync(options.dataDir).length === 0) cpSync(await migratedTemplate(), options.dataDir, { recursive: true });
    }
    db = new PgliteDatabase(await PGlite.create(options.dataDir, { postgresqlconf: PGLITE_CONF }));
  }
  if (db.kind === 'pglite' || options.migrate !== 'never') {
    try {
      await migrate(db);
    } catch (err) {
      await db.close();
      throw err;
    }
  }
  return db;
}
