import { addDays, todayInTexas } from '@dbo/domain/dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeCustomer, makeInvoice, makeProduct, makeStaff, line } from '../../../test/factories.js';
import { createTestApp, type SignedUp, type TestContext } from '../../../test/helpers.js';
import { products } from '../products/products.tables.js';
import { seedDemoInventory } from './inventory.seed.js';
import { inventory, inventoryHistory } from './inventory.tables.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;

/** A company with three products and the inventory feature switched on through the API. */
async function setup() {
  const owner = await makeCompany(ctx);
  const wine = await makeProduct(ctx, owner.companyId, {
    product: 'BECKER CABERNET',
    product_type: 'WINE',
    last_purchase_price: '15.80',
    reorder_level: 6,
    reorder_qty: 24,
    distributor: 'Republic National',
  });
  const beer = await makeProduct(ctx, owner.companyId, {
    product: 'SHINER BOCK',
    product_type: 'BEER',
    last_purchase_price: '23.10',
    reorder_level: 2,
    reorder_qty: null,
    distributor: 'Silver Eagle',
  });
  const water = await makeProduct(ctx, owner.companyId, {
    product: 'TOPO CHICO',
    product_type: 'N/A',
    last_purchase_price: '16.50',
    reorder_level: null,
    distributor: null,
  });
  const on = await owner.api.post('/company/feature', { name: 'inventory', active: true });
  expect(on.status).toBe(200);
  const items = await db().select().from(inventory).where(eq(inventory.company_id, owner.companyId));
  const itemOf = (productId: number) => items.find((i) => i.product_id === productId)!.id;
  return { owner, wine, beer, water, itemOf };
}

/** The ledger invariant: every item's qty equals the sum of its history rows. */
async function expectLedgerBalanced(companyId: number) {
  const rows = await db().execute<{ id: number; qty: number; total: string }>(sql`
    select i.id, i.qty, coalesce(sum(h.qty), 0) as total
    from inventory i left join inventory_history h on h.inventory_id = i.id
    where i.company_id = ${companyId} group by i.id, i.qty`);
  const list = (rows as unknown as { rows?: { qty: number; total: string }[] }).rows ?? (rows as never);
  expect(list.length).toBeGreaterThan(0);
  for (const r of list) expect(Number(r.total)).toBe(Number(r.qty));
}

const qtyOf = async (itemId: number) =>
  (await db().select({ qty: inventory.qty }).from(inventory).where(eq(inventory.id, itemId)))[0]?.qty;
const historyOf = (itemId: number) =>
  db().select().from(inventoryHistory).where(eq(inventoryHistory.inventory_id, itemId)).orderBy(inventoryHistory.id);

async function restock(owner: SignedUp, items: unknown[], extra: Record<string, unknown> = {}) {
  return owner.api.put('/inventory', { items, ref_number: 'PO-1001', distributor: 'Republic National', ...extra });
}

describe('items', () => {
  it('switching the feature on gives every product an item with qty 0', async () => {
    const { wine, beer, water, itemOf } = await setup();
    for (const p of [wine, beer, water]) expect(await qtyOf(itemOf(p.id))).toBe(0);
  });

  it('an item copies the product reorder settings and distributor', async () => {
    const { wine, itemOf } = await setup();
    const [item] = await db()
      .select()
      .from(inventory)
      .where(eq(inventory.id, itemOf(wine.id)));
    expect(item).toMatchObject({ reorder_level: 6, reorder_qty: 24, distributor: 'Republic National' });
  });

  it('a product created while the feature is on gets an item with qty 0', async () => {
    const { owner } = await setup();
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
    const owner = await makeCompany(ctx);
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
    const { owner, wine, itemOf } = await setup();
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
    const { owner, beer, water, itemOf } = await setup();
    await owner.api.put(`/inventory/${itemOf(water.id)}`, { qty: 1 });
    await owner.api.put(`/inventory/${itemOf(beer.id)}`, { qty: 1 });
    const res = await owner.api.get('/inventory/grid');
    expect(res.body.rows.slice(0, 2).map((r: { product_id: number }) => r.product_id)).toEqual([beer.id, water.id]);
  });

  it('filters the items that need a reorder', async () => {
    const { owner, wine, beer, itemOf } = await setup();
    await owner.api.put(`/inventory/${itemOf(beer.id)}`, { qty: 10 });
    const res = await owner.api.get('/inventory/grid', {
      filterModel: { reorder_needed: { filterType: 'boolean', filter: true } },
    });
    expect(res.body.rows.map((r: { product_id: number }) => r.product_id)).toEqual([wine.id]);
  });

  it('totals the inventory value of every filtered row, not just the page', async () => {
    const { owner, wine, beer, water, itemOf } = await setup();
    await owner.api.put(`/inventory/${itemOf(wine.id)}`, { qty: 10 }); // 158.00
    await owner.api.put(`/inventory/${itemOf(beer.id)}`, { qty: 2 }); // 46.20
    await owner.api.put(`/inventory/${itemOf(water.id)}`, { qty: 1 }); // 16.50
    const res = await owner.api.get('/inventory/grid', { startRow: 0, endRow: 1 });
    expect(res.body.rows).toHaveLength(1);
    expect(res.body.total_value).toBe(220.7);
  });

  it('answers every filtered row with ignoreLimit, whatever endRow says', async () => {
    const { owner } = await setup();
    const res = await owner.api.get('/inventory/grid', { startRow: 0, endRow: 1, ignoreLimit: 'true' });
    expect(res.body.rows).toHaveLength(3);
  });

  it('leaves archived products out', async () => {
    const { owner, water } = await setup();
    await db().update(products).set({ archived: true }).where(eq(products.id, water.id));
    const res = await owner.api.get('/inventory/grid');
    expect(res.body.rows.map((r: { product_id: number }) => r.product_id)).not.toContain(water.id);
  });

  it('gives days of cover from the last 30 days of sales', async () => {
    const { owner, wine, itemOf } = await setup();
    await restock(owner, [{ product_id: wine.id, qty: 36, unit_price: 15.8 }]);
    const customer = await makeCustomer(ctx, owner.companyId);
    await makeInvoice(owner, { customerId: customer.id, items: [line(wine.id, 6, 22)] });
    const res = await owner.api.get('/inventory/grid');
    const row = res.body.rows.find((r: { id: number }) => r.id === itemOf(wine.id));
    // 30 left, 6 sold in 30 days = 0.2 a day -> 150 days
    expect(row.days_of_cover).toBe(150);
  });

  it('refuses an unknown grid column', async () => {
    const { owner } = await setup();
    const res = await owner.api.get('/inventory/grid', { sortModel: [{ colId: 'password', sort: 'asc' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown grid column: password');
  });

  it("shows no other company's items", async () => {
    await setup();
    const other = await makeCompany(ctx);
    await other.api.post('/company/feature', { name: 'inventory', active: true });
    const res = await other.api.get('/inventory/grid');
    expect(res.body).toMatchObject({ rows: [], count: 0, total_value: 0 });
  });
});

describe('PUT /inventory/{id}', () => {
  it('sets the qty and writes the difference as a manual history row by the user', async () => {
    const { owner, wine, itemOf } = await setup();
    const id = itemOf(wine.id);
    await owner.api.put(`/inventory/${id}`, { qty: 12 });
    const res = await owner.api.put(`/inventory/${id}`, { qty: 9 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, qty: 9 });
    expect((await historyOf(id)).map((h) => [h.qty, h.source, h.user_id])).toEqual([
      [12, 'manual', owner.user.id],
      [-3, 'manual', owner.user.id],
    ]);
    await expectLedgerBalanced(owner.companyId);
  });

  it('writes nothing for an unchanged value', async () => {
    const { owner, wine, itemOf } = await setup();
    const id = itemOf(wine.id);
    await owner.api.put(`/inventory/${id}`, { qty: 5 });
    const [before] = await db().select().from(inventory).where(eq(inventory.id, id));
    await owner.api.put(`/inventory/${id}`, { qty: 5 });
    await owner.api.put(`/inventory/${id}`, { reorder_level: 6 });
    const [after] = await db().select().from(inventory).where(eq(inventory.id, id));
    expect(after.updated_at).toEqual(before.updated_at);
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('takes a number sent as text', async () => {
    const { owner, wine, itemOf } = await setup();
    const res = await owner.api.put(`/inventory/${itemOf(wine.id)}`, { reorder_qty: '48' });
    expect(res.body.reorder_qty).toBe(48);
  });

  it.each(['qty', 'reorder_level', 'reorder_qty', 'reorder_time_in_days'])(
    "refuses a non-numeric %s with '{field} must be a number'",
    async (field) => {
      const { owner, wine, itemOf } = await setup();
      const res = await owner.api.put(`/inventory/${itemOf(wine.id)}`, { [field]: 'twelve' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`${field} must be a number`);
    },
  );

  it('refuses a fraction', async () => {
    const { owner, wine, itemOf } = await setup();
    const res = await owner.api.put(`/inventory/${itemOf(wine.id)}`, { qty: 1.5 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('qty must be a whole number');
  });

  it('refuses a negative count (oversold stock comes from invoices only)', async () => {
    const { owner, wine, itemOf } = await setup();
    const res = await owner.api.put(`/inventory/${itemOf(wine.id)}`, { reorder_level: -1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('reorder_level must not be negative');
  });

  it('refuses an unknown field', async () => {
    const { owner, wine, itemOf } = await setup();
    const res = await owner.api.put(`/inventory/${itemOf(wine.id)}`, { product_price: 3 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown field: product_price');
  });

  it('refuses a body without a field', async () => {
    const { owner, wine, itemOf } = await setup();
    const res = await owner.api.put(`/inventory/${itemOf(wine.id)}`, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Send one field to update');
  });

  it('stores the distributor as text', async () => {
    const { owner, water, itemOf } = await setup();
    const res = await owner.api.put(`/inventory/${itemOf(water.id)}`, { distributor: ' Favorite Brands ' });
    expect(res.body.distributor).toBe('Favorite Brands');
  });

  it('refuses a distributor over 100 characters', async () => {
    const { owner, water, itemOf } = await setup();
    const res = await owner.api.put(`/inventory/${itemOf(water.id)}`, { distributor: 'x'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Distributor must be at most 100 characters');
  });

  it('a new reorder level changes reorder_needed', async () => {
    const { owner, beer, itemOf } = await setup();
    await owner.api.put(`/inventory/${itemOf(beer.id)}`, { qty: 5 });
    const res = await owner.api.put(`/inventory/${itemOf(beer.id)}`, { reorder_level: 5 });
    expect(res.body).toMatchObject({ reorder_level: 5, reorder_needed: true });
  });

  it("answers 404 for another company's item and changes nothing", async () => {
    const { wine, itemOf } = await setup();
    const other = await makeCompany(ctx);
    await other.api.post('/company/feature', { name: 'inventory', active: true });
    const res = await other.api.put(`/inventory/${itemOf(wine.id)}`, { qty: 99 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Inventory item not found');
    expect(await qtyOf(itemOf(wine.id))).toBe(0);
  });

  it('answers 404 for an item that does not exist', async () => {
    const { owner } = await setup();
    expect((await owner.api.put('/inventory/2147483647', { reorder_qty: 1 })).status).toBe(404);
  });
});

describe('PUT /inventory (restock)', () => {
  it('adds each item and answers the restocked items with their new qty', async () => {
    const { owner, wine, beer, itemOf } = await setup();
    await owner.api.put(`/inventory/${itemOf(wine.id)}`, { qty: 2 });
    const res = await restock(owner, [
      { product_id: wine.id, qty: 24, unit_price: 16.2, on_deal: true },
      { product_id: beer.id, qty: 10, unit_price: 22 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: itemOf(wine.id),
        product_id: wine.id,
        product: 'BECKER CABERNET',
        product_size: '750ML',
        added: 24,
        qty: 26,
      },
      { id: itemOf(beer.id), product_id: beer.id, product: 'SHINER BOCK', product_size: '750ML', added: 10, qty: 10 },
    ]);
    await expectLedgerBalanced(owner.companyId);
  });

  it('writes a restock history row with the reference, cost, on-deal flag and user', async () => {
    const { owner, wine, itemOf } = await setup();
    await restock(owner, [{ product_id: wine.id, qty: 24, unit_price: 16.2, on_deal: true }]);
    const [h] = await historyOf(itemOf(wine.id));
    expect(h).toMatchObject({
      qty: 24,
      source: 'restock',
      ref_number: 'PO-1001',
      unit_price: '16.20',
      on_deal: true,
      user_id: owner.user.id,
    });
  });

  it("makes the item cost the product's last purchase price", async () => {
    const { owner, wine } = await setup();
    await restock(owner, [{ product_id: wine.id, qty: 1, unit_price: 17.05 }]);
    const [p] = await db().select().from(products).where(eq(products.id, wine.id));
    expect(p.last_purchase_price).toBe('17.05');
  });

  it("sets the restock's distributor on the items", async () => {
    const { owner, water, itemOf } = await setup();
    await restock(owner, [{ product_id: water.id, qty: 1, unit_price: 1 }], { distributor: 'Favorite Brands' });
    const [item] = await db()
      .select()
      .from(inventory)
      .where(eq(inventory.id, itemOf(water.id)));
    expect(item.distributor).toBe('Favorite Brands');
  });

  it('refuses the whole restock naming each bad item, and changes nothing', async () => {
    const { owner, wine, beer, water, itemOf } = await setup();
    const other = await makeCompany(ctx);
    const foreign = await makeProduct(ctx, other.companyId);
    await db().update(products).set({ archived: true }).where(eq(products.id, water.id));
    const res = await restock(owner, [
      { product_id: wine.id, qty: 6, unit_price: 15 },
      { product_id: beer.id, qty: 0, unit_price: 15 },
      { product_id: beer.id, qty: 1.5, unit_price: 15 },
      { product_id: wine.id, qty: 1, unit_price: -1 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      'Item 2: quantity must be a whole number of at least 1',
      'Item 3: quantity must be a whole number of at least 1',
      'Item 4: item cost must be at least 0',
    ]);
    const res2 = await restock(owner, [
      { product_id: wine.id, qty: 6, unit_price: 15 },
      { product_id: 2147483647, qty: 1, unit_price: 1 },
      { product_id: water.id, qty: 1, unit_price: 1 },
      { product_id: foreign.id, qty: 1, unit_price: 1 },
    ]);
    expect(res2.status).toBe(400);
    expect(res2.body.details).toEqual([
      'Item 2: product not found',
      'Item 3: TOPO CHICO 750ML is archived',
      'Item 4: product not found',
    ]);
    expect(await qtyOf(itemOf(wine.id))).toBe(0);
    expect(await historyOf(itemOf(wine.id))).toHaveLength(0);
    const [p] = await db().select().from(products).where(eq(products.id, wine.id));
    expect(p.last_purchase_price).toBe('15.80');
  });

  it('refuses a restock without items', async () => {
    const { owner } = await setup();
    const res = await restock(owner, []);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Add at least one item to restock');
  });

  it('refuses a reference number over 255 characters', async () => {
    const { owner, wine } = await setup();
    const res = await restock(owner, [{ product_id: wine.id, qty: 1, unit_price: 1 }], { ref_number: 'x'.repeat(256) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('PO/Invoice/Reference Number must be at most 255 characters');
  });
});

describe('the ledger and invoices', () => {
  it('keeps qty = sum(history) through invoice save, edit, cancel and delete', async () => {
    const { owner, wine, water, itemOf } = await setup();
    const customer = await makeCustomer(ctx, owner.companyId);
    await restock(owner, [{ product_id: wine.id, qty: 10, unit_price: 15 }]);
    const inv = await makeInvoice(owner, { customerId: customer.id, items: [line(wine.id, 4, 22)] });
    expect(await qtyOf(itemOf(wine.id))).toBe(6);
    await expectLedgerBalanced(owner.companyId);

    const edit = await owner.api.put(`/invoice/${inv.id}`, {
      customer: { id: customer.id },
      stamps: [],
      items: [line(wine.id, 1, 22), line(water.id, 3, 30)],
    });
    expect(edit.status).toBe(200);
    expect([await qtyOf(itemOf(wine.id)), await qtyOf(itemOf(water.id))]).toEqual([9, -3]);
    await expectLedgerBalanced(owner.companyId);

    await owner.api.put(`/invoice/${inv.id}`, { status: 'cancelled' });
    expect([await qtyOf(itemOf(wine.id)), await qtyOf(itemOf(water.id))]).toEqual([10, 0]);
    await expectLedgerBalanced(owner.companyId);

    const del = await owner.api.del(`/invoice/${inv.number}`);
    expect(del.status).toBe(200);
    expect([await qtyOf(itemOf(wine.id)), await qtyOf(itemOf(water.id))]).toEqual([10, 0]);
    await expectLedgerBalanced(owner.companyId);
  });

  it('lets an invoice take stock below zero', async () => {
    const { owner, wine, itemOf } = await setup();
    const customer = await makeCustomer(ctx, owner.companyId);
    await makeInvoice(owner, { customerId: customer.id, items: [line(wine.id, 3, 22)] });
    expect(await qtyOf(itemOf(wine.id))).toBe(-3);
    await expectLedgerBalanced(owner.companyId);
  });
});

describe('GET /inventory/history/grid', () => {
  it('lists movements newest first with product, source, reference, price and user', async () => {
    const { owner, wine } = await setup();
    const staff = await makeStaff(ctx, owner.companyId);
    await restock(owner, [{ product_id: wine.id, qty: 12, unit_price: 15.5 }]);
    const customer = await makeCustomer(ctx, owner.companyId);
    const inv = await makeInvoice({ api: staff }, { customerId: customer.id, items: [line(wine.id, 2, 22)] });
    const res = await owner.api.get('/inventory/history/grid');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.rows[0]).toMatchObject({
      product_id: wine.id,
      product: 'BECKER CABERNET',
      product_size: '750ML',
      qty: -2,
      source: 'invoice',
      ref_number: String(inv.number),
      invoice_id: inv.id,
      unit_price: 22,
      on_deal: false,
      user: 'Sam Staff',
    });
    expect(res.body.rows[1]).toMatchObject({ qty: 12, source: 'restock', ref_number: 'PO-1001', unit_price: 15.5 });
  });

  it('filters by a date range of Texas days', async () => {
    const { owner, wine, itemOf } = await setup();
    await owner.api.put(`/inventory/${itemOf(wine.id)}`, { qty: 3 });
    const today = todayInTexas();
    const inRange = await owner.api.get('/inventory/history/grid', { dateFrom: today, dateTo: today });
    expect(inRange.body.count).toBe(1);
    const before = await owner.api.get('/inventory/history/grid', { dateTo: addDays(today, -1) });
    expect(before.body.count).toBe(0);
  });

  it('refuses a start date after the end date', async () => {
    const { owner } = await setup();
    const today = todayInTexas();
    const res = await owner.api.get('/inventory/history/grid', { dateFrom: today, dateTo: addDays(today, -1) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The start date must be on or before the end date');
  });

  it('filters by source', async () => {
    const { owner, wine, beer, itemOf } = await setup();
    await owner.api.put(`/inventory/${itemOf(beer.id)}`, { qty: 3 });
    await restock(owner, [{ product_id: wine.id, qty: 1, unit_price: 1 }]);
    const res = await owner.api.get('/inventory/history/grid', {
      filterModel: { source: { filterType: 'set', values: ['restock'] } },
    });
    expect(res.body.rows.map((r: { source: string }) => r.source)).toEqual(['restock']);
  });

  it("shows no other company's movements", async () => {
    const { owner, wine, itemOf } = await setup();
    await owner.api.put(`/inventory/${itemOf(wine.id)}`, { qty: 3 });
    const other = await makeCompany(ctx);
    await other.api.post('/company/feature', { name: 'inventory', active: true });
    expect((await other.api.get('/inventory/history/grid')).body).toEqual({ rows: [], count: 0 });
  });
});

describe('GET /inventory/distributors', () => {
  it('lists each distributor once, sorted', async () => {
    const { owner, water, itemOf } = await setup();
    await owner.api.put(`/inventory/${itemOf(water.id)}`, { distributor: 'Favorite Brands' });
    expect((await owner.api.get('/inventory/distributors')).body).toEqual([
      'Favorite Brands',
      'Republic National',
      'Silver Eagle',
    ]);
  });

  it("lists no other company's distributors", async () => {
    await setup();
    const other = await makeCompany(ctx);
    await other.api.post('/company/feature', { name: 'inventory', active: true });
    expect((await other.api.get('/inventory/distributors')).body).toEqual([]);
  });
});

describe('demo data', () => {
  it('leaves some items under their reorder level, with the ledger balanced', async () => {
    const owner = await makeCompany(ctx);
    for (const name of ['GARRISON BOURBON', 'BALCONES WHISKY', 'LLANO CHARDONNAY', 'DULCE VIDA BLANCO', 'DEEP EDDY'])
      await makeProduct(ctx, owner.companyId, { product: name, reorder_level: 6 });
    await owner.api.post('/company/feature', { name: 'inventory', active: true });
    await seedDemoInventory(db(), owner.companyId);
    const low = await owner.api.get('/inventory/grid', {
      filterModel: { reorder_needed: { filterType: 'boolean', filter: true } },
    });
    expect(low.body.rows.map((r: { qty: number }) => r.qty).sort()).toEqual([0, 4, 5]);
    await expectLedgerBalanced(owner.companyId);
  });
});
