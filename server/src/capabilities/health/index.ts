import type { FastifyInstance } from 'fastify';

/** A readiness check that has not answered by then counts as down (the cluster's probe waits 3 s). */
const CHECK_TIMEOUT_MS = 2_000;

/** Resolves with `work`, or rejects once `ms` have passed without an answer. */
async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (`/health/live`: the process answers, no dependency — a restart would not bring a
 * database back) and readiness (`/health/ready`: the database and the shared counters, Redis when
 * configured, answer now, the database has every migration this release needs, and definitions
 * are loaded). The balancer sends customers only to a ready instance; a closing one answers 503 on
 * both (Fastify's return503OnClosing).
 */
export default async function health(app: FastifyInstance) {
  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/health/ready', async (_request, reply) => {
    const checks = {
      storage: within(app.db.query('SELECT 1'), CHECK_TIMEOUT_MS, `storage (${app.db.kind})`),
      counters: within(app.counters.reachable(), CHECK_TIMEOUT_MS, 'counters'),
    };
    // A database that does not answer is the storage check's to report, not a schema to migrate.
    const schema = within(app.schema.missing(), CHECK_TIMEOUT_MS, 'schema').catch(() => []);
    const [results, missingMigrations] = await Promise.all([Promise.allSettled(Object.values(checks)), schema]);
    const down = Object.keys(checks).filter((_name, k) => results[k]!.status === 'rejected');
    if (down.length === 0 && missingMigrations.length === 0) {
      return { status: 'ok', storage: app.db.kind, counters: app.config.REDIS_URL ? 'redis' : app.db.kind, definitions: `v${app.flows.version}` };
    }
    if (down.length) {
      const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
      app.log.error({ down, errors: errors.map((err) => err.message) }, 'readiness: a dependency is unavailable');
    }
    if (missingMigrations.length === 0) return reply.code(503).send({ status: 'unavailable', down });
    // The migration role has not run this release's migrations yet (npm run migrate, the cluster's Job).
    app.log.warn({ missingMigrations }, 'readiness: the database lacks migrations this release needs');
    return reply.code(503).send({ status: 'unavailable', down: [...down, 'schema'], missingMigrations });
  });
}
