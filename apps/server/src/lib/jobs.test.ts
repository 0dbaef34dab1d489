import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { jobs } from './jobs.tables.js';
import { createJobQueue, lastSlot, PermanentError, RetryableError } from './jobs.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const unique = (n: string) => `test.${n}.${process.pid}.${Date.now()}`;
const rowOf = async (id: number) => (await ctx.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe('job queue', () => {
  it('retries with backoff, never sooner than Retry-After, then completes', async () => {
    let t = Date.parse('2026-05-01T12:00:00Z');
    const q = createJobQueue(ctx.database.db, { now: () => new Date(t), retryBaseMs: 100 });
    const name = unique('retry');
    let calls = 0;
    q.work(name, async () => {
      calls++;
      if (calls === 1) throw new RetryableError('busy', 5000);
      if (calls === 2) throw new Error('flaky');
    });
    const id = (await q.enqueue(name, {})) as number;
    await q.tick();
    await q.stop();
    let row = await rowOf(id);
    expect(row).toMatchObject({ state: 'created', attempts: 1, last_error: 'busy' });
    // Retry-After (5 s) beats the 100 ms backoff
    expect(row.run_at.getTime() - t).toBe(5000);
    t += 4999;
    await q.tick();
    expect((await rowOf(id)).attempts).toBe(1);
    t += 1;
    await q.tick();
    await q.stop();
    row = await rowOf(id);
    // second failure: backoff 100 * 2
    expect(row).toMatchObject({ state: 'created', attempts: 2, last_error: 'flaky' });
    expect(row.run_at.getTime() - t).toBe(200);
    t += 200;
    await q.tick();
    await q.stop();
    expect(await rowOf(id)).toMatchObject({ state: 'completed', attempts: 3, last_error: null });
  });

  it('fails at once on a PermanentError and tells onFailed; a job with a singleton key is made once', async () => {
    const q = createJobQueue(ctx.database.db);
    const name = unique('permanent');
    const failed: string[] = [];
    q.work(
      name,
      async () => {
        throw new PermanentError('refused');
      },
      { onFailed: (_job, err) => void failed.push(err.message) },
    );
    const id = (await q.enqueue(name, {}, { singletonKey: `${name}-once` })) as number;
    expect(await q.enqueue(name, {}, { singletonKey: `${name}-once` })).toBeNull();
    await q.tick();
    await q.stop();
    expect(await rowOf(id)).toMatchObject({ state: 'failed', attempts: 1, last_error: 'refused' });
    expect(failed).toEqual(['refused']);
  });

  it('stop() waits for the running job (graceful shutdown)', async () => {
    const q = createJobQueue(ctx.database.db);
    const name = unique('slow');
    let finished = false;
    q.work(name, async () => {
      await new Promise((r) => setTimeout(r, 300));
      finished = true;
    });
    const id = (await q.enqueue(name, {})) as number;
    await q.tick();
    await q.stop();
    expect(finished).toBe(true);
    expect((await rowOf(id)).state).toBe('completed');
  });

  it('sits idle between polls when a schedule has nothing new to fire (no busy loop)', async () => {
    let clockReads = 0;
    const q = createJobQueue(ctx.database.db, {
      pollMs: 100,
      now: () => {
        clockReads++;
        return new Date();
      },
    });
    const name = unique('idle');
    q.schedule(name, '0 2 * * *', 'America/Chicago');
    q.work(name, async () => {});
    q.start();
    await new Promise((r) => setTimeout(r, 1000));
    await q.stop();
    // about ten polls in a second, each reading the clock twice; a spinning loop reads it as fast as the database answers
    expect(clockReads).toBeLessThan(60);
  });

  it('finds the latest 02:00 in Chicago across daylight saving', () => {
    const tz = 'America/Chicago';
    // summer (CDT, UTC-5)
    expect(lastSlot(new Date('2026-07-15T12:00:00Z'), 2, 0, tz).toISOString()).toBe('2026-07-15T07:00:00.000Z');
    // winter (CST, UTC-6), before 02:00 local: yesterday's slot
    expect(lastSlot(new Date('2026-01-15T07:30:00Z'), 2, 0, tz).toISOString()).toBe('2026-01-14T08:00:00.000Z');
  });
});
