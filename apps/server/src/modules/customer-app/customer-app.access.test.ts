import { ORDER_MSG } from '@dbo/domain/order';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeCompany, makeProduct } from '../../../test/factories.js';
import { activateFeature, client, useTestApp } from '../../../test/helpers.js';
import { makeShop, makeShopCompany, setShowPrices } from '../../../test/order-factories.js';
import { customerUsers } from '../customers/customers.tables.js';
import { inventory } from '../inventory/inventory.tables.js';
import { priceChanges } from '../products/products.tables.js';

const t = useTestApp({ appDomain: 'shop.example' });

describe('GET /customer-app/company', () => {
  it('answers the company a subdomain names', async () => {
    const { company } = await makeShop(t.ctx);
    const res = await client(t.ctx).get('/customer-app/company', { subdomain: company.subdomain });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: company.companyId, subdomain: company.subdomain, ordering: true });
  });

  it('finds the company by the Host header {sub}.{APP_DOMAIN}', async () => {
    const { company } = await makeShop(t.ctx);
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/customer-app/company',
      headers: { host: `${company.subdomain}.shop.example:3000` },
    });
    expect(res.json()).toMatchObject({ id: company.companyId });
  });

  it('takes X-Forwarded-Host only from a trusted proxy', async () => {
    const { company } = await makeShop(t.ctx);
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/customer-app/company',
      headers: { host: '127.0.0.1:3000', 'x-forwarded-host': `${company.subdomain}.shop.example` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('is a 404 for an unknown subdomain', async () => {
    const res = await client(t.ctx).get('/customer-app/company', { subdomain: 'nobody-here' });
    expect(res.status).toBe(404);
  });
});

describe('customer-app access', () => {
  it('refuses a staff token with 401', async () => {
    const { company } = await makeShop(t.ctx);
    expect((await company.api.get('/customer-app/cart')).status).toBe(401);
  });

  it('refuses a customer token on staff routes with 401', async () => {
    const { shopper } = await makeShop(t.ctx);
    expect((await shopper.api.get('/order/grid')).status).toBe(401);
  });

  it('signs a disabled user out at once', async () => {
    const { shopper } = await makeShop(t.ctx);
    await t.ctx.database.db.update(customerUsers).set({ is_enable: false }).where(eq(customerUsers.id, shopper.userId));
    expect((await shopper.api.get('/customer-app/catalog')).status).toBe(401);
  });

  it('signs a revoked user out at once', async () => {
    const { shopper } = await makeShop(t.ctx);
    await t.ctx.database.db.update(customerUsers).set({ revoked: true }).where(eq(customerUsers.id, shopper.userId));
    expect((await shopper.api.post('/customer-app/order', {})).status).toBe(401);
  });

  it("answers 403 'Online ordering is not available' when the order feature is off", async () => {
    const { company, shopper } = await makeShop(t.ctx);
    await activateFeature(t.ctx, company.companyId, 'order', false);
    const res = await shopper.api.get('/customer-app/catalog');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ORDER_MSG.notAvailable);
  });

  it("refuses sign-in on another company's subdomain", async () => {
    const { shopper } = await makeShop(t.ctx);
    const other = await makeShopCompany(t.ctx);
    const res = await client(t.ctx).post('/customer-app/signin', {
      email: shopper.email,
      password: shopper.password,
      subdomain: other.subdomain,
    });
    expect(res.status).toBe(400);
  });
});

describe('GET /customer-app/catalog', () => {
  it("lists the company's products with this customer's price", async () => {
    const { shopper, vodka, company } = await makeShop(t.ctx);
    await t.ctx.database.db.insert(priceChanges).values({
      company_id: company.companyId,
      product_id: vodka.id,
      customer_id: shopper.customerId,
      old_price: '18.99',
      new_price: '16.50',
      effective_date: '2020-01-01',
    });
    const res = await shopper.api.get('/customer-app/catalog');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.rows.find((r: { id: number }) => r.id === vodka.id)).toMatchObject({
      price: 16.5,
      stock_status: null,
    });
  });

  it('hides prices when show_prices is off', async () => {
    const { shopper, company } = await makeShop(t.ctx);
    await setShowPrices(t.ctx, company.companyId, false);
    const res = await shopper.api.get('/customer-app/catalog');
    expect(res.body.show_prices).toBe(false);
    expect(res.body.rows.every((r: { price: unknown }) => r.price === null)).toBe(true);
  });

  it('searches by name from 3 characters and by UPC', async () => {
    const { shopper, vodka } = await makeShop(t.ctx);
    expect(
      (await shopper.api.get('/customer-app/catalog', { query: 'tit' })).body.rows.map((r: { id: number }) => r.id),
    ).toEqual([vodka.id]);
    expect((await shopper.api.get('/customer-app/catalog', { query: '619947000013' })).body.count).toBe(1);
    expect((await shopper.api.get('/customer-app/catalog', { query: 'ti' })).body.count).toBe(2);
  });

  it('filters by type and leaves archived products out', async () => {
    const { shopper, company, wine } = await makeShop(t.ctx);
    await makeProduct(t.ctx, company.companyId, { product_type: 'WINE', archived: true });
    const res = await shopper.api.get('/customer-app/catalog', { product_type: 'WINE' });
    expect(res.body.rows.map((r: { id: number }) => r.id)).toEqual([wine.id]);
  });

  it('shows stock status, never the count, when inventory is on', async () => {
    const { shopper, company, vodka, wine } = await makeShop(t.ctx);
    await activateFeature(t.ctx, company.companyId, 'inventory');
    await t.ctx.database.db.insert(inventory).values([
      { company_id: company.companyId, product_id: vodka.id, qty: 50, reorder_level: 5 },
      { company_id: company.companyId, product_id: wine.id, qty: 3, reorder_level: 5 },
    ]);
    const rows = (await shopper.api.get('/customer-app/catalog')).body.rows;
    const byId = new Map(rows.map((r: { id: number; stock_status: string }) => [r.id, r.stock_status]));
    expect(byId.get(vodka.id)).toBe('in_stock');
    expect(byId.get(wine.id)).toBe('low');
    expect(JSON.stringify(rows)).not.toContain('"qty"');
  });

  it('refuses an unknown product type', async () => {
    const { shopper } = await makeShop(t.ctx);
    expect((await shopper.api.get('/customer-app/catalog', { product_type: 'SODA' })).status).toBe(400);
  });
});

describe('cart', () => {
  it('keeps the cart on the server with the note and prices', async () => {
    const { shopper, vodka } = await makeShop(t.ctx);
    const put = await shopper.api.put('/customer-app/cart', {
      items: [{ product_id: vodka.id, qty: 2 }],
      note: 'Thanks',
    });
    expect(put.status).toBe(200);
    const res = await shopper.api.get('/customer-app/cart');
    expect(res.body).toMatchObject({
      note: 'Thanks',
      // issue 34: the cart's total is the invoice's (orderTotals): 37.98 + 8.25% tax
      sub_total: 37.98,
      tax_total: 3.13,
      total: 41.11,
      items: [{ product_id: vodka.id, qty: 2, price: 18.99 }],
    });
  });

  it('is shared by a second sign-in of the same user', async () => {
    const { shopper, vodka, company } = await makeShop(t.ctx);
    await shopper.api.put('/customer-app/cart', { items: [{ product_id: vodka.id, qty: 4 }] });
    const again = await client(t.ctx).post('/customer-app/signin', {
      email: shopper.email,
      password: shopper.password,
      subdomain: company.subdomain,
    });
    const second = client(t.ctx, again.body.access_token);
    expect((await second.get('/customer-app/cart')).body.items[0].qty).toBe(4);
  });

  it('empties with an empty list', async () => {
    const { shopper, vodka } = await makeShop(t.ctx);
    await shopper.api.put('/customer-app/cart', { items: [{ product_id: vodka.id, qty: 2 }] });
    expect((await shopper.api.put('/customer-app/cart', { items: [] })).body.items).toEqual([]);
  });

  it('refuses a quantity of 0 or past 9999 or not whole', async () => {
    const { shopper, vodka } = await makeShop(t.ctx);
    for (const qty of [0, 10000, 1.5, -1]) {
      const res = await shopper.api.put('/customer-app/cart', { items: [{ product_id: vodka.id, qty }] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ORDER_MSG.qty);
    }
  });

  it("refuses another company's product naming it", async () => {
    const { shopper } = await makeShop(t.ctx);
    const other = await makeCompany(t.ctx);
    const foreign = await makeProduct(t.ctx, other.companyId);
    const res = await shopper.api.put('/customer-app/cart', { items: [{ product_id: foreign.id, qty: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.productUnknown(foreign.id));
  });
});
