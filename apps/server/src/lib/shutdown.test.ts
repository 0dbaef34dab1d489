import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.js';
import { gracefulShutdown } from './shutdown.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `events` holds `what` (a loaded machine may take long to deliver a request). */
async function until(events: string[], what: string) {
  for (let i = 0; i < 500 && !events.includes(what); i++) await sleep(20);
}

/** An app on a real port with a route that takes `ms` and then uses the database. */
async function slowApp(ms: number) {
  const events: string[] = [];
  const ctx = await createTestApp(
    {},
    {
      realtime: true,
      beforeReady: (app) => {
        app.get('/slow', { schema: { hide: true } }, async () => {
          events.push('request started');
          await sleep(ms);
          await app.deps.db.execute(sql`select 1`);
          events.push('request answered');
          return { done: true };
        });
        // where main closes the database
        app.addHook('onClose', async () => void events.push('closed'));
      },
    },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  return { ctx, base, events };
}

describe('graceful shutdown', () => {
  it('stops accepting, lets the request in flight finish, then closes and exits 0', async () => {
    const { ctx, base, events } = await slowApp(1_000);
    const exits: number[] = [];
    const shutdown = gracefulShutdown(ctx.app, { timeoutMs: 5_000, exit: (c) => void exits.push(c) });
    try {
      const inFlight = fetch(`${base}/slow`);
      // the request is in its handler before the signal (else it is new, and refused with a 503)
      await until(events, 'request started');
      const t0 = Date.now();
      const done = shutdown('SIGTERM');
      await sleep(50);
      // a new connection is refused while the old request drains
      await expect(fetch(`${base}/api/v1/health`, { headers: { connection: 'close' } })).rejects.toThrow();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ done: true });
      await done;
      expect(exits).toEqual([0]);
      expect(events).toEqual(['request started', 'request answered', 'closed']);
      expect(Date.now() - t0).toBeLessThan(5_000);
      // a second signal does nothing more
      await shutdown('SIGINT');
      expect(exits).toEqual([0]);
    } finally {
      await ctx.database.close();
    }
  });

  it('gives up after the stated time: open connections are cut and the exit code is 1', async () => {
    const { ctx, base, events } = await slowApp(4_000);
    const exits: number[] = [];
    const shutdown = gracefulShutdown(ctx.app, { timeoutMs: 300, exit: (c) => void exits.push(c) });
    try {
      const inFlight = fetch(`${base}/slow`).then(
        (r) => r.status,
        () => 'cut',
      );
      await until(events, 'request started');
      const t0 = Date.now();
      void shutdown('SIGTERM');
      expect(await inFlight).toBe('cut');
      expect(exits).toEqual([1]);
      expect(Date.now() - t0).toBeLessThan(2_000);
    } finally {
      await sleep(4_000);
      await ctx.database.close();
    }
  }, 20_000);
});
