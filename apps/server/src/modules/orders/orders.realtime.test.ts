import type { AddressInfo } from 'node:net';
import { ORDER_EVENTS } from '@dbo/domain/order';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { makeOrder, makeShopCompany, makeShopper } from '../../../test/order-factories.js';

let ctx: TestContext;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, { realtime: true });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

/** A connected socket (websocket only, token in the handshake) recording every event. */
async function connect(token: string) {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
  sockets.push(socket);
  const events: { name: string; payload: unknown }[] = [];
  socket.onAny((name, payload) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, events };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return check();
};

describe('order socket events', () => {
  it('sends order:placed to the company staff only', async () => {
    const company = await makeShopCompany(ctx);
    const other = await makeShopCompany(ctx);
    const p = await makeProduct(ctx, company.companyId);
    const shopper = await makeShopper(ctx, company);
    const staff = await connect(company.token);
    const outsider = await connect(other.token);
    const order = await makeOrder(shopper, [{ product_id: p.id, qty: 2 }]);
    expect(await until(() => staff.events.some((e) => e.name === ORDER_EVENTS.placed))).toBe(true);
    expect(staff.events.find((e) => e.name === ORDER_EVENTS.placed)?.payload).toMatchObject({
      id: order.id,
      order_number: order.order_number,
    });
    expect(outsider.events).toEqual([]);
  });

  it("sends order:status to the placing customer user's own room", async () => {
    const company = await makeShopCompany(ctx);
    const p = await makeProduct(ctx, company.companyId);
    const shopper = await makeShopper(ctx, company);
    const neighbour = await makeShopper(ctx, company);
    const mine = await connect(shopper.token);
    const theirs = await connect(neighbour.token);
    const order = await makeOrder(shopper, [{ product_id: p.id, qty: 1 }]);
    await company.api.put(`/order/${order.id}`, { status: 'cancelled' });
    expect(await until(() => mine.events.some((e) => e.name === ORDER_EVENTS.status))).toBe(true);
    expect(mine.events.find((e) => e.name === ORDER_EVENTS.status)?.payload).toEqual({
      id: order.id,
      order_number: order.order_number,
      status: 'cancelled',
    });
    // a customer user never hears the company room (order:placed) or another user's orders
    expect(mine.events.some((e) => e.name === ORDER_EVENTS.placed)).toBe(false);
    expect(theirs.events).toEqual([]);
  });

  it('sends order:invoiced when an invoice is made from the order', async () => {
    const company = await makeShopCompany(ctx);
    const p = await makeProduct(ctx, company.companyId, { product_price: '5.00' });
    const shopper = await makeShopper(ctx, company);
    const mine = await connect(shopper.token);
    const order = await makeOrder(shopper, [{ product_id: p.id, qty: 1 }]);
    await company.api.post('/invoice', {
      customer: { id: shopper.customerId },
      order_id: order.id,
      items: [{ product_id: p.id, qty: 1, price: 5, taxable: true, on_deal: false }],
      stamps: [],
    });
    expect(await until(() => mine.events.some((e) => e.name === ORDER_EVENTS.invoiced))).toBe(true);
    expect(mine.events.find((e) => e.name === ORDER_EVENTS.invoiced)?.payload).toMatchObject({ status: 'invoiced' });
  });

  it('tells a customer user who was disabled (user:access) so the app signs them out', async () => {
    const company = await makeShopCompany(ctx);
    const shopper = await makeShopper(ctx, company);
    const mine = await connect(shopper.token);
    await company.api.put('/customer/user-permission', { customerUser: shopper.userId, permission: false });
    expect(await until(() => mine.events.some((e) => e.name === 'user:access'))).toBe(true);
    expect(mine.events.find((e) => e.name === 'user:access')?.payload).toMatchObject({ is_enable: false });
  });

  it('refuses a bad token', async () => {
    await expect(connect('not-a-token')).rejects.toThrow();
  });
});
