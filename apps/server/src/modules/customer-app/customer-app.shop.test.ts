/**
 * Issue 34, the shop as a phone product: a cart whose total is the invoice's, stock the distributor
 * allows, an offline order sent twice made once, and no link to an invoice still in draft.
 */
import { ORDER_MSG } from '@dbo/domain/order';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeCustomer, makeInvoice, makeProduct } from '../../../test/factories.js';
import { activateFeature, client, useTestApp } from '../../../test/helpers.js';
import { invoiceBody, lineOf, makeShopCompany, makeShopper } from '../../../test/order-factories.js';
import { companies } from '../company/company.tables.js';
import { inventory } from '../inventory/inventory.tables.js';
import { invoices } from '../invoices/invoices.tables.js';
import { orders } from '../orders/orders.tables.js';

const t = useTestApp({ appDomain: 'shop.example' });

/** A shop with wines (no stamps needed) priced so the tax has a half cent to round. */
async function wineShop() {
  const company = await makeShopCompany(t.ctx);
  const shopper = await makeShopper(t.ctx, company);
  const a = await makeProduct(t.ctx, company.companyId, { product_type: 'WINE', product_price: '21.56' });
  const b = await makeProduct(t.ctx, company.companyId, { product_type: 'WINE', product_price: '8.99' });
  return { company, shopper, a, b };
}

async function setStock(companyId: number, productId: number, qty: number) {
  await t.ctx.database.db.insert(inventory).values({ company_id: companyId, product_id: productId, qty });
}

describe('the cart tells the truth', () => {
  it('shows subtotal, tax and total by the invoice rule; the invoice of the unchanged order has the same total', async () => {
    const { company, shopper, a, b } = await wineShop();
    const cart = await shopper.api.put('/customer-app/cart', {
      items: [
        { product_id: a.id, qty: 12 },
        { product_id: b.id, qty: 1 },
      ],
    });
    expect(cart.status).toBe(200);
    // 12 x 21.56 + 8.99 = 267.71; tax 8.25% = 22.086... -> 22.09
    expect(cart.body).toMatchObject({ sub_total: 267.71, tax_total: 22.09, total: 289.8, tax_rate: 8.25 });
    const order = await shopper.api.post('/customer-app/order');
    expect(order.status).toBe(200);
    const inv = await makeInvoice(
      company,
      invoiceBody(shopper.customerId, order.body.id, [lineOf(a.id, 12, 21.56), lineOf(b.id, 1, 8.99)]),
    );
    expect(inv.total).toBe(cart.body.total);
  });

  it('follows the company tax rate and hides every amount when prices are hidden', async () => {
    const { company, shopper, a } = await wineShop();
    await t.ctx.database.db
      .update(companies)
      .set({ tax_rate: '0', show_prices: false })
      .where(eq(companies.id, company.companyId));
    const cart = await shopper.api.put('/customer-app/cart', { items: [{ product_id: a.id, qty: 2 }] });
    expect(cart.body).toMatchObject({ sub_total: null, tax_total: null, total: null, tax_rate: 0 });
  });

  it('gives the shop the tax rate, the backorder rule and its own address', async () => {
    const { company } = await wineShop();
    const res = await client(t.ctx).get(`/customer-app/company?subdomain=${company.subdomain}`);
    expect(res.body).toMatchObject({ tax_rate: 8.25, allow_backorders: true });
    const port = new URL(t.ctx.config.publicUrl).port;
    expect(res.body.shop_url).toBe(
      `${new URL(t.ctx.config.publicUrl).protocol}//${company.subdomain}.shop.example${port ? `:${port}` : ''}`,
    );
  });
});

describe('backorders', () => {
  it('by default takes an order beyond the stock, marking the product out of stock', async () => {
    const { company, shopper, a } = await wineShop();
    await activateFeature(t.ctx, company.companyId, 'inventory');
    const catalog = await shopper.api.get('/customer-app/catalog');
    expect(catalog.body.rows.find((r: { id: number }) => r.id === a.id)).toMatchObject({
      stock_status: 'out_of_stock',
      max_qty: null,
    });
    const res = await shopper.api.post('/customer-app/order', { items: [{ product_id: a.id, qty: 3 }] });
    expect(res.status).toBe(200);
  });

  it('when the company refuses backorders: at most the stock, the order refused naming the line', async () => {
    const { company, shopper, a, b } = await wineShop();
    await activateFeature(t.ctx, company.companyId, 'inventory');
    const put = await company.api.get('/validate_token');
    const current = put.body.user.company;
    const fields = ['name', 'address', 'city', 'state', 'zip', 'tabc_id', 'subdomain', 'tax_rate'];
    const saved = await company.api.put(`/company/${company.companyId}`, {
      ...Object.fromEntries(fields.map((f) => [f, current[f]])),
      allow_backorders: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.allow_backorders).toBe(false);
    await setStock(company.companyId, a.id, 2);

    const catalog = await shopper.api.get('/customer-app/catalog');
    const row = (id: number) => catalog.body.rows.find((r: { id: number }) => r.id === id);
    expect(row(a.id)).toMatchObject({ max_qty: 2 });
    expect(row(b.id)).toMatchObject({ stock_status: 'out_of_stock', max_qty: 0 });

    const over = await shopper.api.post('/customer-app/order', {
      items: [
        { product_id: a.id, qty: 3 },
        { product_id: b.id, qty: 1 },
      ],
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(ORDER_MSG.notEnoughStock(`${a.product} ${a.product_size}`, 2));
    expect(over.body.details).toContain(ORDER_MSG.notEnoughStock(`${b.product} ${b.product_size}`, 0));
    const none = await t.ctx.database.db.select().from(orders).where(eq(orders.customer_id, shopper.customerId));
    expect(none).toEqual([]);

    const ok = await shopper.api.post('/customer-app/order', { items: [{ product_id: a.id, qty: 2 }] });
    expect(ok.status).toBe(200);
  });
});

describe('client_id: an order queued offline', () => {
  it('the same client_id twice makes one order and answers it both times', async () => {
    const { shopper, a } = await wineShop();
    const body = { items: [{ product_id: a.id, qty: 1 }], client_id: 'c-0b6f2a9e-1' };
    const first = await shopper.api.post('/customer-app/order', body);
    const again = await shopper.api.post('/customer-app/order', body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.order_number).toBe(first.body.order_number);
    const rows = await t.ctx.database.db.select().from(orders).where(eq(orders.customer_id, shopper.customerId));
    expect(rows.filter((o) => o.status !== 'draft')).toHaveLength(1);
  });

  it('sent at the same time, still one order', async () => {
    const { shopper, a } = await wineShop();
    const body = { items: [{ product_id: a.id, qty: 1 }], client_id: 'same-time' };
    const answers = await Promise.all([1, 2, 3].map(() => shopper.api.post('/customer-app/order', body)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
  });

  it('the cart placed with a client_id twice: one order', async () => {
    const { shopper, a } = await wineShop();
    await shopper.api.put('/customer-app/cart', { items: [{ product_id: a.id, qty: 4 }] });
    const first = await shopper.api.post('/customer-app/order', { client_id: 'cart-1' });
    const again = await shopper.api.post('/customer-app/order', { client_id: 'cart-1' });
    expect(again.body.id).toBe(first.body.id);
  });

  it('is per customer: another customer may use the same id', async () => {
    const { company, shopper, a } = await wineShop();
    const other = await makeShopper(t.ctx, company, (await makeCustomer(t.ctx, company.companyId)).id);
    const body = { items: [{ product_id: a.id, qty: 1 }], client_id: 'shared-id' };
    const mine = await shopper.api.post('/customer-app/order', body);
    const theirs = await other.api.post('/customer-app/order', body);
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('refuses a malformed client_id', async () => {
    const { shopper, a } = await wineShop();
    const res = await shopper.api.post('/customer-app/order', {
      items: [{ product_id: a.id, qty: 1 }],
      client_id: 'no spaces/slashes',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.clientId);
  });
});

describe('honest links: a draft invoice is not shown to the customer', () => {
  it('hides a draft invoice from the order, its lines, my orders and my invoices until it leaves draft', async () => {
    const { company, shopper, a } = await wineShop();
    const order = await shopper.api.post('/customer-app/order', { items: [{ product_id: a.id, qty: 1 }] });
    const inv = await makeInvoice(company, {
      ...invoiceBody(shopper.customerId, order.body.id, [lineOf(a.id, 1, 21.56)]),
      status: 'draft',
    });
    const detail = await shopper.api.get(`/customer-app/order/${order.body.id}`);
    expect(detail.body.order.invoices).toEqual([]);
    expect(detail.body.order.orderItems[0].invoice_id).toBeNull();
    const mine = await shopper.api.get('/customer-app/order');
    expect(mine.body.rows[0].invoices).toEqual([]);
    expect((await shopper.api.get('/customer-app/invoice')).body.rows).toEqual([]);
    expect((await shopper.api.get(`/customer-app/invoice/${inv.id}/pdf`)).status).toBe(404);
    // no "your order is invoiced" mail while the invoice is a draft
    const mails = t.ctx.mails.filter((m) => m.to === shopper.email);
    expect(mails).toEqual([]);

    await t.ctx.database.db
      .update(invoices)
      .set({ status: 'invoiced' })
      .where(and(eq(invoices.id, inv.id), eq(invoices.company_id, company.companyId)));
    const after = await shopper.api.get(`/customer-app/order/${order.body.id}`);
    expect(after.body.order.invoices).toEqual([expect.objectContaining({ id: inv.id })]);
    expect(after.body.order.orderItems[0].invoice_id).toBe(inv.id);
  });
});

describe('from invitation to the shop', () => {
  it("the invitation names the distributor, links to its shop's sign-up and says where to come back", async () => {
    const { company } = await wineShop();
    const [{ name }] = await t.ctx.database.db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, company.companyId));
    const customer = await makeCustomer(t.ctx, company.companyId);
    const email = `invited.${Date.now()}@example.com`;
    const res = await company.api.post('/customer/user-invitation', {
      values: { name: 'Ivy Invited', email },
      customer: customer.id,
    });
    expect(res.status).toBe(200);
    const mail = t.ctx.mails.at(-1)!;
    expect(mail.subject).toContain(name);
    const link = new URL(/http\S+\/signup\?\S+/.exec(mail.text)![0]);
    expect(link.origin + link.pathname).toBe(`${t.ctx.config.publicUrl}/shop/${company.subdomain}/signup`);
    expect(link.searchParams.get('token')).toBeTruthy();
    expect(mail.text).toContain(`//${company.subdomain}.shop.example`);
  });
});

describe('the shop as an installable app', () => {
  it('serves its manifest in the distributor name; an unknown shop is a 404 and a broken address a 400', async () => {
    const company = await makeShopCompany(t.ctx);
    const [row] = await t.ctx.database.db
      .select({ subdomain: companies.subdomain, name: companies.name })
      .from(companies)
      .where(eq(companies.id, company.companyId));
    const ok = await t.ctx.app.inject({ method: 'GET', url: `/shop/${row.subdomain}/manifest.webmanifest` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('application/manifest+json');
    expect(ok.json()).toMatchObject({ name: row.name, start_url: `/shop/${row.subdomain}/`, display: 'standalone' });
    const unknown = await t.ctx.app.inject({ method: 'GET', url: '/shop/no-such-shop-here/manifest.webmanifest' });
    expect(unknown.statusCode).toBe(404);
    for (const bad of ['a%00b', 'x'.repeat(64), '-dash-', 'semi%3Bcolon']) {
      const res = await t.ctx.app.inject({ method: 'GET', url: `/shop/${bad}/manifest.webmanifest` });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
