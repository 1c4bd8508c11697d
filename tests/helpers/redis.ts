import { Redis } from 'ioredis';

/** The local Redis the multi-instance tests share (CI must have it). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether it answers. In CI an absent Redis is an error. */
export async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (err) {
    if (process.env.CI) throw new Error(`Redis is required in CI (${TEST_REDIS_URL}): ${(err as Error).message}`);
    return false;
  } finally {
    probe.disconnect();
  }
}
