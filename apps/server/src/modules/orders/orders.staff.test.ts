import { ORDER_MSG } from '@dbo/domain/order';
import { describe, expect, it } from 'vitest';
import { makeInvoice, makeProduct } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import { lineOf, makeOrder, makeShopCompany, makeShopper, placedOrder } from '../../../test/order-factories.js';

const t = useTestApp();

describe('GET /order/grid', () => {
  it('lists placed orders with customer, item counts and no drafts', async () => {
    const { company, shopper, a } = await placedOrder(t.ctx);
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
    const { company, order } = await placedOrder(t.ctx);
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
    await placedOrder(t.ctx);
    const other = await makeShopCompany(t.ctx);
    expect((await other.api.get('/order/grid')).body).toEqual({ rows: [], count: 0 });
  });

  it('refuses an unknown column', async () => {
    const { company } = await placedOrder(t.ctx);
    const res = await company.api.get('/order/grid', { sortModel: [{ colId: 'secret', sort: 'asc' }] });
    expect(res.status).toBe(400);
  });
});

describe('GET /order/{number}', () => {
  it('answers the order with items, notes, customer block and print url', async () => {
    const { company, order, a, shopper } = await placedOrder(t.ctx);
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
    await placedOrder(t.ctx);
    const other = await makeShopCompany(t.ctx);
    expect((await other.api.get('/order/1')).status).toBe(404);
  });

  it('refuses a number past int4 with 400', async () => {
    const { company } = await placedOrder(t.ctx);
    expect((await company.api.get('/order/99999999999')).status).toBe(400);
  });
});

describe('PUT /order/{id}', () => {
  it('cancels a placed order', async () => {
    const { company, order } = await placedOrder(t.ctx);
    const res = await company.api.put(`/order/${order.id}`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('cancelled');
  });

  it('rejects with the note on every line and a distributor note', async () => {
    const { company, order } = await placedOrder(t.ctx);
    const res = await company.api.put(`/order/${order.id}`, { status: 'rejected', note: 'Out of license' });
    expect(res.body.order.orderItems.every((i: { is_rejected: boolean }) => i.is_rejected)).toBe(true);
    expect(res.body.order.orderItems[0].rejection_note).toBe('Out of license');
    expect(res.body.order.note.at(-1)).toMatchObject({ note: 'Out of license', company_user_id: company.user.id });
    expect(res.body.modifiedOrderItems).toHaveLength(2);
  });

  it('says there is nothing to update for the same status', async () => {
    const { company, order } = await placedOrder(t.ctx);
    const res = await company.api.put(`/order/${order.id}`, { status: 'placed' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.nothingToUpdate);
  });

  it('keeps a rejection irreversible', async () => {
    const { company, order } = await placedOrder(t.ctx);
    await company.api.put(`/order/${order.id}`, { status: 'rejected' });
    const res = await company.api.put(`/order/${order.id}`, { status: 'placed' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.transition('rejected', 'placed'));
  });

  it('refuses an unknown status', async () => {
    const { company, order } = await placedOrder(t.ctx);
    const res = await company.api.put(`/order/${order.id}`, { status: 'shipped' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.statusInvalid);
  });

  it("is a 404 for another company's order", async () => {
    const { order } = await placedOrder(t.ctx);
    const other = await makeShopCompany(t.ctx);
    expect((await other.api.put(`/order/${order.id}`, { status: 'cancelled' })).status).toBe(404);
  });
});

describe('order numbers', () => {
  it('are per company and sequential under concurrent placements', async () => {
    const company = await makeShopCompany(t.ctx);
    const p = await makeProduct(t.ctx, company.companyId);
    const shoppers = await Promise.all([1, 2, 3].map(() => makeShopper(t.ctx, company)));
    const orders = await Promise.all(
      shoppers.flatMap((s) => [1, 2, 3].map(() => makeOrder(s, [{ product_id: p.id, qty: 1 }]))),
    );
    expect(orders.map((o) => o.order_number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const other = await makeShopCompany(t.ctx);
    const q = await makeProduct(t.ctx, other.companyId);
    expect((await makeOrder(await makeShopper(t.ctx, other), [{ product_id: q.id, qty: 1 }])).order_number).toBe(1);
  });
});

describe('printable order', () => {
  it('answers the order by token and a PDF with ?format=pdf', async () => {
    const { company, order } = await placedOrder(t.ctx);
    const { body } = await company.api.get(`/order/${order.order_number}`);
    const token = body.order.print_url.split('/').pop();
    const json = await t.ctx.app.inject({ method: 'GET', url: `/api/v1/pdf/order/${token}` });
    expect(json.statusCode).toBe(200);
    expect(json.json().order.id).toBe(order.id);
    const pdf = await t.ctx.app.inject({ method: 'GET', url: `/api/v1/pdf/order/${token}?format=pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // both permits, worded as on the invoice and the printed sheet
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('TABC Permit: LP123456');
    expect(text).toContain('TABC Permit: MB100234');
  });

  it('is a 404 for an invoice token', async () => {
    const { company, shopper, a } = await placedOrder(t.ctx);
    const inv = await makeInvoice(company, { customerId: shopper.customerId, items: [lineOf(a.id, 1, 10)] });
    const link = await company.api.get(`/invoice/${inv.id}/print-link`);
    const res = await t.ctx.app.inject({ method: 'GET', url: `/api/v1/pdf/order/${link.body.token}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('staff notifications', () => {
  it("mails 'New order #N' to staff with e-mail notifications on", async () => {
    const { order, company } = await placedOrder(t.ctx);
    const mail = t.ctx.mails.find(
      (m) => m.subject === `New order #${order.order_number}` && m.to.includes(company.email),
    );
    expect(mail).toBeDefined();
  });

  it('mails the customer user when the order is rejected', async () => {
    const { company, order, shopper } = await placedOrder(t.ctx);
    await company.api.put(`/order/${order.id}`, { status: 'rejected' });
    expect(t.ctx.mails.some((m) => m.to === shopper.email && /rejected/.test(m.subject))).toBe(true);
  });

  it('does not mail a customer user who turned e-mail off', async () => {
    const { company, order, shopper } = await placedOrder(t.ctx);
    await shopper.api.put('/customer-app/preferences', {
      app_notification: true,
      email_notification: false,
      sms_notification: false,
    });
    await company.api.put(`/order/${order.id}`, { status: 'rejected' });
    expect(t.ctx.mails.some((m) => m.to === shopper.email)).toBe(false);
  });
});
