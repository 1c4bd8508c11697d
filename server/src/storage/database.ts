import { mkdirSync } from 'node:fs';
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

/** PostgreSQL when a URL is given, else PGlite in `dataDir` (':memory:' keeps nothing on disk). */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    db = new PostgresDatabase(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }));
  } else if (options.dataDir === ':memory:') {
    db = new PgliteDatabase(await PGlite.create({ postgresqlconf: PGLITE_CONF }));
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    db = new PgliteDatabase(await PGlite.create(options.dataDir, { postgresqlconf: PGLITE_CONF }));
  }
  await migrate(db);
  return db;
}
