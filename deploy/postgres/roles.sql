-- The two roles of the server's PostgreSQL database (docs/operations.md, "Database roles"). Run
-- once, by an administrator (a superuser, or a managed service's administrator that is a member of
-- both roles), connected to the application's database, with the passwords from the secret store:
--
--   psql "postgresql://admin@db.internal/consorcio" -v ON_ERROR_STOP=1 \
--     -v migrator_password="$MIGRATOR_PASSWORD" -v runtime_password="$RUNTIME_PASSWORD" \
--     -f deploy/postgres/roles.sql
--
-- consorcio_migrator owns the schema and every table: it alone creates, alters and drops them
-- (npm run migrate, the Job consorcio-migrate: DATABASE_MIGRATION_URL). consorcio_runtime (the
-- server's pods: DATABASE_URL, DATABASE_MIGRATE=never) reads and writes rows and nothing else.
-- tests/api/database-roles.test.ts runs this file on PostgreSQL and tries both roles.

CREATE ROLE consorcio_migrator LOGIN PASSWORD :'migrator_password';
CREATE ROLE consorcio_runtime LOGIN PASSWORD :'runtime_password';

-- Only these two roles connect; no role makes temporary tables.
REVOKE ALL ON DATABASE :"DBNAME" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"DBNAME" TO consorcio_migrator, consorcio_runtime;

-- The schema belongs to the migration role, and only its owner creates in it (before PostgreSQL
-- 15 every role could create in public).
ALTER SCHEMA public OWNER TO consorcio_migrator;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO consorcio_runtime;

-- Rows of every table and the sequences of SERIAL columns: those there now (a database the
-- server migrated before these roles, once its tables belong to the migration role), and those
-- the migration role creates from now on.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO consorcio_runtime;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO consorcio_runtime;
ALTER DEFAULT PRIVILEGES FOR ROLE consorcio_migrator IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO consorcio_runtime;
ALTER DEFAULT PRIVILEGES FOR ROLE consorcio_migrator IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO consorcio_runtime;
