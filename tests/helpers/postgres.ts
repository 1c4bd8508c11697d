import pg from 'pg';

/** The local PostgreSQL the multi-instance tests share (CI must have it). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

/** Whether it answers; runs `prepare` on it first when given. In CI an absent database is an error. */
export async function postgresAvailable(prepare?: (client: pg.Client) => Promise<void>): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await prepare?.(client);
    return true;
  } catch (err) {
    if (process.env.CI) throw new Error(`PostgreSQL is required in CI (${TEST_DATABASE_URL}): ${(err as Error).message}`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
