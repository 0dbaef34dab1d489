import { addDays, todayInTexas } from '@dbo/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activateFeature,
  createTestApp,
  signUpCompany,
  type SignedUp,
  type TestContext,
} from '../../../test/helpers.js';
import { activities } from '../activity/activity.tables.js';
import { companyFeatures } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { inventory, inventoryHistory } from '../inventory/inventory.tables.js';
import { invoiceItems, invoices } from '../invoices/invoices.tables.js';
import { priceChanges, products } from './products.tables.js';

let ctx: TestContext;
let a: SignedUp;
let b: SignedUp;
const today = todayInTexas();

beforeAll(async () => {
  ctx = await createTestApp();
  a = await signUpCompany(ctx, 'Ann Products');
  b = await signUpCompany(ctx, 'Bob Other');
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
let seq = 0;
const newProduct = (patch: Record<string, unknown> = {}) => ({
  product: `test vodka ${++seq}`,
  product_type: 'liquor',
  product_size: '750ml',
  product_price: '18.99',
  last_purchase_price: '14.25',
  ...patch,
});

async function addCustomer(companyId: number, name = 'Bar') {
  const [c] = await db()
    .insert(customers)
    .values({ company_id: companyId, name, address: '1 Main', city: 'Austin', zip: '78701', tabc_id: `MB${++seq}` })
    .returning();
  return c;
}

async function addInvoice(
  companyId: number,
  customerId: number,
  invoicedAt: string,
  items: { productId: number; qty: number; price: string }[],
  status = 'invoiced',
) {
  const [inv] = await db()
    .insert(invoices)
    .values({ company_id: companyId, number: ++seq, customer_id: customerId, invoiced_at: invoicedAt, status })
    .returning();
  for (const [i, it] of items.entries()) {
    await db()
      .insert(invoiceItems)
      .values({
        company_id: companyId,
        invoice_id: inv.id,
        product_id: it.productId,
        product_name: 'X',
        product_type: 'LIQUOR',
        qty: it.qty,
        price: it.price,
        total: (it.qty * Number(it.price)).toFixed(2),
        position: i,
      });
  }
  return inv;
}

describe('product catalogue', () => {
  it('creates a product with trimmed, upper-cased name and type and records the activity', async () => {
    const res = await a.api.post('/product', newProduct({ product: "  tito's handmade  ", upc: '619947000013' }));
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
      .where(and(eq(activities.company_id, a.companyId), eq(activities.module, 'PRODUCT')));
    expect(acts.map((x) => x.type)).toContain('CREATE');
    const type = await a.api.post('/product', newProduct({ product_type: 'w' }));
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
      const res = await a.api.post('/product', newProduct({ product: name, ...patch }));
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toBe(message);
      const rows = await db().select().from(products).where(eq(products.product, name.toUpperCase()));
      expect(rows).toHaveLength(0);
    }
  });

  it("answers a duplicate name and size with 'already exists', other companies may use it", async () => {
    await a.api.post('/product', newProduct({ product: 'Shiner Bock', product_size: '12oz' }));
    const dup = await a.api.post('/product', newProduct({ product: 'shiner bock ', product_size: '12OZ' }));
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('already exists');
    const other = await b.api.post('/product', newProduct({ product: 'shiner bock', product_size: '12oz' }));
    expect(other.status).toBe(200);
    // renaming onto an existing name is refused too
    const p = await a.api.post('/product', newProduct());
    const rename = await a.api.put(`/product/${p.body.id}`, { product: 'SHINER BOCK', product_size: '12OZ' });
    expect(rename.status).toBe(400);
    expect(rename.body.message).toContain('already exists');
  });

  it('lists the grid by units sold, hides archived products, and archives with a PUT', async () => {
    const c = await signUpCompany(ctx);
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
    const p = await a.api.post('/product', newProduct());
    const cust = await addCustomer(a.companyId, 'History Bar');
    const fresh = await a.api.get(`/product/${p.body.id}`);
    expect(fresh.body.invoices).toEqual([]);
    expect(fresh.body.priceChanges).toEqual([]);
    expect(fresh.body.inventory).toBeNull();
    const inv = await addInvoice(a.companyId, cust.id, today, [{ productId: p.body.id, qty: 3, price: '17.50' }]);
    const [stock] = await db()
      .insert(inventory)
      .values({ company_id: a.companyId, product_id: p.body.id, qty: 9 })
      .returning();
    await db().insert(inventoryHistory).values({
      company_id: a.companyId,
      inventory_id: stock.id,
      product_id: p.body.id,
      qty: -3,
      source: 'invoice',
      invoice_id: inv.id,
    });
    let res = await a.api.get(`/product/${p.body.id}`);
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
    await activateFeature(ctx, a.companyId, 'inventory');
    res = await a.api.get(`/product/${p.body.id}`);
    expect(res.body.inventory).toMatchObject({
      qty: 9,
      inventoryHistory: [expect.objectContaining({ qty: -3, invoice: inv.number })],
    });
    await activateFeature(ctx, a.companyId, 'inventory', false);
  });

  it('deletes only products never invoiced, and never with Bottle POS active', async () => {
    const used = await a.api.post('/product', newProduct());
    const cust = await addCustomer(a.companyId);
    await addInvoice(a.companyId, cust.id, today, [{ productId: used.body.id, qty: 1, price: '10' }]);
    const refused = await a.api.del(`/product/${used.body.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This product has been invoiced and cannot be deleted; archive it instead');
    expect((await a.api.get(`/product/${used.body.id}`)).status).toBe(200);

    const c = await signUpCompany(ctx);
    const free = await c.api.post('/product', newProduct());
    await activateFeature(ctx, c.companyId, 'bottle_pos');
    const pos = await c.api.del(`/product/${free.body.id}`);
    expect(pos.status).toBe(400);
    expect(pos.body.message).toBe('Products cannot be deleted while Bottle POS is active');
    await activateFeature(ctx, c.companyId, 'bottle_pos', false);
    const ok = await c.api.del(`/product/${free.body.id}`);
    expect(ok.status).toBe(200);
    expect((await c.api.get(`/product/${free.body.id}`)).status).toBe(404);
  });

  it('with Bottle POS or Clover active blocks creation and synced fields; pricing per canEditPricing', async () => {
    const c = await signUpCompany(ctx);
    const p = await c.api.post('/product', newProduct());
    await activateFeature(ctx, c.companyId, 'clover');
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
    const p = await a.api.post('/product', newProduct());
    expect((await b.api.get(`/product/${p.body.id}`)).status).toBe(404);
    expect((await b.api.put(`/product/${p.body.id}`, { product_price: 1 })).status).toBe(404);
    expect((await b.api.del(`/product/${p.body.id}`)).status).toBe(404);
    const grid = await b.api.get('/product/grid', {});
    expect(grid.body.rows.map((r: any) => r.id)).not.toContain(p.body.id);
    expect((await b.api.get('/product')).body.rows.map((r: any) => r.id)).not.toContain(p.body.id);
    const sug = await b.api.get('/product/suggestions', { query: p.body.product });
    expect(sug.body.suggestions).toEqual([]);
    const cust = await addCustomer(a.companyId);
    expect((await b.api.get('/product/suggestions', { query: 'vodka', customerId: String(cust.id) })).status).toBe(404);
    expect((await b.api.get('/product/recommendation', { customerId: String(cust.id) })).status).toBe(404);
    expect((await b.api.put(`/product/${p.body.id}`, {})).status).toBe(404);
    const other = await b.api.post('/product', newProduct());
    expect((await a.api.put(`/product/${other.body.id}`, { product_price: 5, customerId: cust.id })).status).toBe(404);
    const cross = await b.api.put(`/product/${other.body.id}`, { product_price: 5, customerId: cust.id });
    expect(cross.status).toBe(404);
  });
});

describe('price changes', () => {
  it('applies a change effective today at once and records old and new price', async () => {
    const p = await a.api.post('/product', newProduct({ product_price: '20.00' }));
    const res = await a.api.put(`/product/${p.body.id}`, { ...p.body, product_price: '22.5' });
    expect(res.status).toBe(200);
    expect(res.body.product_price).toBe(22.5);
    expect(res.body.priceChanges).toEqual([
      expect.objectContaining({ old_price: 20, new_price: 22.5, effective_date: today, customer_id: null }),
    ]);
    // an unchanged price records nothing
    const same = await a.api.put(`/product/${p.body.id}`, { ...res.body, product_price: 22.5 });
    expect(same.body.priceChanges).toHaveLength(1);
  });

  it('schedules a future change: the price stays until the date comes, then applies', async () => {
    const p = await a.api.post('/product', newProduct({ product_price: '20.00' }));
    const future = addDays(today, 5);
    const res = await a.api.put(`/product/${p.body.id}`, { product_price: 30, effective_date: future });
    expect(res.status).toBe(200);
    expect(res.body.product_price).toBe(20);
    expect(res.body.priceChanges[0]).toMatchObject({ old_price: 20, new_price: 30, effective_date: future });
    const sug = await a.api.get('/product/suggestions', { query: p.body.product });
    expect(sug.body.suggestions[0].price).toBe(20);
    // the day arrives
    await db().update(priceChanges).set({ effective_date: today }).where(eq(priceChanges.product_id, p.body.id));
    const after = await a.api.get(`/product/${p.body.id}`);
    expect(after.body.product_price).toBe(30);
    const [row] = await db().select().from(priceChanges).where(eq(priceChanges.product_id, p.body.id));
    expect(row.applied).toBe(true);
  });

  it('refuses a past effective date and changes nothing', async () => {
    const p = await a.api.post('/product', newProduct({ product_price: '20.00' }));
    const res = await a.api.put(`/product/${p.body.id}`, { product_price: 25, effective_date: addDays(today, -1) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Price effective date must be today or later');
    const after = await a.api.get(`/product/${p.body.id}`);
    expect(after.body.product_price).toBe(20);
    expect(after.body.priceChanges).toEqual([]);
    const low = await a.api.put(`/product/${p.body.id}`, { product_price: 0 });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe('Unit price is required and must be at least 0.01');
  });

  it('scopes a change to one customer; the others keep the general price', async () => {
    const p = await a.api.post('/product', newProduct({ product_price: '20.00' }));
    const vip = await addCustomer(a.companyId, 'VIP');
    const other = await addCustomer(a.companyId, 'Other');
    const res = await a.api.put(`/product/${p.body.id}`, { product_price: 17.25, customerId: vip.id });
    expect(res.status).toBe(200);
    expect(res.body.product_price).toBe(20);
    expect(res.body.priceChanges[0]).toMatchObject({
      customer_id: vip.id,
      customer_name: 'VIP',
      old_price: 20,
      new_price: 17.25,
    });
    const forVip = await a.api.get('/product/suggestions', { query: p.body.product, customerId: String(vip.id) });
    expect(forVip.body.suggestions[0]).toMatchObject({ id: p.body.id, price: 17.25, product_price: 20 });
    const forOther = await a.api.get('/product/suggestions', { query: p.body.product, customerId: String(other.id) });
    expect(forOther.body.suggestions[0].price).toBe(20);
  });

  it("without tiers the customer's last invoice price applies when it is the latest", async () => {
    const p = await a.api.post('/product', newProduct({ product_price: '20.00' }));
    const cust = await addCustomer(a.companyId);
    await addInvoice(a.companyId, cust.id, addDays(today, -3), [{ productId: p.body.id, qty: 2, price: '18.40' }]);
    await addInvoice(
      a.companyId,
      cust.id,
      addDays(today, -1),
      [{ productId: p.body.id, qty: 1, price: '99.00' }],
      'cancelled',
    );
    const q = { query: p.body.product, customerId: String(cust.id) };
    expect((await a.api.get('/product/suggestions', q)).body.suggestions[0].price).toBe(18.4);
    await a.api.put(`/product/${p.body.id}`, { product_price: 21 });
    expect((await a.api.get('/product/suggestions', q)).body.suggestions[0].price).toBe(21);
    const list = await a.api.get('/product', { customerId: String(cust.id) });
    expect(list.body.rows.find((r: any) => r.id === p.body.id).price).toBe(21);
  });
});

describe('price tiers', () => {
  it('creates the base tier on first use, creates tiers with defaults, and prices by tier', async () => {
    const c = await signUpCompany(ctx);
    await activateFeature(ctx, c.companyId, 'tiered_pricing');
    const list = await c.api.get('/product/price-tier');
    expect(list.body).toEqual([
      expect.objectContaining({ name: 'Base', percentage: 0, is_base_tier: true, customer_count: 0 }),
    ]);
    const t1 = await c.api.post('/product/price-tier', {});
    expect(t1.status).toBe(200);
    expect(t1.body).toMatchObject({ name: 'Tier 1', percentage: 10, color: 'blue', is_base_tier: false });
    const t2 = await c.api.post('/product/price-tier', { name: 'Gold', percentage: 7.5, color: 'gold' });
    const p = await c.api.post('/product', newProduct({ product_price: '18.99' }));
    const cust = await addCustomer(c.companyId);
    await db().update(customers).set({ product_price_tier_id: t2.body.id }).where(eq(customers.id, cust.id));
    await addInvoice(c.companyId, cust.id, today, [{ productId: p.body.id, qty: 1, price: '1.00' }]);
    const sug = await c.api.get('/product/suggestions', { query: p.body.product, customerId: String(cust.id) });
    expect(sug.body.suggestions[0].price).toBe(20.41); // 18.99 + 7.5 %, the last invoice does not count with tiers
    const plain = await addCustomer(c.companyId);
    const base = await c.api.get('/product/suggestions', { query: p.body.product, customerId: String(plain.id) });
    expect(base.body.suggestions[0].price).toBe(18.99);
    const counts = await c.api.get('/product/price-tier/count-customer');
    expect(counts.body).toEqual([
      { price_tier_id: list.body[0].id, name: 'Base', count: 1 },
      { price_tier_id: t1.body.id, name: 'Tier 1', count: 0 },
      { price_tier_id: t2.body.id, name: 'Gold', count: 1 },
    ]);
  });

  it('refuses green, a bad percentage and edits of the base tier', async () => {
    const c = await signUpCompany(ctx);
    const green = await c.api.post('/product/price-tier', { name: 'G', color: 'green' });
    expect(green.status).toBe(400);
    expect(green.body.message).toBe('Green cannot be used as a tier color');
    const pct = await c.api.post('/product/price-tier', { name: 'P', percentage: 'lots' });
    expect(pct.body.message).toBe('Percentage must be a number between -100 and 1000 with at most 2 decimals');
    expect((await c.api.get('/product/price-tier')).body).toHaveLength(1);
    const [base] = (await c.api.get('/product/price-tier')).body;
    const edit = await c.api.put(`/product/price-tier/${base.id}`, { name: 'X' });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('The base tier cannot be edited');
    const del = await c.api.del(`/product/price-tier/${base.id}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe('The base tier cannot be removed');
    const t = await c.api.post('/product/price-tier', { name: 'Silver', percentage: 5, color: 'cyan' });
    const upd = await c.api.put(`/product/price-tier/${t.body.id}`, { percentage: 12.5, color: 'purple' });
    expect(upd.body).toMatchObject({ name: 'Silver', percentage: 12.5, color: 'purple' });
    const toGreen = await c.api.put(`/product/price-tier/${t.body.id}`, { color: 'green' });
    expect(toGreen.status).toBe(400);
    const dup = await c.api.post('/product/price-tier', { name: 'silver' });
    expect(dup.body.message).toContain('already exists');
  });

  it('removes a tier moving its customers to the chosen tier, or to the base tier', async () => {
    const c = await signUpCompany(ctx);
    const [base] = (await c.api.get('/product/price-tier')).body;
    const t1 = await c.api.post('/product/price-tier', { name: 'One', percentage: 5 });
    const t2 = await c.api.post('/product/price-tier', { name: 'Two', percentage: 15 });
    const x = await addCustomer(c.companyId);
    const y = await addCustomer(c.companyId);
    await db().update(customers).set({ product_price_tier_id: t1.body.id }).where(eq(customers.id, x.id));
    await db().update(customers).set({ product_price_tier_id: t2.body.id }).where(eq(customers.id, y.id));

    const self = await c.api.del(`/product/price-tier/${t1.body.id}`, { migrating_price_tier_id: t1.body.id });
    expect(self.status).toBe(400);
    const res = await c.api.del(`/product/price-tier/${t1.body.id}`, { migrating_price_tier_id: t2.body.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ migrating_price_tier_id: t2.body.id, migrated_customers: 1 });
    const [cx] = await db().select().from(customers).where(eq(customers.id, x.id));
    expect(cx.product_price_tier_id).toBe(t2.body.id);

    const toBase = await c.api.del(`/product/price-tier/${t2.body.id}`);
    expect(toBase.body.migrated_customers).toBe(2);
    const moved = await db().select().from(customers).where(eq(customers.company_id, c.companyId));
    expect(moved.map((m) => m.product_price_tier_id)).toEqual([base.id, base.id]);
    expect((await c.api.get('/product/price-tier')).body.map((t: any) => t.name)).toEqual(['Base']);
  });

  it("keeps each company's tiers to itself (404)", async () => {
    const t = await a.api.post('/product/price-tier', { name: `Mine ${++seq}` });
    expect((await b.api.put(`/product/price-tier/${t.body.id}`, { name: 'Theirs' })).status).toBe(404);
    expect((await b.api.del(`/product/price-tier/${t.body.id}`)).status).toBe(404);
    const bt = await b.api.post('/product/price-tier', { name: `B ${++seq}` });
    const cross = await b.api.del(`/product/price-tier/${bt.body.id}`, { migrating_price_tier_id: t.body.id });
    expect(cross.status).toBe(404);
    expect((await b.api.get('/product/price-tier')).body.map((x: any) => x.id)).not.toContain(t.body.id);
  });
});

describe('search', () => {
  it('starts at 3 characters, finds by word prefix, and looks up a UPC scan', async () => {
    const c = await signUpCompany(ctx);
    const tito = await c.api.post(
      '/product',
      newProduct({ product: "Tito's Handmade Vodka", upc: '619947000013', internal_sku: 'LS-1' }),
    );
    await c.api.post('/product', newProduct({ product: 'Deep Eddy Ruby Red Vodka', distributor: 'Republic' }));
    const two = await c.api.get('/product/suggestions', { query: 'ti' });
    expect(two.body.suggestions).toEqual([]);
    const prefix = await c.api.get('/product/suggestions', { query: 'tit' });
    expect(prefix.body.suggestions.map((s: any) => s.id)).toEqual([tito.body.id]);
    const word = await c.api.get('/product/suggestions', { query: 'vodka' });
    expect(word.body.suggestions).toHaveLength(2);
    const words = await c.api.get('/product/suggestions', { query: 'handm vod' });
    expect(words.body.suggestions.map((s: any) => s.product)).toEqual(["TITO'S HANDMADE VODKA"]);
    const upc = await c.api.get('/product/suggestions', { query: '619947000013' });
    expect(upc.body.suggestions).toEqual([
      {
        id: tito.body.id,
        product: "TITO'S HANDMADE VODKA",
        product_type: 'LIQUOR',
        product_size: '750ML',
        product_price: 18.99,
        last_purchase_price: 14.25,
        upc: '619947000013',
        internal_sku: 'LS-1',
        distributor: null,
        reorder_level: null,
        reorder_qty: null,
        ydk_product_id: null,
        price: 18.99,
        stock: null,
        scanned: true,
      },
    ]);
    const ean = await c.api.get('/product/suggestions', { query: '0619947000013' });
    expect(ean.body.suggestions.map((s: any) => s.id)).toEqual([tito.body.id]);
    const shortNumber = await c.api.get('/product/suggestions', { query: '61994' });
    expect(shortNumber.body.suggestions).toEqual([]);
    const excl = await c.api.get('/product/suggestions', { query: 'vodka', excludingProductIds: String(tito.body.id) });
    expect(excl.body.suggestions.map((s: any) => s.id)).not.toContain(tito.body.id);
    const dist = await c.api.get('/product/suggestions', { query: 'vodka', distributor: 'republic' });
    expect(dist.body.suggestions.map((s: any) => s.product)).toEqual(['DEEP EDDY RUBY RED VODKA']);
    await c.api.put(`/product/${tito.body.id}`, { archived: true });
    expect((await c.api.get('/product/suggestions', { query: 'tito' })).body.suggestions).toEqual([]);
  });

  it('recommends what the customer buys most and has not been invoiced for lately', async () => {
    const c = await signUpCompany(ctx);
    const often = await c.api.post('/product', newProduct());
    const recent = await c.api.post('/product', newProduct());
    const some = await c.api.post('/product', newProduct());
    const cust = await addCustomer(c.companyId);
    await addInvoice(c.companyId, cust.id, addDays(today, -60), [
      { productId: often.body.id, qty: 10, price: '18' },
      { productId: some.body.id, qty: 2, price: '18' },
      { productId: recent.body.id, qty: 50, price: '18' },
    ]);
    await addInvoice(c.companyId, cust.id, addDays(today, -30), [{ productId: often.body.id, qty: 5, price: '18' }]);
    await addInvoice(c.companyId, cust.id, addDays(today, -2), [{ productId: recent.body.id, qty: 1, price: '18' }]);
    const res = await c.api.get('/product/recommendation', { customerId: String(cust.id) });
    expect(res.status).toBe(200);
    expect(res.body.recommendation.map((r: any) => [r.id, r.total_qty])).toEqual([
      [often.body.id, 15],
      [some.body.id, 2],
    ]);
    expect(res.body.recommendation[0].price).toBe(18);
  });

  it('uses the indexes on a large catalogue', async () => {
    const c = await signUpCompany(ctx);
    await db().execute(
      // 5,000 rows are enough for the planner to prefer the indexes
      `insert into products (company_id, product, product_type, product_size, product_price, upc)
       select ${c.companyId}, 'PRODUCT ' || g || ' ' || md5(g::text), 'LIQUOR', '750ML', 10, (100000000000 + g)::text
       from generate_series(1, 5000) g` as any,
    );
    await db().execute('analyze products' as any);
    const explain = async (sqlText: string) =>
      JSON.stringify(((await db().execute(`explain ${sqlText}` as any)) as any).rows ?? []);
    const upcPlan = await explain(
      `select id from products where company_id = ${c.companyId} and upc in ('100000004321')`,
    );
    expect(upcPlan).toContain('products_company_upc_idx');
    const wordPlan = await explain(
      `select id from products where company_id = ${c.companyId} and to_tsvector('simple', product) @@ to_tsquery('simple', 'abc:*')`,
    );
    expect(wordPlan).toContain('products_search_idx');
    const hit = await c.api.get('/product/suggestions', { query: '100000004321' });
    expect(hit.body.suggestions.map((s: any) => s.upc)).toEqual(['100000004321']);
  });
});
