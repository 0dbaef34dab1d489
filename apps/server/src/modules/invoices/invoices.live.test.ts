/**
 * Live screens for everyone (issue 32): every write emits its event from the typed map
 * (`@dbo/domain/live-events`) after it committed, with a payload its schema accepts, to its own
 * company only; and an invoice saved from a stale screen is refused (409) naming who changed it.
 */
import { todayInTexas } from '@dbo/domain/dates';
import { INVOICE_MSG } from '@dbo/domain/invoice';
import { LIVE_EVENTS, type LiveEventName, isLiveEventName } from '@dbo/domain/live-events';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postCustomer } from '../../../test/customer-fixtures.js';
import { line, makeCompany, makeCustomer, makeInvoice, makeProduct, makeStaff } from '../../../test/factories.js';
import { client } from '../../../test/helpers.js';
import { makeShopCompany, makeShopper } from '../../../test/order-factories.js';
import { newProduct } from '../../../test/product-fixtures.js';
import { useRealtimeApp } from '../../../test/realtime-fixtures.js';
import { invoices } from './invoices.tables.js';

const rt = useRealtimeApp();

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

/** An owner, a second user (Sam Staff) of the same company, an outsider company and a beer line. */
async function office() {
  const owner = await makeCompany(rt.ctx);
  const staff = await makeStaff(rt.ctx, owner.companyId);
  const outsider = await makeCompany(rt.ctx);
  const customer = await makeCustomer(rt.ctx, owner.companyId);
  const beer = await makeProduct(rt.ctx, owner.companyId, { product_type: 'BEER', product_price: '10.00' });
  return { owner, staff, outsider, customer, beer };
}

describe('typed live events', () => {
  it('an invoice saved by one user reaches the company after its commit, with a valid payload, and no one else', async () => {
    const o = await office();
    const colleague = await rt.open(o.staff.token as string);
    const outsider = await rt.open(o.outsider.token);
    // when the event arrives, the invoice must already be readable (emitted after the commit)
    let committedOnArrival: boolean | undefined;
    colleague.socket.once('invoice:created', async (p: { id: number }) => {
      const rows = await rt.ctx.database.db.select().from(invoices).where(eq(invoices.id, p.id));
      committedOnArrival = rows.length === 1;
    });
    const inv = await makeInvoice(o.owner, { customerId: o.customer.id, items: [line(o.beer.id, 2, 10)] });
    expect(await until(() => committedOnArrival !== undefined)).toBe(true);
    expect(committedOnArrival).toBe(true);
    const event = colleague.events.find((e) => e.name === 'invoice:created');
    expect(LIVE_EVENTS['invoice:created'].parse(event?.payload)).toEqual({
      id: inv.id,
      number: inv.number,
      beer: true,
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(outsider.events).toEqual([]);
  });

  it('customers, products, stamps, edits, cancels and payments each emit their event, valid against its schema', async () => {
    const o = await office();
    const colleague = await rt.open(o.staff.token as string);
    const outsider = await rt.open(o.outsider.token);
    const today = todayInTexas();
    const expectEvent = async (name: LiveEventName, write: () => Promise<{ status: number; body: unknown }>) => {
      const before = colleague.events.length;
      const res = await write();
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(await until(() => colleague.events.slice(before).some((e) => e.name === name)), name).toBe(true);
    };

    const customer = await postCustomer(o.owner);
    await expectEvent('customer:update', async () => ({ status: 200, body: customer }));
    await expectEvent('customer:update', () =>
      o.owner.api.put(`/customer/${customer.id}`, { ...customer, city: 'Round Rock' }),
    );
    await expectEvent('product:cache-update', () => o.owner.api.post('/product', newProduct()));
    await expectEvent('stamp:update', () =>
      o.owner.api.post('/stamp/roll', { roll: { prefix: 'Q', received_at: today, from: 1, to: 50 } }),
    );
    const inv = await makeInvoice(o.owner, { customerId: o.customer.id, items: [line(o.beer.id, 1, 10)] });
    await expectEvent('invoice:updated', () =>
      o.owner.api.put(`/invoice/${inv.id}`, { customer: { id: o.customer.id }, items: [line(o.beer.id, 3, 10)] }),
    );
    await expectEvent('invoice:payment', () =>
      o.owner.api.post(`/invoice/${inv.id}/payment`, { amount: 5, received_at: today }),
    );
    await expectEvent('invoice:updated', () => o.owner.api.put(`/invoice/${inv.id}`, { status: 'cancelled' }));
    await expectEvent('customer:update', () => o.owner.api.del(`/customer/${customer.id}`));

    for (const e of colleague.events) {
      expect(isLiveEventName(e.name), e.name).toBe(true);
      if (isLiveEventName(e.name)) expect(LIVE_EVENTS[e.name].safeParse(e.payload).success, e.name).toBe(true);
    }
    expect(
      colleague.events.find((e) => e.name === 'customer:update' && (e.payload as { deleted?: boolean }).deleted),
    ).toMatchObject({ payload: { id: customer.id, deleted: true } });
    expect(outsider.events).toEqual([]);
  });
});

describe("the shop's live events", () => {
  it("a company's customer users hear its catalogue changes, no other company's, and never its staff events", async () => {
    const company = await makeShopCompany(rt.ctx);
    const other = await makeShopCompany(rt.ctx);
    const shopper = await rt.open((await makeShopper(rt.ctx, company)).token);
    const stranger = await rt.open((await makeShopper(rt.ctx, other)).token);
    const created = await company.api.post('/product', newProduct());
    expect(created.status).toBe(200);
    expect(await until(() => shopper.events.some((e) => e.name === 'product:cache-update'))).toBe(true);
    expect(shopper.events.find((e) => e.name === 'product:cache-update')?.payload).toEqual({ id: created.body.id });
    const customer = await postCustomer(company);
    expect(customer.id).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 150));
    expect(shopper.events.map((e) => e.name)).toEqual(['product:cache-update']);
    expect(stranger.events).toEqual([]);
  });
});

describe('a save from a stale screen', () => {
  it('is refused with 409 naming who changed the invoice since, and changes nothing', async () => {
    const o = await office();
    const inv = await makeInvoice(o.owner, { customerId: o.customer.id, items: [line(o.beer.id, 1, 10)] });
    expect(inv).toMatchObject({ version: 1, updated_by: { id: o.owner.user.id, name: 'Test Owner' } });

    // the clerk saves first, from version 1
    const body = (qty: number, version?: number) => ({
      customer: { id: o.customer.id },
      items: [line(o.beer.id, qty, 10)],
      ...(version === undefined ? {} : { version }),
    });
    const clerk = await o.staff.put(`/invoice/${inv.id}`, body(4, 1));
    expect(clerk.status).toBe(200);
    expect(clerk.body).toMatchObject({ version: 2, updated_by: { name: 'Sam Staff' } });

    // the owner's builder still holds version 1
    const stale = await o.owner.api.put(`/invoice/${inv.id}`, body(9, 1));
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(INVOICE_MSG.changedSince('Sam Staff'));
    expect(stale.body.message).toBe('This invoice was changed by Sam Staff since you opened it');
    expect(stale.body).toMatchObject({ version: 2, updated_by: { name: 'Sam Staff' } });
    const now = await o.owner.api.get(`/invoice/${inv.id}?by=id`);
    expect(now.body.items.map((i: { qty: number }) => i.qty)).toEqual([4]);
    expect(now.body.version).toBe(2);

    // reloaded, the owner saves from the current version; a client that sends none is not checked
    const fresh = await o.owner.api.put(`/invoice/${inv.id}`, body(9, 2));
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ version: 3, updated_by: { name: 'Test Owner' } });
    const legacy = await o.staff.put(`/invoice/${inv.id}`, body(5));
    expect(legacy.status).toBe(200);
    expect(legacy.body.version).toBe(4);
  });

  it('counts a payment and a status change as changes: the builder opened before them is stale', async () => {
    const o = await office();
    const inv = await makeInvoice(o.owner, { customerId: o.customer.id, items: [line(o.beer.id, 2, 10)] });
    const paid = await o.staff.post(`/invoice/${inv.id}/payment`, { amount: 5, received_at: todayInTexas() });
    expect(paid.status).toBe(200);
    const afterPayment = await o.owner.api.get(`/invoice/${inv.id}?by=id`);
    expect(afterPayment.body).toMatchObject({ version: 2, updated_by: { name: 'Sam Staff' } });
    const stale = await o.owner.api.put(`/invoice/${inv.id}`, {
      customer: { id: o.customer.id },
      items: [line(o.beer.id, 1, 10)],
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This invoice was changed by Sam Staff since you opened it');

    const dated = await o.owner.api.put(`/invoice/${inv.id}`, { due_at: todayInTexas() });
    expect(dated.status).toBe(200);
    expect(dated.body).toMatchObject({ version: 3, updated_by: { name: 'Test Owner' } });
  });

  it("another company's invoice stays a 404 whatever version is sent", async () => {
    const o = await office();
    const inv = await makeInvoice(o.owner, { customerId: o.customer.id, items: [line(o.beer.id, 1, 10)] });
    const res = await client(rt.ctx, o.outsider.token).put(`/invoice/${inv.id}`, {
      customer: { id: o.customer.id },
      items: [line(o.beer.id, 1, 10)],
      version: 1,
    });
    expect(res.status).toBe(404);
  });
});
