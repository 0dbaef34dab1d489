import { expect, it } from 'vitest';
import { freePort } from '../../test/data-dir-fixtures.js';
import { createTestApp } from '../../test/helpers.js';

/**
 * With REDIS_URL the processes share real-time events through Redis, whose subscriptions must be
 * in place before a socket joins a room: a Redis out of reach at the start fails it at once, saying
 * what to do, rather than hanging on retries (a client with an error listener retries forever).
 */
it('a start whose Redis is out of reach fails at once and says what to do', async () => {
  const port = await freePort(); // nothing listens there
  const started = Date.now();
  await expect(createTestApp({ redisUrl: `redis://127.0.0.1:${port}` }, { realtime: true })).rejects.toThrow(
    /^REDIS_URL is set but Redis does not answer \(.*ECONNREFUSED.*\): start Redis, or unset REDIS_URL/,
  );
  expect(Date.now() - started).toBeLessThan(20_000);
});
