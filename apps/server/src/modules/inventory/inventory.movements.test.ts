/** Inventory movements: restocks, invoices against the ledger, the history grid, distributors, demo data. */
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeCompany, makeCustomer, makeInvoice, makeProduct, makeStaff, line } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { products } from '../products/products.tables.js';
import { seedDemoInventory } from './inventory.seed.js';
import { inventory } from './inventory.tables.js';
import { expectLedgerBalanced, historyOf, inventoryCompany, qtyOf, restock } from '../../../test/inventory-fixtures.js';

const t = useTestApp();

const db = () => t.ctx.database.db;

describe('PUT /inventory (restock)', () => {
  it('adds each item and answers the restocked items with their new qty', async () => {
    const { owner, wine, beer, itemOf } = await inventoryCompany(t.ctx);
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
    await expectLedgerBalanced(t.ctx, owner.companyId);
  });

  it('writes a restock history row with the reference, cost, on-deal flag and user', async () => {
    const { owner, wine, itemOf } = await inventoryCompany(t.ctx);
    await restock(owner, [{ product_id: wine.id, qty: 24, unit_price: 16.2, on_deal: true }]);
    const [h] = await historyOf(t.ctx, itemOf(wine.id));
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
    const { owner, wine } = await inventoryCompany(t.ctx);
    await restock(owner, [{ product_id: wine.id, qty: 1, unit_price: 17.05 }]);
    const [p] = await db().select().from(products).where(eq(products.id, wine.id));
    expect(p.last_purchase_price).toBe('17.05');
  });

  it("sets the restock's distributor on the items", async () => {
    const { owner, water, itemOf } = await inventoryCompany(t.ctx);
    await restock(owner, [{ product_id: water.id, qty: 1, unit_price: 1 }], { distributor: 'Favorite Brands' });
    const [item] = await db()
      .select()
      .from(inventory)
      .where(eq(inventory.id, itemOf(water.id)));
    expect(item.distributor).toBe('Favorite Brands');
  });

  it('refuses the whole restock naming each bad item, and changes nothing', async () => {
    const { owner, wine, beer, water, itemOf } = await inventoryCompany(t.ctx);
    const other = await makeCompany(t.ctx);
    const foreign = await makeProduct(t.ctx, other.companyId);
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
    expect(await qtyOf(t.ctx, itemOf(wine.id))).toBe(0);
    expect(await historyOf(t.ctx, itemOf(wine.id))).toHaveLength(0);
    const [p] = await db().select().from(products).where(eq(products.id, wine.id));
    expect(p.last_purchase_price).toBe('15.80');
  });

  it('refuses a restock without items', async () => {
    const { owner } = await inventoryCompany(t.ctx);
    const res = await restock(owner, []);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Add at least one item to restock');
  });

  it('refuses a reference number over 255 characters', async () => {
    const { owner, wine } = await inventoryCompany(t.ctx);
    const res = await restock(owner, [{ product_id: wine.id, qty: 1, unit_price: 1 }], { ref_number: 'x'.repeat(256) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('PO/Invoice/Reference Number must be at most 255 characters');
  });
});

describe('the ledger and invoices', () => {
  it('keeps qty = sum(history) through invoice save, edit, cancel and delete', async () => {
    const { owner, wine, water, itemOf } = await inventoryCompany(t.ctx);
    const customer = await makeCustomer(t.ctx, owner.companyId);
    await restock(owner, [{ product_id: wine.id, qty: 10, unit_price: 15 }]);
    const inv = await makeInvoice(owner, { customerId: customer.id, items: [line(wine.id, 4, 22)] });
    expect(await qtyOf(t.ctx, itemOf(wine.id))).toBe(6);
    await expectLedgerBalanced(t.ctx, owner.companyId);

    const edit = await owner.api.put(`/invoice/${inv.id}`, {
      customer: { id: customer.id },
      stamps: [],
      items: [line(wine.id, 1, 22), line(water.id, 3, 30)],
    });
    expect(edit.status).toBe(200);
    expect([await qtyOf(t.ctx, itemOf(wine.id)), await qtyOf(t.ctx, itemOf(water.id))]).toEqual([9, -3]);
    await expectLedgerBalanced(t.ctx, owner.companyId);

    await owner.api.put(`/invoice/${inv.id}`, { status: 'cancelled' });
    expect([await qtyOf(t.ctx, itemOf(wine.id)), await qtyOf(t.ctx, itemOf(water.id))]).toEqual([10, 0]);
    await expectLedgerBalanced(t.ctx, owner.companyId);

    const del = await owner.api.del(`/invoice/${inv.number}`);
    expect(del.status).toBe(200);
    expect([await qtyOf(t.ctx, itemOf(wine.id)), await qtyOf(t.ctx, itemOf(water.id))]).toEqual([10, 0]);
    await expectLedgerBalanced(t.ctx, owner.companyId);
  });

  it('lets an invoice take stock below zero', async () => {
    const { owner, wine, itemOf } = await inventoryCompany(t.ctx);
    const customer = await makeCustomer(t.ctx, owner.companyId);
    await makeInvoice(owner, { customerId: customer.id, items: [line(wine.id, 3, 22)] });
    expect(await qtyOf(t.ctx, itemOf(wine.id))).toBe(-3);
    await expectLedgerBalanced(t.ctx, owner.companyId);
  });
});

describe('GET /inventory/history/grid', () => {
  it('lists movements newest first with product, source, reference, price and user', async () => {
    const { owner, wine } = await inventoryCompany(t.ctx);
    const staff = await makeStaff(t.ctx, owner.companyId);
    await restock(owner, [{ product_id: wine.id, qty: 12, unit_price: 15.5 }]);
    const customer = await makeCustomer(t.ctx, owner.companyId);
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
    const { owner, wine, itemOf } = await inventoryCompany(t.ctx);
    await owner.api.put(`/inventory/${itemOf(wine.id)}`, { qty: 3 });
    const today = todayInTexas();
    const inRange = await owner.api.get('/inventory/history/grid', { dateFrom: today, dateTo: today });
    expect(inRange.body.count).toBe(1);
    const before = await owner.api.get('/inventory/history/grid', { dateTo: addDays(today, -1) });
    expect(before.body.count).toBe(0);
  });

  it('refuses a start date after the end date', async () => {
    const { owner } = await inventoryCompany(t.ctx);
    const today = todayInTexas();
    const res = await owner.api.get('/inventory/history/grid', { dateFrom: today, dateTo: addDays(today, -1) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The start date must be on or before the end date');
  });

  it('filters by source', async () => {
    const { owner, wine, beer, itemOf } = await inventoryCompany(t.ctx);
    await owner.api.put(`/inventory/${itemOf(beer.id)}`, { qty: 3 });
    await restock(owner, [{ product_id: wine.id, qty: 1, unit_price: 1 }]);
    const res = await owner.api.get('/inventory/history/grid', {
      filterModel: { source: { filterType: 'set', values: ['restock'] } },
    });
    expect(res.body.rows.map((r: { source: string }) => r.source)).toEqual(['restock']);
  });

  it("shows no other company's movements", async () => {
    const { owner, wine, itemOf } = await inventoryCompany(t.ctx);
    await owner.api.put(`/inventory/${itemOf(wine.id)}`, { qty: 3 });
    const other = await makeCompany(t.ctx);
    await other.api.post('/company/feature', { name: 'inventory', active: true });
    expect((await other.api.get('/inventory/history/grid')).body).toEqual({ rows: [], count: 0 });
  });
});

describe('GET /inventory/distributors', () => {
  it('lists each distributor once, sorted', async () => {
    const { owner, water, itemOf } = await inventoryCompany(t.ctx);
    await owner.api.put(`/inventory/${itemOf(water.id)}`, { distributor: 'Favorite Brands' });
    expect((await owner.api.get('/inventory/distributors')).body).toEqual([
      'Favorite Brands',
      'Republic National',
      'Silver Eagle',
    ]);
  });

  it("lists no other company's distributors", async () => {
    await inventoryCompany(t.ctx);
    const other = await makeCompany(t.ctx);
    await other.api.post('/company/feature', { name: 'inventory', active: true });
    expect((await other.api.get('/inventory/distributors')).body).toEqual([]);
  });
});

describe('demo data', () => {
  it('leaves some items under their reorder level, with the ledger balanced', async () => {
    const owner = await makeCompany(t.ctx);
    for (const name of ['GARRISON BOURBON', 'BALCONES WHISKY', 'LLANO CHARDONNAY', 'DULCE VIDA BLANCO', 'DEEP EDDY'])
      await makeProduct(t.ctx, owner.companyId, { product: name, reorder_level: 6 });
    await owner.api.post('/company/feature', { name: 'inventory', active: true });
    await seedDemoInventory(db(), owner.companyId);
    const low = await owner.api.get('/inventory/grid', {
      filterModel: { reorder_needed: { filterType: 'boolean', filter: true } },
    });
    expect(low.body.rows.map((r: { qty: number }) => r.qty).sort()).toEqual([0, 4, 5]);
    await expectLedgerBalanced(t.ctx, owner.companyId);
  });
});
