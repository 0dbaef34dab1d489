/**
 * Issue 35 case 5, the part no message can carry: a session ended on one process while Redis is
 * away. The other process never hears of it, so when Redis comes back it re-checks the session
 * behind every socket it holds and closes those that ended (no periodic re-check here: only
 * Redis's return can close them). Redis is a server of this test's own, stopped and started again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createClient } from 'redis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/data-dir-fixtures.js';
import { createTestApp, signUpCompany, type TestContext } from '../../../test/helpers.js';
import { makeShop } from '../../../test/order-factories.js';
import { connectSocket, disconnected, within } from '../../../test/realtime-fixtures.js';
import { buildApp } from '../../app.js';
import { sessions } from './auth.tables.js';

const REDIS_SERVER = '/usr/bin/redis-server';
// CI installs redis-server (.ci/run): there a missing one is a failure, not a skip
if (process.env.CI && !fs.existsSync(REDIS_SERVER)) throw new Error('redis-server is missing: CI must install it');

async function answers(url: string): Promise<boolean> {
  const c = createClient({ url, socket: { connectTimeout: 500, reconnectStrategy: false } });
  c.on('error', () => {});
  try {
    await c.connect();
    await c.quit();
    return true;
  } catch {
    return false;
  }
}

describe.runIf(fs.existsSync(REDIS_SERVER))('sockets re-checked when Redis comes back', () => {
  let port = 0;
  let url = '';
  let redis: ChildProcess | undefined;
  let a: TestContext;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let bUrl = '';
  const sockets: Socket[] = [];

  async function startRedis() {
    redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100 && !(await answers(url)); i++) await new Promise((r) => setTimeout(r, 50));
  }
  async function stopRedis() {
    const child = redis;
    redis = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
  }

  beforeAll(async () => {
    port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    await startRedis();
    // A answers the API, B holds the sockets (same database, same Redis)
    a = await createTestApp({ redisUrl: url, socketRecheckMs: 0 }, { realtime: true });
    b = await buildApp({
      config: a.config,
      db: a.database.db,
      jwtSecret: 'test-secret',
      realtime: true,
      logger: false,
    });
    await b.listen({ port: 0, host: '127.0.0.1' });
    bUrl = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await b?.close();
    await a?.close();
    await stopRedis();
  });

  const openOnB = (token: string) => connectSocket(bUrl, token, (s) => sockets.push(s));

  it("a staff and a customer sign-out made on A while Redis is away close B's sockets once it is back", async () => {
    const owner = await signUpCompany(a);
    const { shopper } = await makeShop(a);
    const dead = await signUpCompany(a);
    const live = await signUpCompany(a);
    const staffSocket = await openOnB(owner.token);
    const shopperSocket = await openOnB(shopper.token);
    const deadSocket = await openOnB(dead.token);
    const liveSocket = await openOnB(live.token);
    const allGone = Promise.all([disconnected(staffSocket), disconnected(shopperSocket), disconnected(deadSocket)]);

    await stopRedis();
    // the sign-outs answer at once, Redis or not
    expect((await within(owner.api.post('/auth/signout'), 5000)).status).toBe(200);
    expect((await within(shopper.api.post('/customer-app/signout'), 5000)).status).toBe(200);
    // and what a process that went down before Redis came back leaves: the row revoked, its word lost
    await a.database.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.user_id, dead.user.id));

    await startRedis();
    expect(await within(allGone, 20_000)).toEqual(Array(3).fill('io server disconnect'));
    // a live session's socket stays open through it all
    expect(liveSocket.connected).toBe(true);
  }, 60_000);
});
