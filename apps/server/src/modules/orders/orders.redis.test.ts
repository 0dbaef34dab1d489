/**
 * Several server processes on one PostgreSQL database share socket events through the Redis
 * adapter: a staff client on process A hears an order placed through process B. Needs
 * TEST_DATABASE_URL (PostgreSQL) and the Redis at 127.0.0.1:6379 (REDIS_URL overrides).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { ORDER_EVENTS } from '@dbo/domain/order';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { makeShopCompany, makeShopper } from '../../../test/order-factories.js';
import { spawnServer } from '../../../test/server-process.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let ctx: TestContext;
const children: ChildProcess[] = [];
const dirs: string[] = [];
let socket: Socket | undefined;

/** Starts `src/main.ts` on a free port and answers its base URL once it listens. */
async function startServer(port: number): Promise<string> {
  const { child, dataDir } = spawnServer({
    port,
    databaseUrl: databaseUrl!,
    redisUrl,
    jwtSecret: 'test-secret', // the in-process test app signs the tokens
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dirs.push(dataDir);
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes(' listening on http')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return `http://127.0.0.1:${port}`;
}

describe.skipIf(!databaseUrl)('order events across server processes (Redis adapter)', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    socket?.close();
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on('exit', r)))));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    await ctx?.close();
  }, 30_000);

  it('delivers order:placed from process B to a staff client on process A', async () => {
    const company = await makeShopCompany(ctx);
    const product = await makeProduct(ctx, company.companyId);
    const shopper = await makeShopper(ctx, company);
    const base = 40_000 + (process.pid % 10_000);
    const [a, b] = await Promise.all([startServer(base), startServer(base + 1)]);

    socket = io(a, { path: '/socket.io', transports: ['websocket'], auth: { token: company.token } });
    const received = new Promise<unknown>((resolve) => socket?.on(ORDER_EVENTS.placed, resolve));
    await new Promise<void>((resolve, reject) => {
      socket?.on('connect', () => resolve());
      socket?.on('connect_error', reject);
    });

    const res = await fetch(`${b}/api/v1/customer-app/order`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shopper.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ product_id: product.id, qty: 1 }] }),
    });
    expect(res.status).toBe(200);
    const order = (await res.json()) as { id: number; order_number: number };
    const payload = await Promise.race([
      received,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no order:placed within 10 s')), 10_000)),
    ]);
    expect(payload).toMatchObject({ id: order.id, order_number: order.order_number });
  }, 120_000);
});
