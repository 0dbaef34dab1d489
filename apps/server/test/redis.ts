/** The Redis the cross-process tests share (.ci/run starts it on 127.0.0.1:6379). */
import { createClient } from 'redis';

export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` within `timeoutMs`. */
export async function redisAnswers(url: string, timeoutMs = 1000): Promise<boolean> {
  const c = createClient({ url, socket: { connectTimeout: timeoutMs, reconnectStrategy: false } });
  c.on('error', () => {});
  try {
    await c.connect();
    await c.quit();
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether Redis answers at `redisUrl`. Under CI a Redis that does not answer is a failure, not a
 * skip: CI starts it, so its absence means the tests that need it would prove nothing.
 */
export async function redisUp(): Promise<boolean> {
  const up = await redisAnswers(redisUrl);
  if (process.env.CI && !up) throw new Error(`Redis does not answer at ${redisUrl}: CI must start it`);
  return up;
}
