/** The Redis the cross-process tests share (.ci/run starts it on 127.0.0.1:6379). */
import { createClient } from 'redis';

// TEST_REDIS_URL: the Redis of this run only (CI runs the suite in shards side by side, each with its own);
// unlike REDIS_URL it never reaches a server process a test starts with the environment
export const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers at `redisUrl`. Under CI a Redis that does not answer is a failure, not a
 * skip: CI starts it, so its absence means the tests that need it would prove nothing.
 */
export async function redisUp(): Promise<boolean> {
  const c = createClient({ url: redisUrl, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  c.on('error', () => {});
  let up = false;
  try {
    await c.connect();
    await c.quit();
    up = true;
  } catch {
    up = false;
  }
  if (process.env.CI && !up) throw new Error(`Redis does not answer at ${redisUrl}: CI must start it`);
  return up;
}
