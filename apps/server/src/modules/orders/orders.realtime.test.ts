import { ORDER_EVENTS } from '@dbo/domain/order';
import { describe, expect, it } from 'vitest';
import { line, makeProduct } from '../../../test/factories.js';
import { makeOrder, makeShopCompany, makeShopper } from '../../../test/order-factories.js';
import { useRealtimeApp } from '../../../test/realtime-fixtures.js';

const rt = useRealtimeApp();
const connect = (token: string) => rt.open(token);

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return check();
};

describe('order socket events', () => {
  it('sends order:placed to the company staff only', async () => {
    const company = await makeShopCompany(rt.ctx);
    const other = await makeShopCompany(rt.ctx);
    const p = await makeProduct(rt.ctx, company.companyId);
    const shopper = await makeShopper(rt.ctx, company);
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
    const company = await makeShopCompany(rt.ctx);
    const p = await makeProduct(rt.ctx, company.companyId);
    const shopper = await makeShopper(rt.ctx, company);
    const neighbour = await makeShopper(rt.ctx, company);
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
    const company = await makeShopCompany(rt.ctx);
    const p = await makeProduct(rt.ctx, company.companyId, { product_price: '5.00' });
    const shopper = await makeShopper(rt.ctx, company);
    const mine = await connect(shopper.token);
    const order = await makeOrder(shopper, [{ product_id: p.id, qty: 1 }]);
    await company.api.post('/invoice', {
      customer: { id: shopper.customerId },
      order_id: order.id,
      items: [line(p.id, 1, 5)],
      stamps: [],
    });
    expect(await until(() => mine.events.some((e) => e.name === ORDER_EVENTS.invoiced))).toBe(true);
    expect(mine.events.find((e) => e.name === ORDER_EVENTS.invoiced)?.payload).toMatchObject({ status: 'invoiced' });
  });

  it('tells a customer user who was disabled (user:access) so the app signs them out', async () => {
    const company = await makeShopCompany(rt.ctx);
    const shopper = await makeShopper(rt.ctx, company);
    const mine = await connect(shopper.token);
    await company.api.put('/customer/user-permission', { customerUser: shopper.userId, permission: false });
    expect(await until(() => mine.events.some((e) => e.name === 'user:access'))).toBe(true);
    expect(mine.events.find((e) => e.name === 'user:access')?.payload).toMatchObject({ is_enable: false });
  });

  it('refuses a bad token', async () => {
    await expect(connect('not-a-token')).rejects.toThrow();
  });
});
