import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate } from './migrations.js';

/** The one SQL interface the server uses; PGlite (embedded) and PostgreSQL speak the same SQL. */
export interface Queryable {
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` on one connection (transactions, advisory locks). */
  withConnection<T>(fn: (connection: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  constructor(private readonly db: PGlite) {}
  async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = await this.db.query<T>(sql, params);
    return result.rows;
  }
  withConnection<T>(fn: (connection: Queryable) => Promise<T>): Promise<T> {
    return fn(this); // one connection by nature
  }
  async close(): Promise<void> {
    await this.db.close();
  }
}

class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  constructor(private readonly pool: pg.Pool) {}
  async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = await this.pool.query(sql, params);
    return result.rows as T[];
  }
  async withConnection<T>(fn: (connection: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await fn({
        query: async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
          (await client.query(sql, params)).rows as R[],
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
 * shared buffers would be most of the process's memory (bench: RSS ≈ 540 MB idle → ≈ 300 MB).
 */
const PGLITE_CONF = ['shared_buffers = 16MB', 'work_mem = 2MB', 'maintenance_work_mem = 16MB'];

/**
 * A freshly initialised cluster (PGlite's `dumpDataDir`), made once per PGlite build in a child
 * process and kept in the temporary folder. Running initdb inside the server left ≈ 400 MB of
 * WebAssembly memory and buffers behind for the life of the process (bench: RSS ≈ 690 MB idle
 * with initdb in process, ≈ 280 MB when the cluster is loaded from the template).
 */
async function clusterTemplate(): Promise<Blob> {
  const module = import.meta.resolve('@electric-sql/pglite');
  const build = createHash('sha256').update(module).update(String(statSync(fileURLToPath(module)).mtimeMs)).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `consorcio-pglite-cluster-${build}.tar.gz`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const partial = `${file}.${process.pid}.tmp`;
    const script = `import { PGlite } from ${JSON.stringify(module)}; import { writeFileSync } from 'node:fs';
      const db = await PGlite.create(); const dump = await db.dumpDataDir('gzip');
      writeFileSync(${JSON.stringify(partial)}, Buffer.from(await dump.arrayBuffer())); await db.close();`;
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { timeout: 120_000 });
    renameSync(partial, file); // atomic: a concurrent start reads a whole template or makes its own
    return new Blob([readFileSync(file)]);
  }
}

/** PostgreSQL when a URL is given, else PGlite in `dataDir` (':memory:' keeps nothing on disk). */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; poolSize?: number }): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    db = new PostgresDatabase(new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 }));
  } else if (options.dataDir === ':memory:') {
    db = new PgliteDatabase(await PGlite.create({ loadDataDir: await clusterTemplate(), postgresqlconf: PGLITE_CONF }));
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    db = new PgliteDatabase(await PGlite.create(options.dataDir, { postgresqlconf: PGLITE_CONF }));
  }
  await migrate(db);
  return db;
}
