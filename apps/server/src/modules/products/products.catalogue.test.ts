/** The product catalogue: create, validate, list, show, delete, POS locks and tenants. */
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activateFeature, useAppWithTwoCompanies, signUpCompany } from '../../../test/helpers.js';
import { activities } from '../activity/activity.tables.js';
import { companyFeatures } from '../company/company.tables.js';
import { inventory, inventoryHistory } from '../inventory/inventory.tables.js';
import { products } from './products.tables.js';
import { makeCustomer } from '../../../test/factories.js';
import { addInvoice, newProduct } from '../../../test/product-fixtures.js';

const t = useAppWithTwoCompanies(['Ann Products', 'Bob Other']);
const today = todayInTexas();

const db = () => t.ctx.database.db;
let seq = 0;

describe('product catalogue', () => {
  it('creates a product with trimmed, upper-cased name and type and records the activity', async () => {
    const res = await t.owner.api.post('/product', newProduct({ product: "  tito's handmade  ", upc: '619947000013' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      product: "TITO'S HANDMADE",
      product_type: 'LIQUOR',
      product_size: '750ML',
      product_price: 18.99,
      last_purchase_price: 14.25,
      upc: '619947000013',
      archived: false,
      effective_date: today,
    });
    const acts = await db()
      .select()
      .from(activities)
      .where(and(eq(activities.company_id, t.owner.companyId), eq(activities.module, 'PRODUCT')));
    expect(acts.map((x) => x.type)).toContain('CREATE');
    const type = await t.owner.api.post('/product', newProduct({ product_type: 'w' }));
    expect(type.body.product_type).toBe('WINE');
  });

  it('refuses bad input with the rule message and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ product: '' }, 'Product name is required'],
      [{ product_type: '' }, 'Product type is required'],
      [{ product_type: 'CIDER' }, 'Product type must be one of LIQUOR, WINE, BEER or N/A'],
      [{ product_size: ' ' }, 'Product size is required'],
      [{ product_price: '0' }, 'Unit price is required and must be at least 0.01'],
      [{ product_price: undefined }, 'Unit price is required and must be at least 0.01'],
      [{ last_purchase_price: '-0.01' }, 'Last purchase price must be at least 0'],
      [{ effective_date: addDays(today, -1) }, 'Price effective date must be today or later'],
    ];
    for (const [patch, message] of cases) {
      const name = `bad ${++seq}`;
      const res = await t.owner.api.post('/product', newProduct({ product: name, ...patch }));
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toBe(message);
      const rows = await db().select().from(products).where(eq(products.product, name.toUpperCase()));
      expect(rows).toHaveLength(0);
    }
  });

  it("answers a duplicate name and size with 'already exists', other companies may use it", async () => {
    await t.owner.api.post('/product', newProduct({ product: 'Shiner Bock', product_size: '12oz' }));
    const dup = await t.owner.api.post('/product', newProduct({ product: 'shiner bock ', product_size: '12OZ' }));
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('already exists');
    const other = await t.other.api.post('/product', newProduct({ product: 'shiner bock', product_size: '12oz' }));
    expect(other.status).toBe(200);
    // renaming onto an existing name is refused too
    const p = await t.owner.api.post('/product', newProduct());
    const rename = await t.owner.api.put(`/product/${p.body.id}`, { product: 'SHINER BOCK', product_size: '12OZ' });
    expect(rename.status).toBe(400);
    expect(rename.body.message).toContain('already exists');
  });

  it('lists the grid by units sold, hides archived products, and archives with a PUT', async () => {
    const c = await signUpCompany(t.ctx);
    const low = await c.api.post('/product', newProduct());
    const high = await c.api.post('/product', newProduct());
    await db().update(products).set({ units_sold: 50 }).where(eq(products.id, high.body.id));
    let grid = await c.api.get('/product/grid', { startRow: 0, endRow: 25 });
    expect(grid.body.rows.map((r: any) => r.id)).toEqual([high.body.id, low.body.id]);
    expect(grid.body.count).toBe(2);

    const arch = await c.api.put(`/product/${low.body.id}`, { ...low.body, archived: true });
    expect(arch.status).toBe(200);
    expect(arch.body.archived).toBe(true);
    grid = await c.api.get('/product/grid', { startRow: 0, endRow: 25 });
    expect(grid.body.rows.map((r: any) => r.id)).toEqual([high.body.id]);
    const archived = await c.api.get('/product/grid', {
      startRow: 0,
      endRow: 25,
      filterModel: { archived: { filterType: 'number', type: 'equals', filter: 1 } },
    });
    expect(archived.body.rows.map((r: any) => r.id)).toEqual([low.body.id]);
    // the web passes archived as a plain parameter (it is not a grid column)
    const param = await c.api.get('/product/grid', { startRow: 0, endRow: 25, archived: '1' });
    expect(param.body).toMatchObject({
      count: 1,
      rows: [expect.objectContaining({ id: low.body.id, archived: true })],
    });
    const activity = await c.api.get('/user/user-activity/grid', { startRow: 0, endRow: 50 });
    expect(activity.body.rows).toContainEqual(
      expect.objectContaining({
        module: 'PRODUCT',
        type: 'UPDATE',
        info: expect.objectContaining({ productId: low.body.id, archived: true, name: `${low.body.product} 750ML` }),
      }),
    );
    const byName = await c.api.get('/product/grid', {
      filterModel: { product: { filterType: 'text', type: 'equals', filter: high.body.product.toLowerCase() } },
    });
    expect(byName.body.rows.map((r: any) => r.id)).toEqual([high.body.id]);
    const restore = await c.api.put(`/product/${low.body.id}`, { archived: false });
    expect(restore.body.archived).toBe(false);
    expect((await c.api.get('/product')).body.rows).toHaveLength(2);
    const bad = await c.api.get('/product/grid', { sortModel: [{ colId: 'password', sort: 'asc' }] });
    expect(bad.status).toBe(400);
  });

  it('shows a product with its invoice history and inventory history when inventory is on', async () => {
    const p = await t.owner.api.post('/product', newProduct());
    const cust = await makeCustomer(t.ctx, t.owner.companyId, { name: 'History Bar' });
    const fresh = await t.owner.api.get(`/product/${p.body.id}`);
    expect(fresh.body.invoices).toEqual([]);
    expect(fresh.body.priceChanges).toEqual([]);
    expect(fresh.body.inventory).toBeNull();
    const inv = await addInvoice(t.ctx, t.owner.companyId, cust.id, today, [
      { productId: p.body.id, qty: 3, price: '17.50' },
    ]);
    const [stock] = await db()
      .insert(inventory)
      .values({ company_id: t.owner.companyId, product_id: p.body.id, qty: 9 })
      .returning();
    await db().insert(inventoryHistory).values({
      company_id: t.owner.companyId,
      inventory_id: stock.id,
      product_id: p.body.id,
      qty: -3,
      source: 'invoice',
      invoice_id: inv.id,
    });
    let res = await t.owner.api.get(`/product/${p.body.id}`);
    expect(res.body.invoices).toEqual([
      expect.objectContaining({
        invoice_id: inv.id,
        number: inv.number,
        customer_name: 'History Bar',
        qty: 3,
        price: 17.5,
        total: 52.5,
      }),
    ]);
    expect(res.body.invoice_count).toBe(1);
    expect(res.body.stock).toBe(9);
    expect(res.body.inventory).toBeNull(); // inventory feature off
    await activateFeature(t.ctx, t.owner.companyId, 'inventory');
    res = await t.owner.api.get(`/product/${p.body.id}`);
    expect(res.body.inventory).toMatchObject({
      qty: 9,
      inventoryHistory: [expect.objectContaining({ qty: -3, invoice: inv.number })],
    });
    await activateFeature(t.ctx, t.owner.companyId, 'inventory', false);
  });

  it('deletes only products never invoiced, and never with Bottle POS active', async () => {
    const used = await t.owner.api.post('/product', newProduct());
    const cust = await makeCustomer(t.ctx, t.owner.companyId);
    await addInvoice(t.ctx, t.owner.companyId, cust.id, today, [{ productId: used.body.id, qty: 1, price: '10' }]);
    const refused = await t.owner.api.del(`/product/${used.body.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This product has been invoiced and cannot be deleted; archive it instead');
    expect((await t.owner.api.get(`/product/${used.body.id}`)).status).toBe(200);

    const c = await signUpCompany(t.ctx);
    const free = await c.api.post('/product', newProduct());
    await activateFeature(t.ctx, c.companyId, 'bottle_pos');
    const pos = await c.api.del(`/product/${free.body.id}`);
    expect(pos.status).toBe(400);
    expect(pos.body.message).toBe('Products cannot be deleted while Bottle POS is active');
    await activateFeature(t.ctx, c.companyId, 'bottle_pos', false);
    const ok = await c.api.del(`/product/${free.body.id}`);
    expect(ok.status).toBe(200);
    expect((await c.api.get(`/product/${free.body.id}`)).status).toBe(404);
  });

  it('with Bottle POS or Clover active blocks creation and synced fields; pricing per canEditPricing', async () => {
    const c = await signUpCompany(t.ctx);
    const p = await c.api.post('/product', newProduct());
    await activateFeature(t.ctx, c.companyId, 'clover');
    const create = await c.api.post('/product', newProduct());
    expect(create.status).toBe(400);
    expect(create.body.message).toBe('Products are synchronised from Clover; create new products in Clover');
    const rename = await c.api.put(`/product/${p.body.id}`, { product: 'NEW NAME' });
    expect(rename.status).toBe(400);
    expect(rename.body.message).toContain('synchronised from Clover');
    const price = await c.api.put(`/product/${p.body.id}`, { product_price: 25 });
    expect(price.status).toBe(400);
    expect(price.body.message).toBe('Prices are synchronised from Clover and cannot be edited here');
    const reorder = await c.api.put(`/product/${p.body.id}`, { reorder_level: 4 });
    expect(reorder.status).toBe(200);
    expect(reorder.body.reorder_level).toBe(4);
    await db()
      .update(companyFeatures)
      .set({ ignore_pricing: true })
      .where(and(eq(companyFeatures.company_id, c.companyId), eq(companyFeatures.name, 'clover')));
    const priced = await c.api.put(`/product/${p.body.id}`, { product_price: 25 });
    expect(priced.status).toBe(200);
    expect(priced.body.product_price).toBe(25);
  });

  it("keeps each company's products to itself (404)", async () => {
    const p = await t.owner.api.post('/product', newProduct());
    expect((await t.other.api.get(`/product/${p.body.id}`)).status).toBe(404);
    expect((await t.other.api.put(`/product/${p.body.id}`, { product_price: 1 })).status).toBe(404);
    expect((await t.other.api.del(`/product/${p.body.id}`)).status).toBe(404);
    const grid = await t.other.api.get('/product/grid', {});
    expect(grid.body.rows.map((r: any) => r.id)).not.toContain(p.body.id);
    expect((await t.other.api.get('/product')).body.rows.map((r: any) => r.id)).not.toContain(p.body.id);
    const sug = await t.other.api.get('/product/suggestions', { query: p.body.product });
    expect(sug.body.suggestions).toEqual([]);
    const cust = await makeCustomer(t.ctx, t.owner.companyId);
    expect(
      (await t.other.api.get('/product/suggestions', { query: 'vodka', customerId: String(cust.id) })).status,
    ).toBe(404);
    expect((await t.other.api.get('/product/recommendation', { customerId: String(cust.id) })).status).toBe(404);
    expect((await t.other.api.put(`/product/${p.body.id}`, {})).status).toBe(404);
    const other = await t.other.api.post('/product', newProduct());
    expect((await t.owner.api.put(`/product/${other.body.id}`, { product_price: 5, customerId: cust.id })).status).toBe(
      404,
    );
    const cross = await t.other.api.put(`/product/${other.body.id}`, { product_price: 5, customerId: cust.id });
    expect(cross.status).toBe(404);
  });
});
