import { createServer, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import pg from 'pg';
import type { Queryable } from './storage/database.js';
import { SchemaCheck, type Migration } from './storage/migrations.js';

/** How often a waiting instance asks the database again, besides each readiness probe. */
export const SCHEMA_RECHECK_MS = 5_000;
/** A check that has not answered by then counts as a database that does not answer (as readiness's own). */
const CHECK_TIMEOUT_MS = 2_000;

export interface SchemaGate {
  /** Stops answering the probes; the server listens on the address next. */
  close(): Promise<void>;
}

type State = { missing: Migration[] } | { error: string };

/**
 * DATABASE_MIGRATE=never, before the server is built: a database that lacks a migration this
 * release needs (its Job has not run yet) would fail the start, whose reads and writes expect the
 * release's tables. So the process first waits for the schema, answering the probes on the
 * server's own address meanwhile: alive (`/health/live` 200), not ready (`/health/ready` 503
 * naming the missing migrations, or the database that does not answer), anything else 503. It
 * asks the database again on each readiness probe and every SCHEMA_RECHECK_MS, and resolves once
 * the migrations are all there: null when they were from the start (nothing listened), else the
 * probes' server, still answering (not ready) while the server is built, to close just before the
 * server listens.
 */
export async function awaitSchema(options: { databaseUrl: string; host: string; port: number; log: Logger; recheckMs?: number }): Promise<SchemaGate | null> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 1, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
  pool.on('error', (err) => options.log.warn({ err }, 'PostgreSQL: an idle connection was lost; the pool opens another when asked'));
  const db: Queryable = { query: async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[] };
  const check = new SchemaCheck(db);
  let asking: Promise<State> | null = null;
  /** One question to the database at a time: probes that come while it is asked share its answer. */
  const ask = (): Promise<State> =>
    (asking ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)));
      try {
        return { missing: await Promise.race([check.missing(), late]) };
      } catch (err) {
        return { error: (err as Error).message };
      } finally {
        clearTimeout(timer);
        asking = null;
      }
    })());

  const first = await ask();
  if ('missing' in first && first.missing.length === 0) {
    await pool.end();
    return null;
  }
  if ('missing' in first) {
    options.log.warn({ missingMigrations: first.missing }, 'the database lacks migrations this release needs: not ready until the migration role applies them (npm run migrate, the Job consorcio-migrate); the server starts once they are there');
  } else {
    options.log.warn({ error: first.error }, 'the database does not answer: its migrations cannot be checked; not ready until it does');
  }

  let current = false;
  let found!: () => void;
  const everyMigration = new Promise<void>((resolve) => (found = resolve));
  const see = (now: State): State => {
    if (!current && 'missing' in now && now.missing.length === 0) {
      current = true;
      found();
    }
    return now;
  };
  const answer = (res: ServerResponse, status: number, body: object) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/health/live') return answer(res, 200, { status: 'ok' });
    if (req.method !== 'GET' || path !== '/health/ready') return answer(res, 503, { status: 'unavailable' });
    if (current) return answer(res, 503, { status: 'unavailable', down: ['starting'] });
    // A readiness probe may be the one that finds them all: then the server is being built.
    void ask()
      .then(see)
      .then((now) => {
        if (current) answer(res, 503, { status: 'unavailable', down: ['starting'] });
        else if ('missing' in now) answer(res, 503, { status: 'unavailable', down: ['schema'], missingMigrations: now.missing });
        else answer(res, 503, { status: 'unavailable', down: ['storage'] });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const timer = setInterval(() => void ask().then(see), options.recheckMs ?? SCHEMA_RECHECK_MS);
  await everyMigration;
  clearInterval(timer);
  await (asking ?? Promise.resolve());
  await pool.end();
  options.log.info('the database has every migration this release needs: starting');
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
