import { IdempotencyStore } from '../../storage/idempotency.js';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../../storage/database.js';
import { SchemaCheck } from '../../storage/migrations.js';
import { RedisCounters, SqlCounters, type Counters } from '../../storage/counters.js';
import { DailyNotices } from '../../storage/daily-notices.js';
import { SessionStore } from '../../storage/session-store.js';
import { BiometricCredentials } from '../../storage/biometric-credentials.js';
import { PushTokens } from '../../storage/push-tokens.js';

/** A biometric credential opens sessions for at most this long after enrolment (then the password again). */
const BIOMETRIC_LIFETIME_MS = 90 * 24 * 3_600_000;

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    sessions: SessionStore;
    /** Windowed counters shared across instances (Redis with REDIS_URL, else the database). */
    counters: Counters;
    /** Home modals shown at most once per day per customer. */
    dailyNotices: DailyNotices;
    idempotency: IdempotencyStore;
    /** Device-bound biometric credentials (hashed, revocable; docs/native-contract.md). */
    biometrics: BiometricCredentials;
    /** Push tokens registered by the native wrappers. */
    pushTokens: PushTokens;
    /** Whether the database has every migration this release needs (readiness asks it). */
    schema: SchemaCheck;
  }
}

/** Decorates `db` (PGlite by default, PostgreSQL with DATABASE_URL), the `sessions` store and shared `counters`. */
export default fp(
  async (app) => {
    const db = await openDatabase({
      databaseUrl: app.config.DATABASE_URL,
      dataDir: app.config.DATA_DIR,
      poolSize: app.config.DATABASE_POOL_SIZE,
      onConnectionLost: (err) => app.log.warn({ err }, 'PostgreSQL: an idle connection was lost; the pool opens another when asked'),
      migrate: app.config.DATABASE_MIGRATE,
    });
    app.decorate('db', db);
    // DATABASE_MIGRATE=never on PostgreSQL: the migration role applies them (npm run migrate, the
    // cluster's Job); until the database has them all this instance is not ready (/health/ready).
    const checked = db.kind === 'postgres' && app.config.DATABASE_MIGRATE === 'never';
    const schema = new SchemaCheck(db, !checked);
    if (checked) {
      const missing = await schema.missing();
      if (missing.length) app.log.warn({ missingMigrations: missing }, 'the database lacks migrations this release needs: not ready until the migration role applies them (npm run migrate)');
    } else if (app.config.DATABASE_MIGRATE === 'never') app.log.info('DATABASE_MIGRATE=never applies to PostgreSQL: the embedded PGlite migrates itself');
    app.decorate('schema', schema);
    // A customer's sessions are found by the same keyed pseudonym security events name them by.
    app.decorate('sessions', new SessionStore(db, app.config.SESSION_IDLE_MINUTES * 60_000, Date.now, app.config.sealKeys, app.config.subjectKeys));
    const counters: Counters = app.config.REDIS_URL
      ? new RedisCounters(app.config.REDIS_URL, (err) => app.log.warn({ err }, 'Redis unreachable; ioredis reconnects'))
      : new SqlCounters(db);
    app.decorate('counters', counters);
    app.decorate('dailyNotices', new DailyNotices(db));
    app.decorate('idempotency', new IdempotencyStore(db));
    app.decorate('biometrics', new BiometricCredentials(db, BIOMETRIC_LIFETIME_MS));
    app.decorate('pushTokens', new PushTokens(db));
    const purge = setInterval(() => void app.sessions.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'session purge failed')), 10 * 60_000);
    purge.unref();
    app.addHook('onClose', async () => {
      clearInterval(purge);
      await counters.close();
      await db.close();
    });
  },
  { name: 'storage', dependencies: ['config'] },
);
