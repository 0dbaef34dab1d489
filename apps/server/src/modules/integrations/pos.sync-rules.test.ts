/**
 * Issue 30: a sync never rewrites silently. Matched by POS id, then UPC; our UPC and SKU are never
 * changed (a conflict is reported); price and cost changes land in the price history with their
 * source; the HTTP answer, the sync log and the event carry the summary; created products are typed
 * by the category table and stay out of the shop until staff save them once.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../../../test/factories.js';
import { activateFeature } from '../../../test/helpers.js';
import { makeShopper } from '../../../test/order-factories.js';
import { priceChanges, products } from '../products/products.tables.js';
import { posCompany, usePosApp } from '../../../test/pos-fixtures.js';
import type { PosProduct } from '../../integrations/pos-client.js';
import { companies } from '../company/company.tables.js';

vi.setConfig({ testTimeout: 120_000 });

const pos = usePosApp();

const posProduct = (over: Partial<PosProduct>): PosProduct => ({
  id: 'bpos-1',
  sku: 'BPOS-1000',
  name: "Tito's Handmade Vodka",
  size: '750ml',
  type: 'LIQUOR',
  category: 'Vodka',
  upc: '081000000000',
  price: '19.99',
  cost: '13.00',
  ...over,
});

async function productRow(id: number) {
  return (await pos.ctx.database.db.select().from(products).where(eq(products.id, id)))[0];
}

describe('Bottle POS Sync Products', () => {
  it('never changes our UPC or SKU, reports the conflict, and answers the summary', async () => {
    const { owner } = await posCompany(pos.ctx);
    const titos = await makeProduct(pos.ctx, owner.companyId, {
      product: "TITO'S HANDMADE VODKA",
      product_size: '750ML',
      upc: '619947000013',
      internal_sku: 'LS-0001',
      product_price: '18.99',
      last_purchase_price: '14.25',
    });
    // the POS lists Tito's under our UPC, with its own SKU, a new price and cost
    pos.bpos.control.setProducts([posProduct({ upc: '619947000013' })]);
    const first = await owner.api.get('/bottle-pos/sync-products');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.summary).toEqual({ created: 0, updated: 1, unchanged: 0, conflicts: 1, failed: 0 });
    expect(first.body.message).toBe('Products synced: 0 created, 1 updated, 0 unchanged, 1 conflict');
    const after = await productRow(titos.id);
    expect(after).toMatchObject({
      upc: '619947000013',
      internal_sku: 'LS-0001',
      product: "TITO'S HANDMADE VODKA",
      product_price: '19.99',
      last_purchase_price: '13.00',
      pos_source: 'bottle_pos',
      pos_id: 'bpos-1',
      pos_new: false,
    });
    // scanning the real barcode still finds it
    const scan = await owner.api.get('/product/suggestions', { query: '619947000013' });
    expect(JSON.stringify(scan.body)).toContain(String(titos.id));

    // the price history says so, marked with its source
    const history = await pos.ctx.database.db.select().from(priceChanges).where(eq(priceChanges.product_id, titos.id));
    expect(history).toEqual([
      expect.objectContaining({
        old_price: '18.99',
        new_price: '19.99',
        old_cost: '14.25',
        new_cost: '13.00',
        source: 'bottle_pos',
      }),
    ]);
    const detail = await owner.api.get(`/product/${titos.id}`);
    expect(detail.body.priceChanges[0]).toMatchObject({ old_price: 18.99, new_price: 19.99, source: 'bottle_pos' });

    // the log: the conflict row and the summary row
    const log = await owner.api.get(`/bottle-pos/sync-log/${first.body.sync_id}`);
    const messages = log.body.map((r: { success_log: { message: string } | null }) => r.success_log?.message);
    expect(messages).toContain(
      `Conflict: Bottle POS product TITO'S HANDMADE VODKA 750ML: SKU BPOS-1000 differs from ours (LS-0001) on product #${titos.id}: ours kept`,
    );
    expect(log.body.at(-1).success_log).toMatchObject({
      message: 'Products synced: 0 created, 1 updated, 0 unchanged, 1 conflict',
      summary: { created: 0, updated: 1, unchanged: 0, conflicts: 1, failed: 0 },
    });

    // the next sync finds it by its POS id: a different UPC there is a conflict, not a rewrite
    pos.bpos.control.setProducts([posProduct({ upc: '081000000000', sku: 'LS-0001' })]);
    const second = await owner.api.get('/bottle-pos/sync-products');
    expect(second.body.summary).toEqual({ created: 0, updated: 0, unchanged: 1, conflicts: 1, failed: 0 });
    expect((await productRow(titos.id)).upc).toBe('619947000013');
  });

  it('creates unknown products typed by the category table, hidden from the shop until staff save them', async () => {
    const { owner } = await posCompany(pos.ctx);
    const subdomain = `sync-${owner.companyId}`;
    await pos.ctx.database.db.update(companies).set({ subdomain }).where(eq(companies.id, owner.companyId));
    await activateFeature(pos.ctx, owner.companyId, 'order');
    const shopper = await makeShopper(pos.ctx, { companyId: owner.companyId, subdomain });
    pos.bpos.control.setProducts([
      posProduct({
        id: 'bpos-2',
        sku: 'BPOS-1001',
        name: 'Jameson Irish Whiskey',
        type: 'WINE',
        category: 'Irish Whiskey',
        upc: '080432400432',
      }),
    ]);
    const res = await owner.api.get('/bottle-pos/sync-products');
    expect(res.body.summary).toEqual({ created: 1, updated: 0, unchanged: 0, conflicts: 0, failed: 0 });
    const [jameson] = await pos.ctx.database.db
      .select()
      .from(products)
      .where(and(eq(products.company_id, owner.companyId), eq(products.pos_id, 'bpos-2')));
    expect(jameson).toMatchObject({ product_type: 'LIQUOR', pos_new: true, upc: '080432400432' });

    // not in the shop: not listed, not found by its barcode, not orderable by its id
    const shopIds = async (query?: string) =>
      (
        await shopper.api.get('/customer-app/catalog', { startRow: 0, endRow: 100, ...(query ? { query } : {}) })
      ).body.rows.map((r: { id: number }) => r.id);
    expect(await shopIds()).not.toContain(jameson.id);
    expect(await shopIds('080432400432')).toEqual([]);
    const unavailable = 'JAMESON IRISH WHISKEY 750ML is no longer available';
    const cart = await shopper.api.put('/customer-app/cart', { items: [{ product_id: jameson.id, qty: 1 }] });
    expect(cart.status).toBe(400);
    expect(cart.body.message).toBe(unavailable);
    const order = await shopper.api.post('/customer-app/order', { items: [{ product_id: jameson.id, qty: 1 }] });
    expect(order.status).toBe(400);
    expect(order.body.message).toBe(unavailable);

    // the grid's "New from Bottle POS" filter finds it
    const grid = await owner.api.get('/product/grid', {
      filterModel: { pos_new: { filterType: 'set', values: ['true'] } },
    });
    expect(grid.status, JSON.stringify(grid.body)).toBe(200);
    expect(grid.body.rows.map((r: { id: number }) => r.id)).toEqual([jameson.id]);
    expect(grid.body.rows[0].pos_new).toBe(true);

    // opened and saved once by staff, it is a product like any other
    const detail = await owner.api.get(`/product/${jameson.id}`);
    expect(detail.body.pos_new).toBe(true);
    const saved = await owner.api.put(`/product/${jameson.id}`, {
      product: detail.body.product,
      product_type: detail.body.product_type,
      product_size: detail.body.product_size,
      product_price: detail.body.product_price,
      last_purchase_price: detail.body.last_purchase_price,
      ydk_product_id: 'YDK-1',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await productRow(jameson.id)).pos_new).toBe(false);
    expect(await shopIds()).toContain(jameson.id);
    expect(await shopIds('080432400432')).toEqual([jameson.id]);
    const ordered = await shopper.api.post('/customer-app/order', { items: [{ product_id: jameson.id, qty: 1 }] });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
  });

  it('never creates a second product with our name and size: a conflict instead', async () => {
    const { owner } = await posCompany(pos.ctx);
    const ours = await makeProduct(pos.ctx, owner.companyId, {
      product: 'PATRON SILVER',
      product_size: '750ML',
      upc: '721733000029',
    });
    pos.bpos.control.setProducts([
      posProduct({ id: 'bpos-3', sku: 'BPOS-1003', name: 'Patron Silver', upc: '081000000004' }),
    ]);
    const res = await owner.api.get('/bottle-pos/sync-products');
    expect(res.body.summary).toEqual({ created: 0, updated: 0, unchanged: 0, conflicts: 1, failed: 0 });
    expect(await productRow(ours.id)).toMatchObject({ upc: '721733000029', pos_id: null });
  });
});
