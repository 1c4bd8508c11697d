import { createHash } from 'node:crypto';
import type { Database, Queryable } from './queryable.js';
import { MIGRATIONS, type Migration } from './migration-list.js';

export type { Migration };

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`;

const statementsOf = (m: (typeof MIGRATIONS)[number]) => m.sql.split(';').filter((s) => s.trim());
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Every migration as plain statements, in order, each recorded as applied: what a new embedded
 * cluster's template runs once (storage/database.ts), so a database copied from it only checks them.
 */
export function migrationStatements(): string[] {
  return [MIGRATIONS_TABLE, ...MIGRATIONS.flatMap((m) => [...statementsOf(m), `INSERT INTO schema_migrations (id, name) VALUES (${m.id}, ${quoted(m.name)})`])];
}

/** Names this list of migrations: an embedded database's template is made once per digest. */
export function migrationsDigest(): string {
  return createHash('sha256').update(JSON.stringify(migrationStatements())).digest('hex').slice(0, 12);
}

/** Every migration this release knows, in order. */
export function knownMigrations(): Migration[] {
  return MIGRATIONS.map(({ id, name }) => ({ id, name }));
}

/**
 * The known migrations the database has not applied, in order (all of them when it has no
 * schema_migrations table yet). Two reads and no lock: what the runtime role, which may not create
 * anything, checks its database with. Migrations the database has and this release does not know
 * (a newer release's, after a roll back) are no concern: they only added.
 */
export async function pendingMigrations(db: Queryable): Promise<Migration[]> {
  const [table] = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!table?.present) return knownMigrations();
  const applied = new Set((await db.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => Number(r.id)));
  return knownMigrations().filter((m) => !applied.has(m.id));
}

/**
 * Whether the database has every migration this release needs, asked again on each call until it
 * has: once it has them it keeps them (migrations only add), so from then on the answer costs
 * nothing. `current`: known from the start (this process applied them).
 */
export class SchemaCheck {
  constructor(
    private readonly db: Queryable,
    private current = false,
  ) {}

  /** The migrations still missing; empty once the database has them all. */
  async missing(): Promise<Migration[]> {
    if (this.current) return [];
    const missing = await pendingMigrations(this.db);
    this.current = missing.length === 0;
    return missing;
  }
}

/** Applies the migrations the database lacks, in order, each in its own transaction; answers those it applied. */
export async function migrate(database: Database): Promise<Migration[]> {
  return database.withConnection(async (db) => {
    if (database.kind === 'postgres') await db.query('SELECT pg_advisory_lock(727001)');
    try {
      await db.query(MIGRATIONS_TABLE);
      return await apply(db);
    } finally {
      if (database.kind === 'postgres') await db.query('SELECT pg_advisory_unlock(727001)');
    }
  });
}

async function apply(db: Queryable): Promise<Migration[]> {
  const applied = new Set((await db.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  const done: Migration[] = [];
  for (const m of MIGRATIONS) {
    if (applied.has(m.id)) continue;
    await db.query('BEGIN');
    try {
      for (const statement of statementsOf(m)) await db.query(statement);
      await db.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      await db.query('COMMIT');
    } catch (err) {
      await db.query('ROLLBACK');
      throw err;
    }
    done.push({ id: m.id, name: m.name });
  }
  return done;
}
