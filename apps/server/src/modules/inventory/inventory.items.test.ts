import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeCompany, makeCustomer, makeInvoice, line } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { products } from '../products/products.tables.js';
import { inventory } from './inventory.tables.js';
import { expectLedgerBalanced, historyOf, inventoryCompany, qtyOf, restock } from '../../../test/inventory-fixtures.js';

const t = useTestApp();

const db = () => t.ctx.database.db;

describe('items', () => {
  it('switching the feature on gives every product an item with qty 0', async () => {
    const { wine, beer, water, itemOf } = await inventoryCompany(t.ctx);
    for (const p of [wine, beer, water]) expect(await qtyOf(t.ctx, itemOf(p.id))).toBe(0);
  });

  it('an item copies the product reorder settings and distributor', async () => {
    const { wine, itemOf } = await inventoryCompany(t.ctx);
    const [item] = await db()
      .select()
      .from(inventory)
      .where(eq(inventory.id, itemOf(wine.id)));
    expect(item).toMatchObject({ reorder_level: 6, reorder_qty: 24, distributor: 'Republic National' });
  });

  it('a product created while the feature is on gets an item with qty 0', async () => {
    const { owner } = await inventoryCompany(t.ctx);
    const res = await owner.api.post('/product', {
      product: 'Llano Chardonnay',
      product_type: 'WINE',
      product_size: '750ML',
      product_price: 12.99,
      last_purchase_price: 8.75,
    });
    expect(res.status).toBe(200);
    const [item] = await db().select().from(inventory).where(eq(inventory.product_id, res.body.id));
    expect(item?.qty).toBe(0);
  });

  it('answers 403 on every inventory call while the feature is off', async () => {
    const owner = await makeCompany(t.ctx);
    const calls = [
      owner.api.get('/inventory/grid'),
      owner.api.get('/inventory/history/grid'),
      owner.api.get('/inventory/distributors'),
      owner.api.put('/inventory/1', { qty: 1 }),
      owner.api.put('/inventory', { items: [{ product_id: 1, qty: 1, unit_price: 1 }] }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('The inventory feature is not active');
    }
  });
});

describe('GET /inventory/grid', () => {
  it('answers the items with their product, reorder_needed, value and count', async () => {
    const { owner, wine, itemOf } = await inventoryCompany(t.ctx);
    await owner.api.put(`/inventory/${itemOf(wine.id)}`, { qty: 4 });
    const res = await owner.api.get('/inventory/grid', { startRow: 0, endRow: 25 });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    const row = res.body.rows.find((r: { product_id: number }) => r.product_id === wine.id);
    expect(row).toMatchObject({
      id: itemOf(wine.id),
      qty: 4,
      distributor: 'Republic National',
      reorder_level: 6,
      reorder_qty: 24,
      reorder_needed: true,
      value: 63.2,
      days_of_cover: null,
      product: {
        id: wine.id,
        product: 'BECKER CABERNET',
        product_type: 'WINE',
        product_size: '750ML',
        upc: null,
        internal_sku: null,
        last_purchase_price: 15.8,
      },
    });
  });

  it('sorts by updated_at desc by default', async () => {
    const { owner, beer, water, itemOf } = await inventoryCompany(t.ctx);
    await owner.api.put(`/inventory/${itemOf(water.id)}`, { qty: 1 });
    await owner.api.put(`/inventory/${itemOf(beer.id)}`, { qty: 1 });
    const res = await owner.api.get('/inventory/grid');
    expect(res.body.rows.slice(0, 2).map((r: { product_id: number }) => r.product_id)).toEqual([beer.id, water.id]);
  });

  it('filters the items that need a reorder', async () => {
    const { owner, wine, beer, itemOf } = await inventoryCompany(t.ctx);
    await owner.api.put(`/inventory/${itemOf(beer.id)}`, { qty: 10 });
    const res = await owner.api.get('/inventory/grid', {
      filterModel: { reorder_needed: { filterType: 'boolean', filter: true } },
    });
    expect(res.body.rows.map((r: { product_id: number }) => r.product_id)).toEqual([wine.id]);
  });

  it('totals the inventory value of every filtered row, not just the page', async () => {
    const { owner, wine, beer, water, itemOf } = await inventoryCompany(t.ctx);
    await owner.api.put(`/inventory/${itemOf(wine.id)}`, { qty: 10 }); // 158.00
    await owner.api.put(`/inventory/${itemOf(beer.id)}`, { qty: 2 }); // 46.20
    await owner.api.put(`/inventory/${itemOf(water.id)}`, { qty: 1 }); // 16.50
    const res = await owner.api.get('/inventory/grid', { startRow: 0, endRow: 1 });
    expect(res.body.rows).toHaveLength(1);
    expect(res.body.total_value).toBe(220.7);
  });

  it('answers every filtered row with ignoreLimit, whatever endRow says', async () => {
    const { owner } = await inventoryCompany(t.ctx);
    const res = await owner.api.get('/inventory/grid', { startRow: 0, endRow: 1, ignoreLimit: 'true' });
    expect(res.body.rows).toHaveLength(3);
  });

  it('leaves archived products out', async () => {
    const { owner, water } = await inventoryCompany(t.ctx);
    await db().update(products).set({ archived: true }).where(eq(products.id, water.id));
    const res = await owner.api.get('/inventory/grid');
    expect(res.body.rows.map((r: { product_id: number }) => r.product_id)).not.toContain(water.id);
  });

  it('gives days of cover from the last 30 days of sales', async () => {
    const { owner, wine, itemOf } = await inventoryCompany(t.ctx);
    await restock(owner, [{ product_id: wine.id, qty: 36, unit_price: 15.8 }]);
    const customer = await makeCustomer(t.ctx, owner.companyId);
    await makeInvoice(owner, { customerId: customer.id, items: [line(wine.id, 6, 22)] });
    const res = await owner.api.get('/inventory/grid');
    const row = res.body.rows.find((r: { id: number }) => r.id === itemOf(wine.id));
    // 30 left, 6 sold in 30 days = 0.2 a day -> 150 days
    expect(row.days_of_cover).toBe(150);
  });

  it('refuses an unknown grid column', async () => {
    const { owner } = await inventoryCompany(t.ctx);
    const res = await owner.api.get('/inventory/grid', { sortModel: [{ colId: 'password', sort: 'asc' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown grid column: password');
  });

  it("shows no other company's items", async () => {
    await inventoryCompany(t.ctx);
    const other = await makeCompany(t.ctx);
    await other.api.post('/company/feature', { name: 'inventory', active: true });
    const res = await other.api.get('/inventory/grid');
    expect(res.body).toMatchObject({ rows: [], count: 0, total_value: 0 });
  });
});

describe('PUT /inventory/{id}', () => {
  it('sets the qty and writes the difference as a manual history row by the user', async () => {
    const { owner, wine, itemOf } = await inventoryCompany(t.ctx);
    const id = itemOf(wine.id);
    await owner.api.put(`/inventory/${id}`, { qty: 12 });
    const res = await owner.api.put(`/inventory/${id}`, { qty: 9 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, qty: 9 });
    expect((await historyOf(t.ctx, id)).map((h) => [h.qty, h.source, h.user_id])).toEqual([
      [12, 'manual', owner.user.id],
      [-3, 'manual', owner.user.id],
    ]);
    await expectLedgerBalanced(t.ctx, owner.companyId);
  });

  it('writes nothing for an unchanged value', async () => {
    const { owner, wine, itemOf } = await inventoryCompany(t.ctx);
    const id = itemOf(wine.id);
    await owner.api.put(`/inventory/${id}`, { qty: 5 });
    const [before] = await db().select().from(inventory).where(eq(inventory.id, id));
    await owner.api.put(`/inventory/${id}`, { qty: 5 });
    await owner.api.put(`/inventory/${id}`, { reorder_level: 6 });
    const [after] = await db().select().from(inventory).where(eq(inventory.id, id));
    expect(after.updated_at).toEqual(before.updated_at);
    expect(await historyOf(t.ctx, id)).toHaveLength(1);
  });

  it('takes a number sent as text', async () => {
    const { owner, wine, itemOf } = await inventoryCompany(t.ctx);
    const res = await owner.api.put(`/inventory/${itemOf(wine.id)}`, { reorder_qty: '48' });
    expect(res.body.reorder_qty).toBe(48);
  });

  it.each(['qty', 'reorder_level', 'reorder_qty', 'reorder_time_in_days'])(
    "refuses a non-numeric %s with '{field} must be a number'",
    async (field) => {
      const { owner, wine, itemOf } = await inventoryCompany(t.ctx);
      const res = await owner.api.put(`/inventory/${itemOf(wine.id)}`, { [field]: 'twelve' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`${field} must be a number`);
    },
  );

  it.each([
    ['a fraction', { qty: 1.5 }, 'qty must be a whole number'],
    [
      'a negative count (oversold stock comes from invoices only)',
      { reorder_level: -1 },
      'reorder_level must not be negative',
    ],
    ['an unknown field', { product_price: 3 }, 'Unknown field: product_price'],
    ['a body without a field', {}, 'Send one field to update'],
  ])('refuses %s', async (_, body, message) => {
    const { owner, wine, itemOf } = await inventoryCompany(t.ctx);
    const res = await owner.api.put(`/inventory/${itemOf(wine.id)}`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('stores the distributor as text', async () => {
    const { owner, water, itemOf } = await inventoryCompany(t.ctx);
    const res = await owner.api.put(`/inventory/${itemOf(water.id)}`, { distributor: ' Favorite Brands ' });
    expect(res.body.distributor).toBe('Favorite Brands');
  });

  it('refuses a distributor over 100 characters', async () => {
    const { owner, water, itemOf } = await inventoryCompany(t.ctx);
    const res = await owner.api.put(`/inventory/${itemOf(water.id)}`, { distributor: 'x'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Distributor must be at most 100 characters');
  });

  it('a new reorder level changes reorder_needed', async () => {
    const { owner, beer, itemOf } = await inventoryCompany(t.ctx);
    await owner.api.put(`/inventory/${itemOf(beer.id)}`, { qty: 5 });
    const res = await owner.api.put(`/inventory/${itemOf(beer.id)}`, { reorder_level: 5 });
    expect(res.body).toMatchObject({ reorder_level: 5, reorder_needed: true });
  });

  it("answers 404 for another company's item and changes nothing", async () => {
    const { wine, itemOf } = await inventoryCompany(t.ctx);
    const other = await makeCompany(t.ctx);
    await other.api.post('/company/feature', { name: 'inventory', active: true });
    const res = await other.api.put(`/inventory/${itemOf(wine.id)}`, { qty: 99 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Inventory item not found');
    expect(await qtyOf(t.ctx, itemOf(wine.id))).toBe(0);
  });

  it('answers 404 for an item that does not exist', async () => {
    const { owner } = await inventoryCompany(t.ctx);
    expect((await owner.api.put('/inventory/2147483647', { reorder_qty: 1 })).status).toBe(404);
  });
});
