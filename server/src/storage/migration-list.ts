/** A migration as the database records it in schema_migrations. */
export interface Migration {
  id: number;
  name: string;
}

/**
 * Forward-only migrations, applied in order: at start-up (DATABASE_MIGRATE=auto, and always on the
 * embedded PGlite) or by `npm run migrate` under the migration role (DATABASE_MIGRATE=never: the
 * cluster's Job). Never edit one that has shipped: append a new entry. A PostgreSQL advisory lock
 * keeps concurrent instances from racing.
 */
export const MIGRATIONS: (Migration & { sql: string })[] = [
  {
    id: 1,
    name: 'sessions',
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        data JSONB NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX sessions_expires_at ON sessions (expires_at);`,
  },
  {
    id: 2,
    name: 'flow_versions',
    sql: `
      CREATE TABLE flow_versions (
        version INTEGER PRIMARY KEY,
        files JSONB NOT NULL,
        author TEXT NOT NULL,
        comment TEXT NOT NULL,
        source TEXT NOT NULL,
        source_hash TEXT,
        diff TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`,
  },
  {
    id: 3,
    name: 'staff_sessions',
    sql: `
      CREATE TABLE staff_sessions (
        id TEXT PRIMARY KEY,
        login TEXT NOT NULL,
        role TEXT NOT NULL,
        draft JSONB,
        expires_at TIMESTAMPTZ NOT NULL
      )`,
  },
  {
    id: 4,
    name: 'counters',
    sql: `
      CREATE TABLE counters (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
      )`,
  },
  {
    id: 5,
    name: 'daily_notices',
    sql: `
      CREATE TABLE daily_notices (
        customer TEXT NOT NULL,
        notice TEXT NOT NULL,
        day TEXT NOT NULL,
        PRIMARY KEY (customer, notice)
      )`,
  },
  {
    // Numbered by its issue (19) so parallel branches do not collide; ids only need to be unique.
    id: 19,
    name: 'assistant_conversations',
    sql: `
      CREATE TABLE assistant_conversations (
        key TEXT PRIMARY KEY,
        data JSONB NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX assistant_conversations_expires_at ON assistant_conversations (expires_at)`,
  },
  {
    // The resilience block of ids (22xx): each area keeps its own block of ids so parallel branches never collide.
    id: 2201,
    name: 'idempotency_keys',
    sql: `
      CREATE TABLE idempotency_keys (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        body_hash TEXT NOT NULL,
        state TEXT NOT NULL,
        result TEXT,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (scope, key)
      )`,
  },
  {
    // The native wrappers' block of ids (23xx): device-bound biometric credentials, only their SHA-256 and
    // the back-office refresh token sealed with a key derived from the credential.
    id: 2301,
    name: 'biometric_credentials',
    sql: `
      CREATE TABLE biometric_credentials (
        credential_hash TEXT PRIMARY KEY,
        customer TEXT NOT NULL,
        partner_id INTEGER NOT NULL,
        platform TEXT NOT NULL,
        sealed TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        last_used_at BIGINT,
        expires_at BIGINT NOT NULL,
        revoked_at BIGINT,
        unlocking_until BIGINT
      );
      CREATE INDEX biometric_credentials_customer ON biometric_credentials (customer)`,
  },
  {
    // push tokens the native wrappers return on opt-in (the back office keeps only block_push_notification).
    id: 2302,
    name: 'push_tokens',
    sql: `
      CREATE TABLE push_tokens (
        customer TEXT NOT NULL,
        platform TEXT NOT NULL,
        token TEXT NOT NULL,
        partner_id INTEGER NOT NULL,
        blocked BOOLEAN NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (customer, token)
      )`,
  },
  {
    // The console approvals' block of ids (24xx): console publishes waiting for an approver or for their time.
    id: 2401,
    name: 'ops_requests',
    sql: `
      CREATE TABLE ops_requests (
        id SERIAL PRIMARY KEY,
        definition TEXT NOT NULL,
        files JSONB NOT NULL,
        base_version INTEGER NOT NULL,
        author TEXT NOT NULL,
        comment TEXT NOT NULL,
        diff TEXT NOT NULL,
        run_at TIMESTAMPTZ,
        approved_by TEXT,
        status TEXT NOT NULL DEFAULT 'pending',
        outcome TEXT,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX ops_requests_status ON ops_requests (status)`,
  },
  {
    // Drafts and money moves consumed by their first confirmation (storage/once-claims.ts): one row
    // per customer account and move (an action and what it acts on), claimed atomically.
    id: 3941,
    name: 'once_claims',
    sql: `
      CREATE TABLE once_claims (
        account TEXT NOT NULL,
        move TEXT NOT NULL,
        content TEXT NOT NULL,
        token TEXT NOT NULL,
        state TEXT NOT NULL,
        outcome TEXT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        PRIMARY KEY (account, move)
      );
      CREATE INDEX once_claims_expires_at ON once_claims (expires_at)`,
  },
  {
    // The approver of a published version in a column of its own. Versions published through an
    // approval before it carry "author (aprovado por approver)" as their author: split here.
    id: 4160,
    name: 'flow_versions_approved_by',
    sql: `
      ALTER TABLE flow_versions ADD COLUMN approved_by TEXT;
      UPDATE flow_versions
         SET approved_by = substring(author from ' \\(aprovado por (.+)\\)$'),
             author = substring(author from '^(.*) \\(aprovado por .+\\)$')
       WHERE author ~ ' \\(aprovado por .+\\)$'`,
  },
  {
    // The analytics block of ids (42xx): what the flows do, counted by day, flow, step, definitions
    // version, partner and platform — counts and duration buckets only, never a person.
    id: 4201,
    name: 'analytics',
    sql: `
      CREATE TABLE analytics_steps (
        day DATE NOT NULL,
        flow TEXT NOT NULL,
        step TEXT NOT NULL,
        version INTEGER NOT NULL,
        partner INTEGER NOT NULL,
        platform TEXT NOT NULL,
        arrivals BIGINT NOT NULL DEFAULT 0,
        completions BIGINT NOT NULL DEFAULT 0,
        upstream_failures BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (day, flow, step, version, partner, platform)
      );
      CREATE INDEX analytics_steps_flow_day ON analytics_steps (flow, day);
      CREATE TABLE analytics_refusals (
        day DATE NOT NULL,
        flow TEXT NOT NULL,
        step TEXT NOT NULL,
        version INTEGER NOT NULL,
        partner INTEGER NOT NULL,
        platform TEXT NOT NULL,
        field TEXT NOT NULL,
        reason TEXT NOT NULL,
        count BIGINT NOT NULL,
        PRIMARY KEY (day, flow, step, version, partner, platform, field, reason)
      );
      CREATE INDEX analytics_refusals_flow_day ON analytics_refusals (flow, day);
      CREATE TABLE analytics_durations (
        day DATE NOT NULL,
        flow TEXT NOT NULL,
        step TEXT NOT NULL,
        version INTEGER NOT NULL,
        partner INTEGER NOT NULL,
        platform TEXT NOT NULL,
        bucket SMALLINT NOT NULL,
        count BIGINT NOT NULL,
        PRIMARY KEY (day, flow, step, version, partner, platform, bucket)
      );
      CREATE INDEX analytics_durations_flow_day ON analytics_durations (flow, day)`,
  },
  {
    // The secondary parts screens were drawn without (late past their budget, or failed), by place, part and reason.
    id: 4202,
    name: 'analytics_parts',
    sql: `
      CREATE TABLE analytics_parts (
        day DATE NOT NULL, flow TEXT NOT NULL, step TEXT NOT NULL, version INTEGER NOT NULL, partner INTEGER NOT NULL, platform TEXT NOT NULL,
        part TEXT NOT NULL, reason TEXT NOT NULL, count BIGINT NOT NULL,
        PRIMARY KEY (day, flow, step, version, partner, platform, part, reason)
      )`,
  },
  {
    // The customers' sessions block of ids (57xx): a customer's sessions are found by `holder`, a
    // keyed pseudonym of partner and CPF/CNPJ (never the number), and each row says where it was opened.
    id: 5701,
    name: 'sessions_holder_platform',
    sql: `
      ALTER TABLE sessions ADD COLUMN holder TEXT;
      ALTER TABLE sessions ADD COLUMN platform TEXT NOT NULL DEFAULT 'web';
      CREATE INDEX sessions_holder ON sessions (holder)`,
  },
  {
    // Console sessions signed in at the identity provider: an absolute end beside the idle one,
    // when the role was last read from the provider, and the provider's tokens (sealed). Sessions
    // opened before have neither and end here: their staff sign in again.
    id: 5702,
    name: 'staff_sessions_provider',
    sql: `
      DELETE FROM staff_sessions;
      ALTER TABLE staff_sessions ADD COLUMN ends_at TIMESTAMPTZ NOT NULL;
      ALTER TABLE staff_sessions ADD COLUMN role_checked_at TIMESTAMPTZ NOT NULL;
      ALTER TABLE staff_sessions ADD COLUMN provider JSONB`,
  },
];
