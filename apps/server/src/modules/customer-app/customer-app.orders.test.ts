/** The customer app: placing orders, my orders and invoices, preferences, password reset, OpenAPI. */
import { CUSTOMER_APP_MSG } from '@dbo/domain/customer-app';
import { ORDER_MSG } from '@dbo/domain/order';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { line, makeCustomer, makeInvoice, makeProduct } from '../../../test/factories.js';
import { client, useTestApp } from '../../../test/helpers.js';
import { makeOrder, makeShop, makeShopper } from '../../../test/order-factories.js';
import { products } from '../products/products.tables.js';

const t = useTestApp({ appDomain: 'shop.example' });

describe('POST /customer-app/order', () => {
  it('places the given items with server prices and a number', async () => {
    const { shopper, vodka, wine } = await makeShop(t.ctx);
    const res = await shopper.api.post('/customer-app/order', {
      items: [
        { product_id: vodka.id, qty: 1, price: 0.01 },
        { product_id: wine.id, qty: 2 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ order_number: 1, status: 'placed', total: 42.99 });
    expect(res.body.orderItems.map((i: { price: number }) => i.price)).toEqual([18.99, 12]);
  });

  it('places the cart when there is no body, and empties it', async () => {
    const { shopper, vodka } = await makeShop(t.ctx);
    await shopper.api.put('/customer-app/cart', { items: [{ product_id: vodka.id, qty: 3 }], note: 'Side door' });
    const res = await shopper.api.post('/customer-app/order');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(56.97);
    expect(res.body.note[0].note).toBe('Side door');
    expect((await shopper.api.get('/customer-app/cart')).body.items).toEqual([]);
  });

  it('refuses an empty cart', async () => {
    const { shopper } = await makeShop(t.ctx);
    const res = await shopper.api.post('/customer-app/order');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.empty);
  });

  it('refuses an empty item list', async () => {
    const { shopper } = await makeShop(t.ctx);
    const res = await shopper.api.post('/customer-app/order', { items: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.empty);
  });

  it('refuses an archived product naming it', async () => {
    const { shopper, company } = await makeShop(t.ctx);
    const old = await makeProduct(t.ctx, company.companyId, { archived: true });
    const res = await shopper.api.post('/customer-app/order', { items: [{ product_id: old.id, qty: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.productUnavailable(`${old.product} ${old.product_size}`));
  });

  it('refuses the same product twice', async () => {
    const { shopper, vodka } = await makeShop(t.ctx);
    const res = await shopper.api.post('/customer-app/order', {
      items: [
        { product_id: vodka.id, qty: 1 },
        { product_id: vodka.id, qty: 2 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.duplicateProduct);
  });
});

describe('my orders', () => {
  it('lists only my customer’s orders, newest first', async () => {
    const { shopper, vodka, company } = await makeShop(t.ctx);
    const first = await makeOrder(shopper, [{ product_id: vodka.id, qty: 1 }]);
    const second = await makeOrder(shopper, [{ product_id: vodka.id, qty: 2 }]);
    const neighbour = await makeShopper(t.ctx, company);
    await makeOrder(neighbour, [{ product_id: vodka.id, qty: 5 }]);
    const res = await shopper.api.get('/customer-app/order');
    expect(res.body.rows.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
  });

  it('shares orders between users of the same customer', async () => {
    const { shopper, vodka, company } = await makeShop(t.ctx);
    const order = await makeOrder(shopper, [{ product_id: vodka.id, qty: 1 }]);
    const colleague = await makeShopper(t.ctx, company, shopper.customerId);
    expect((await colleague.api.get(`/customer-app/order/${order.id}`)).status).toBe(200);
  });

  it("is a 404 for another customer's order", async () => {
    const { shopper, vodka, company } = await makeShop(t.ctx);
    const order = await makeOrder(shopper, [{ product_id: vodka.id, qty: 1 }]);
    const stranger = await makeShopper(t.ctx, company);
    expect((await stranger.api.get(`/customer-app/order/${order.id}`)).status).toBe(404);
  });

  it("shows the distributor's changes after invoicing", async () => {
    const { shopper, vodka, wine, company } = await makeShop(t.ctx);
    const order = await makeOrder(shopper, [
      { product_id: vodka.id, qty: 2 },
      { product_id: wine.id, qty: 1 },
    ]);
    await makeInvoice(company, {
      customerId: shopper.customerId,
      order_id: order.id,
      items: [line(vodka.id, 1, 18.99), line(wine.id, 1, 12)],
    });
    const res = await shopper.api.get(`/customer-app/order/${order.id}`);
    expect(res.body.order.status).toBe('invoiced');
    expect(res.body.modifiedOrderItems).toEqual([
      expect.objectContaining({ product_id: vodka.id, previous_qty: 2, new_qty: 1 }),
    ]);
  });

  it('copies an order into the cart with order again, adding quantities', async () => {
    const { shopper, vodka, wine } = await makeShop(t.ctx);
    const order = await makeOrder(shopper, [
      { product_id: vodka.id, qty: 2 },
      { product_id: wine.id, qty: 1 },
    ]);
    await shopper.api.put('/customer-app/cart', { items: [{ product_id: vodka.id, qty: 1 }] });
    const res = await shopper.api.post(`/customer-app/order/${order.id}/again`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { product_id: number; qty: number }) => [i.product_id, i.qty])).toEqual([
      [vodka.id, 3],
      [wine.id, 1],
    ]);
  });

  it('skips archived products in order again, naming them', async () => {
    const { shopper, vodka, wine } = await makeShop(t.ctx);
    const order = await makeOrder(shopper, [
      { product_id: vodka.id, qty: 2 },
      { product_id: wine.id, qty: 1 },
    ]);
    await t.ctx.database.db.update(products).set({ archived: true }).where(eq(products.id, wine.id));
    const res = await shopper.api.post(`/customer-app/order/${order.id}/again`);
    expect(res.body.items.map((i: { product_id: number }) => i.product_id)).toEqual([vodka.id]);
    expect(res.body.skipped).toEqual([`${wine.product} ${wine.product_size}`]);
  });
});

describe('my invoices and balance', () => {
  it('lists my invoices with a PDF path and serves the PDF', async () => {
    const { shopper, vodka, company } = await makeShop(t.ctx);
    const inv = await makeInvoice(company, {
      customerId: shopper.customerId,
      status: 'invoiced',
      items: [line(vodka.id, 1, 18.99)],
    });
    const list = await shopper.api.get('/customer-app/invoice');
    expect(list.body.rows.map((r: { id: number }) => r.id)).toEqual([inv.id]);
    const pdf = await shopper.api.get(list.body.rows[0].pdf_path);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it("is a 404 for another customer's invoice PDF", async () => {
    const { shopper, vodka, company } = await makeShop(t.ctx);
    const other = await makeCustomer(t.ctx, company.companyId);
    const inv = await makeInvoice(company, {
      customerId: other.id,
      status: 'invoiced',
      items: [line(vodka.id, 1, 18.99)],
    });
    expect((await shopper.api.get(`/customer-app/invoice/${inv.id}/pdf`)).status).toBe(404);
  });

  it('leaves draft invoices out', async () => {
    const { shopper, vodka, company } = await makeShop(t.ctx);
    await makeInvoice(company, {
      customerId: shopper.customerId,
      status: 'draft',
      items: [line(vodka.id, 1, 18.99)],
    });
    expect((await shopper.api.get('/customer-app/invoice')).body.count).toBe(0);
  });

  it('answers my balance (Owing) and its PDF', async () => {
    const { shopper, vodka, company } = await makeShop(t.ctx);
    await makeInvoice(company, {
      customerId: shopper.customerId,
      status: 'invoiced',
      items: [line(vodka.id, 2, 10, { taxable: false })],
    });
    const res = await shopper.api.get('/customer-app/balance');
    expect(res.body.summary.owing).toBe(20);
    expect(res.body.customer.id).toBe(shopper.customerId);
    const pdf = await shopper.api.get(res.body.pdf_path);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});

describe('preferences', () => {
  it('reads and saves my notification preferences', async () => {
    const { shopper } = await makeShop(t.ctx);
    const prefs = { app_notification: false, email_notification: true, sms_notification: true };
    expect((await shopper.api.put('/customer-app/preferences', prefs)).body).toEqual(prefs);
    expect((await shopper.api.get('/customer-app/preferences')).body).toEqual(prefs);
  });

  it('refuses a missing field', async () => {
    const { shopper } = await makeShop(t.ctx);
    expect((await shopper.api.put('/customer-app/preferences', { app_notification: true })).status).toBe(400);
  });
});

describe('password reset', () => {
  it('mails a link whose token sets a new password once', async () => {
    const { shopper, company } = await makeShop(t.ctx);
    const req = await client(t.ctx).post('/customer-app/reset-request', {
      email: shopper.email,
      subdomain: company.subdomain,
    });
    expect(req.body.success).toBe(true);
    const mail = t.ctx.mails.findLast((m) => m.to === shopper.email);
    const link = /https?:\/\/\S+reset-password\?token=(\S+)/.exec(mail?.text ?? '');
    expect(link?.[0]).toContain(`${company.subdomain}.shop.example`);
    const token = decodeURIComponent(link![1]);
    const body = { token, password: 'new-pass-77', confirm_password: 'new-pass-77' };
    expect((await client(t.ctx).put('/customer-app/password', body)).status).toBe(200);
    const signin = await client(t.ctx).post('/customer-app/signin', {
      email: shopper.email,
      password: 'new-pass-77',
      subdomain: company.subdomain,
    });
    expect(signin.status).toBe(200);
    const again = await client(t.ctx).put('/customer-app/password', body);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(CUSTOMER_APP_MSG.resetTokenInvalid);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = t.ctx.mails.length;
    const res = await client(t.ctx).post('/customer-app/reset-request', { email: 'nobody@example.com' });
    expect(res.body).toEqual({ success: true, message: CUSTOMER_APP_MSG.resetSent });
    expect(t.ctx.mails.length).toBe(before);
  });

  it('refuses passwords that do not match', async () => {
    const res = await client(t.ctx).put('/customer-app/password', {
      token: 'x',
      password: 'new-pass-77',
      confirm_password: 'other-pass',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CUSTOMER_APP_MSG.passwordsDontMatch);
  });
});

describe('OpenAPI', () => {
  it('documents the order and customer-app routes from their schemas', async () => {
    const res = await t.ctx.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/v1/order/grid',
      '/api/v1/order/{number}',
      '/api/v1/customer-app/cart',
      '/api/v1/customer-app/order',
    ])
      expect(paths).toContain(p);
  });
});
