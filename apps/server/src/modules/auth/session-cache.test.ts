/**
 * The session cache saves the database round trip of every signed-in request, and a sign-out
 * still ends the token at once: in this process directly, in the others through Redis.
 */
import { eq } from 'drizzle-orm';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { makeCompany } from '../../../test/factories.js';
import { changePassword, secondSession, useTestApp } from '../../../test/helpers.js';
import { sessions } from './auth.tables.js';
import { redisUp, redisUrl } from '../../../test/redis.js';

describe('session cache in one process', () => {
  const t = useTestApp({ sessionCacheMs: 60_000 });

  it('answers from memory once checked, and a sign-out ends the token at once', async () => {
    const owner = await makeCompany(t.ctx);
    expect((await owner.api.get('/company')).status).toBe(200);
    // another process revoking straight in the database is not seen here until the cache ages...
    const [s] = await t.ctx.database.db.select().from(sessions).where(eq(sessions.user_id, owner.user.id));
    await t.ctx.database.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, s.id));
    expect((await owner.api.get('/company')).status).toBe(200);
    // ...which is why a shared PostgreSQL without Redis runs with the cache off (config.ts)
    const again = await makeCompany(t.ctx);
    expect((await again.api.get('/company')).status).toBe(200);
    expect((await again.api.post('/auth/signout')).status).toBeLessThan(300);
    expect((await again.api.get('/company')).status).toBe(401);
  });

  it('a password change ends the other sessions at once', async () => {
    const owner = await makeCompany(t.ctx);
    const otherApi = await secondSession(t.ctx, owner);
    expect((await otherApi.get('/company')).status).toBe(200);
    const changed = await changePassword(owner, 'new-secret-pass', 'Owner');
    expect(changed.status).toBe(200);
    expect((await otherApi.get('/company')).status).toBe(401);
    expect((await owner.api.get('/company')).status).toBe(200);
  });
});

// CI starts Redis (.ci/run): there a missing Redis is a failure, not a skip
const redisAnswers = await redisUp();

describe.runIf(redisAnswers)('session cache across processes (Redis)', () => {
  const t = useTestApp({ sessionCacheMs: 60_000, redisUrl });

  it('forgets a session another process signed out', async () => {
    const owner = await makeCompany(t.ctx);
    expect((await owner.api.get('/company')).status).toBe(200);
    const [s] = await t.ctx.database.db.select().from(sessions).where(eq(sessions.user_id, owner.user.id));
    // what another process's sign-out does: the row, then the word on the bus
    await t.ctx.database.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, s.id));
    const pub = createClient({ url: redisUrl });
    await pub.connect();
    await pub.publish('dbo:sessions:forget', JSON.stringify({ session: s.id }));
    await pub.quit();
    await expect.poll(async () => (await owner.api.get('/company')).status, { timeout: 5000 }).toBe(401);
  });
});
