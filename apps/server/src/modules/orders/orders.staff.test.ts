import { ORDER_MSG } from '@dbo/domain/order';
import { LIMITS, PRIMITIVE_MSG } from '@dbo/domain/primitives';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type InvoiceLine, makeInvoice, makeProduct, makeStaff } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { makeOrder, makeShopCompany, makeShopper } from '../../../test/order-factories.js';
import { customers } from '../customers/customers.tables.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** A company selling online, two products, a shopper and one placed order of 2 x A and 3 x B. */
async function placedOrder() {
  const company = await makeShopCompany(ctx);
  const a = await makeProduct(ctx, company.companyId, { product_price: '10.00' });
  const b = await makeProduct(ctx, company.companyId, { product_price: '4.50', product_type: 'WINE' });
  const shopper = await makeShopper(ctx, company);
  const order = await makeOrder(
    shopper,
    [
      { product_id: a.id, qty: 2 },
      { product_id: b.id, qty: 3 },
    ],
    'Back door please',
  );
  return { company, a, b, shopper, order };
}

const invoiceBody = (customerId: number, orderId: number, items: InvoiceLine[]) => ({
  customerId,
  order_id: orderId,
  items,
});
const lineOf = (product_id: number, qty: number, price: number | string) => ({
  product_id,
  qty,
  price,
  taxable: true,
  on_deal: false,
});

describe('GET /order/grid', () => {
  it('lists placed orders with customer, item counts and no drafts', async () => {
    const { company, shopper, a } = await placedOrder();
    await shopper.api.put('/customer-app/cart', { items: [{ product_id: a.id, qty: 1 }] });
    const res = await company.api.get('/order/grid', { startRow: 0, endRow: 25 });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.rows[0]).toMatchObject({
      order_number: 1,
      status: 'placed',
      total: 33.5,
      items_count: 2,
      units_count: 5,
      customer: { id: shopper.customerId, deleted: false },
      invoices: [],
    });
  });

  it('filters by status with a set filter', async () => {
    const { company, order } = await placedOrder();
    await company.api.put(`/order/${order.id}`, { status: 'cancelled' });
    const placed = await company.api.get('/order/grid', {
      filterModel: { status: { filterType: 'set', values: ['placed'] } },
    });
    expect(placed.body.count).toBe(0);
    const cancelled = await company.api.get('/order/grid', {
      filterModel: { status: { filterType: 'set', values: ['cancelled'] } },
    });
    expect(cancelled.body.rows.map((r: { id: number }) => r.id)).toEqual([order.id]);
  });

  it("never shows another company's orders", async () => {
    await placedOrder();
    const other = await makeShopCompany(ctx);
    expect((await other.api.get('/order/grid')).body).toEqual({ rows: [], count: 0 });
  });

  it('refuses an unknown column', async () => {
    const { company } = await placedOrder();
    const res = await company.api.get('/order/grid', { sortModel: [{ colId: 'secret', sort: 'asc' }] });
    expect(res.status).toBe(400);
  });
});

describe('GET /order/{number}', () => {
  it('answers the order with items, notes, customer block and print url', async () => {
    const { company, order, a, shopper } = await placedOrder();
    const res = await company.api.get(`/order/${order.order_number}`);
    expect(res.status).toBe(200);
    expect(res.body.modifiedOrderItems).toEqual([]);
    const o = res.body.order;
    expect(o).toMatchObject({ id: order.id, status: 'placed', total: 33.5, customer_id: shopper.customerId });
    expect(o.orderItems[0]).toMatchObject({ product_id: a.id, qty: 2, price: 10, total: 20, is_added: false });
    expect(o.note).toEqual([expect.objectContaining({ note: 'Back door please', company_user_id: null })]);
    expect(o.customerUser).toMatchObject({ id: shopper.userId, customer: { id: shopper.customerId } });
    expect(o.print_url).toMatch(/^\/order\/pdf\/.+/);
  });

  it("is a 404 for another company's order number", async () => {
    await placedOrder();
    const other = await makeShopCompany(ctx);
    expect((await other.api.get('/order/1')).status).toBe(404);
  });

  it('refuses a number past int4 with 400', async () => {
    const { company } = await placedOrder();
    expect((await company.api.get('/order/99999999999')).status).toBe(400);
  });
});

describe('PUT /order/{id}', () => {
  it('cancels a placed order', async () => {
    const { company, order } = await placedOrder();
    const res = await company.api.put(`/order/${order.id}`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('cancelled');
  });

  it('rejects with the note on every line and a distributor note', async () => {
    const { company, order } = await placedOrder();
    const res = await company.api.put(`/order/${order.id}`, { status: 'rejected', note: 'Out of license' });
    expect(res.body.order.orderItems.every((i: { is_rejected: boolean }) => i.is_rejected)).toBe(true);
    expect(res.body.order.orderItems[0].rejection_note).toBe('Out of license');
    expect(res.body.order.note.at(-1)).toMatchObject({ note: 'Out of license', company_user_id: company.user.id });
    expect(res.body.modifiedOrderItems).toHaveLength(2);
  });

  it('says there is nothing to update for the same status', async () => {
    const { company, order } = await placedOrder();
    const res = await company.api.put(`/order/${order.id}`, { status: 'placed' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.nothingToUpdate);
  });

  it('keeps a rejection irreversible', async () => {
    const { company, order } = await placedOrder();
    await company.api.put(`/order/${order.id}`, { status: 'rejected' });
    const res = await company.api.put(`/order/${order.id}`, { status: 'placed' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.transition('rejected', 'placed'));
  });

  it('refuses an unknown status', async () => {
    const { company, order } = await placedOrder();
    const res = await company.api.put(`/order/${order.id}`, { status: 'shipped' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.statusInvalid);
  });

  it("is a 404 for another company's order", async () => {
    const { order } = await placedOrder();
    const other = await makeShopCompany(ctx);
    expect((await other.api.put(`/order/${order.id}`, { status: 'cancelled' })).status).toBe(404);
  });
});

describe('invoicing an order (POST /invoice with order_id)', () => {
  it('invoices the whole order: status invoiced and the invoice linked', async () => {
    const { company, order, a, b, shopper } = await placedOrder();
    const inv = await makeInvoice(
      company,
      invoiceBody(shopper.customerId, order.id, [lineOf(a.id, 2, 10), lineOf(b.id, 3, 4.5)]),
    );
    const res = await company.api.get(`/order/${order.order_number}`);
    expect(res.body.order.status).toBe('invoiced');
    expect(res.body.order.invoices).toEqual([expect.objectContaining({ id: inv.id, number: inv.number })]);
    expect(res.body.modifiedOrderItems).toEqual([]);
  });

  it("records the builder's quantity and price changes and added products", async () => {
    const { company, order, a, b, shopper } = await placedOrder();
    const c = await makeProduct(ctx, company.companyId, { product_price: '7.00' });
    await makeInvoice(
      company,
      invoiceBody(shopper.customerId, order.id, [lineOf(a.id, 1, 10), lineOf(b.id, 3, 5), lineOf(c.id, 2, 7)]),
    );
    const { body } = await company.api.get(`/order/${order.order_number}`);
    const byProduct = new Map(body.order.orderItems.map((i: { product_id: number }) => [i.product_id, i]));
    expect(byProduct.get(a.id)).toMatchObject({ qty: 2, previous_qty: 2, new_qty: 1, previous_price: null, total: 10 });
    expect(byProduct.get(b.id)).toMatchObject({ previous_price: 4.5, new_price: 5, previous_qty: null, total: 15 });
    expect(byProduct.get(c.id)).toMatchObject({ is_added: true, qty: 2, price: 7, total: 14 });
    expect(body.order.total).toBe(39);
    expect(body.modifiedOrderItems).toHaveLength(3);
  });

  it("keeps staff's notes on a changed quantity and price: order lines, invoice lines, the customer's view", async () => {
    const { company, order, a, b, shopper } = await placedOrder();
    const inv = await makeInvoice(
      company,
      invoiceBody(shopper.customerId, order.id, [
        { ...lineOf(a.id, 1, 10), qty_change_note: '  Only one left in the warehouse ' },
        { ...lineOf(b.id, 3, 5), price_change_note: 'New distributor price' },
      ]),
    );
    const { body } = await company.api.get(`/order/${order.order_number}`);
    const byProduct = new Map(body.order.orderItems.map((i: { product_id: number }) => [i.product_id, i]));
    expect(byProduct.get(a.id)).toMatchObject({
      previous_qty: 2,
      new_qty: 1,
      qty_change_note: 'Only one left in the warehouse',
      price_change_note: null,
    });
    expect(byProduct.get(b.id)).toMatchObject({
      previous_price: 4.5,
      new_price: 5,
      price_change_note: 'New distributor price',
      qty_change_note: null,
    });
    expect(body.modifiedOrderItems).toEqual(
      expect.arrayContaining([expect.objectContaining({ qty_change_note: 'Only one left in the warehouse' })]),
    );
    // the customer user sees the same change and note on their order
    const mine = await shopper.api.get(`/customer-app/order/${order.id}`);
    expect(mine.status).toBe(200);
    const line = mine.body.order.orderItems.find((i: { product_id: number }) => i.product_id === a.id);
    expect(line).toMatchObject({ previous_qty: 2, new_qty: 1, qty_change_note: 'Only one left in the warehouse' });
    // the invoice's own lines carry the change too (spec 1's invoice item), and keep it through an edit
    const saved = await company.api.get(`/invoice/${inv.id}`);
    const itemOf = (items: { product_id: number }[], id: number) => items.find((i) => i.product_id === id);
    expect(itemOf(saved.body.items, a.id)).toMatchObject({
      previousQty: 2,
      newQty: 1,
      qtyChangeNote: 'Only one left in the warehouse',
      priceChangeNote: null,
    });
    expect(itemOf(saved.body.items, b.id)).toMatchObject({
      previousPrice: 4.5,
      newPrice: 5,
      priceChangeNote: 'New distributor price',
    });
    const edited = await company.api.put(`/invoice/${inv.id}`, {
      customer: { id: shopper.customerId },
      items: [lineOf(a.id, 1, 10), lineOf(b.id, 3, 5)],
      stamps: [],
      note: 'edited',
    });
    expect(edited.status).toBe(200);
    expect(itemOf(edited.body.items, a.id)).toMatchObject({ qtyChangeNote: 'Only one left in the warehouse' });
  });

  it('drops a note for a value that did not change, and a blank note', async () => {
    const { company, order, a, b, shopper } = await placedOrder();
    await makeInvoice(
      company,
      invoiceBody(shopper.customerId, order.id, [
        { ...lineOf(a.id, 2, 10), qty_change_note: 'not changed', price_change_note: 'not changed either' },
        { ...lineOf(b.id, 1, 4.5), qty_change_note: '   ' },
      ]),
    );
    const { body } = await company.api.get(`/order/${order.order_number}`);
    const byProduct = new Map(body.order.orderItems.map((i: { product_id: number }) => [i.product_id, i]));
    expect(byProduct.get(a.id)).toMatchObject({ previous_qty: null, qty_change_note: null, price_change_note: null });
    expect(byProduct.get(b.id)).toMatchObject({ previous_qty: 3, new_qty: 1, qty_change_note: null });
  });

  it('refuses a change note with a NUL byte or over the length limit with 400 and saves nothing', async () => {
    const { company, order, a, shopper } = await placedOrder();
    for (const item of [
      { ...lineOf(a.id, 1, 10), qty_change_note: 'bad\u0000note' },
      { ...lineOf(a.id, 1, 10), price_change_note: 'x'.repeat(LIMITS.longText + 1) },
      { ...lineOf(a.id, 1, 10), qty_change_note: 42 },
    ]) {
      const res = await company.api.post('/invoice', {
        customer: { id: shopper.customerId },
        order_id: order.id,
        items: [item],
        stamps: [],
      });
      expect(res.status).toBe(400);
    }
    const tooLong = await company.api.post('/invoice', {
      customer: { id: shopper.customerId },
      order_id: order.id,
      items: [{ ...lineOf(a.id, 1, 10), price_change_note: 'x'.repeat(LIMITS.longText + 1) }],
      stamps: [],
    });
    expect(tooLong.body.message).toBe(PRIMITIVE_MSG.tooLong('Price change note', LIMITS.longText));
    expect((await company.api.get(`/order/${order.order_number}`)).body.order.status).toBe('placed');
    expect((await company.api.get('/invoice/grid')).body.count).toBe(0);
  });

  it('leaves the order partially invoiced while lines remain, then invoiced', async () => {
    const { company, order, a, b, shopper } = await placedOrder();
    await makeInvoice(company, invoiceBody(shopper.customerId, order.id, [lineOf(a.id, 2, 10)]));
    expect((await company.api.get(`/order/${order.order_number}`)).body.order.status).toBe('partially_invoiced');
    await makeInvoice(company, invoiceBody(shopper.customerId, order.id, [lineOf(b.id, 3, 4.5)]));
    expect((await company.api.get(`/order/${order.order_number}`)).body.order.status).toBe('invoiced');
  });

  it('never invoices a line twice', async () => {
    const { company, order, a, b, shopper } = await placedOrder();
    await makeInvoice(company, invoiceBody(shopper.customerId, order.id, [lineOf(a.id, 2, 10)]));
    const res = await company.api.post('/invoice', {
      customer: { id: shopper.customerId },
      order_id: order.id,
      items: [lineOf(a.id, 1, 10), lineOf(b.id, 3, 4.5)],
      stamps: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.alreadyInvoiced(`${a.product} ${a.product_size}`));
  });

  it('refuses to invoice a rejected order and creates no invoice', async () => {
    const { company, order, a, shopper } = await placedOrder();
    await company.api.put(`/order/${order.id}`, { status: 'rejected' });
    const res = await company.api.post('/invoice', {
      customer: { id: shopper.customerId },
      order_id: order.id,
      items: [lineOf(a.id, 2, 10)],
      stamps: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.notInvoiceable(order.order_number, 'rejected'));
    expect((await company.api.get('/invoice/grid')).body.count).toBe(0);
  });

  it('lets only one of two staff invoicing the same order at once succeed', async () => {
    const { company, order, a, b, shopper } = await placedOrder();
    const staff = await makeStaff(ctx, company.companyId);
    const body = {
      customer: { id: shopper.customerId },
      order_id: order.id,
      items: [lineOf(a.id, 2, 10), lineOf(b.id, 3, 4.5)],
      stamps: [],
      force: true,
    };
    const results = await Promise.all([company.api.post('/invoice', body), staff.post('/invoice', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const { body: detail } = await company.api.get(`/order/${order.order_number}`);
    expect(detail.order.invoices).toHaveLength(1);
  });

  it('serves the builder source by order number for a deleted customer too', async () => {
    const { company, order, shopper } = await placedOrder();
    await ctx.database.db.update(customers).set({ deleted_at: new Date() }).where(eq(customers.id, shopper.customerId));
    const res = await company.api.get(`/order/${order.order_number}`);
    expect(res.body.order.customer).toMatchObject({ id: shopper.customerId, deleted: true });
    expect(res.body.order.orderItems).toHaveLength(2);
  });
});

describe('order numbers', () => {
  it('are per company and sequential under concurrent placements', async () => {
    const company = await makeShopCompany(ctx);
    const p = await makeProduct(ctx, company.companyId);
    const shoppers = await Promise.all([1, 2, 3].map(() => makeShopper(ctx, company)));
    const orders = await Promise.all(
      shoppers.flatMap((s) => [1, 2, 3].map(() => makeOrder(s, [{ product_id: p.id, qty: 1 }]))),
    );
    expect(orders.map((o) => o.order_number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const other = await makeShopCompany(ctx);
    const q = await makeProduct(ctx, other.companyId);
    expect((await makeOrder(await makeShopper(ctx, other), [{ product_id: q.id, qty: 1 }])).order_number).toBe(1);
  });
});

describe('printable order', () => {
  it('answers the order by token and a PDF with ?format=pdf', async () => {
    const { company, order } = await placedOrder();
    const { body } = await company.api.get(`/order/${order.order_number}`);
    const token = body.order.print_url.split('/').pop();
    const json = await ctx.app.inject({ method: 'GET', url: `/api/v1/pdf/order/${token}` });
    expect(json.statusCode).toBe(200);
    expect(json.json().order.id).toBe(order.id);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/v1/pdf/order/${token}?format=pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is a 404 for an invoice token', async () => {
    const { company, shopper, a } = await placedOrder();
    const inv = await makeInvoice(company, { customerId: shopper.customerId, items: [lineOf(a.id, 1, 10)] });
    const link = await company.api.get(`/invoice/${inv.id}/print-link`);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/pdf/order/${link.body.token}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('staff notifications', () => {
  it("mails 'New order #N' to staff with e-mail notifications on", async () => {
    const { order, company } = await placedOrder();
    const mail = ctx.mails.find(
      (m) => m.subject === `New order #${order.order_number}` && m.to.includes(company.email),
    );
    expect(mail).toBeDefined();
  });

  it('mails the customer user when the order is rejected', async () => {
    const { company, order, shopper } = await placedOrder();
    await company.api.put(`/order/${order.id}`, { status: 'rejected' });
    expect(ctx.mails.some((m) => m.to === shopper.email && /rejected/.test(m.subject))).toBe(true);
  });

  it('does not mail a customer user who turned e-mail off', async () => {
    const { company, order, shopper } = await placedOrder();
    await shopper.api.put('/customer-app/preferences', {
      app_notification: true,
      email_notification: false,
      sms_notification: false,
    });
    await company.api.put(`/order/${order.id}`, { status: 'rejected' });
    expect(ctx.mails.some((m) => m.to === shopper.email)).toBe(false);
  });
});
