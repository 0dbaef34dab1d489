/** Product prices: scheduled and per-customer changes, price tiers, search and recommendations. */
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activateFeature, useAppWithTwoCompanies, signUpCompany } from '../../../test/helpers.js';
import { customers } from '../customers/customers.tables.js';
import { priceChanges } from './products.tables.js';
import { makeCustomer } from '../../../test/factories.js';
import { addInvoice, newProduct } from '../../../test/product-fixtures.js';

const t = useAppWithTwoCompanies(['Ann Products', 'Bob Other']);
const today = todayInTexas();

const db = () => t.ctx.database.db;
let seq = 0;

describe('price changes', () => {
  it('applies a change effective today at once and records old and new price', async () => {
    const p = await t.owner.api.post('/product', newProduct({ product_price: '20.00' }));
    const res = await t.owner.api.put(`/product/${p.body.id}`, { ...p.body, product_price: '22.5' });
    expect(res.status).toBe(200);
    expect(res.body.product_price).toBe(22.5);
    expect(res.body.priceChanges).toEqual([
      expect.objectContaining({ old_price: 20, new_price: 22.5, effective_date: today, customer_id: null }),
    ]);
    // an unchanged price records nothing
    const same = await t.owner.api.put(`/product/${p.body.id}`, { ...res.body, product_price: 22.5 });
    expect(same.body.priceChanges).toHaveLength(1);
  });

  it('schedules a future change: the price stays until the date comes, then applies', async () => {
    const p = await t.owner.api.post('/product', newProduct({ product_price: '20.00' }));
    const future = addDays(today, 5);
    const res = await t.owner.api.put(`/product/${p.body.id}`, { product_price: 30, effective_date: future });
    expect(res.status).toBe(200);
    expect(res.body.product_price).toBe(20);
    expect(res.body.priceChanges[0]).toMatchObject({ old_price: 20, new_price: 30, effective_date: future });
    const sug = await t.owner.api.get('/product/suggestions', { query: p.body.product });
    expect(sug.body.suggestions[0].price).toBe(20);
    // the day arrives
    await db().update(priceChanges).set({ effective_date: today }).where(eq(priceChanges.product_id, p.body.id));
    const after = await t.owner.api.get(`/product/${p.body.id}`);
    expect(after.body.product_price).toBe(30);
    const [row] = await db().select().from(priceChanges).where(eq(priceChanges.product_id, p.body.id));
    expect(row.applied).toBe(true);
  });

  it('refuses a past effective date and changes nothing', async () => {
    const p = await t.owner.api.post('/product', newProduct({ product_price: '20.00' }));
    const res = await t.owner.api.put(`/product/${p.body.id}`, {
      product_price: 25,
      effective_date: addDays(today, -1),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Price effective date must be today or later');
    const after = await t.owner.api.get(`/product/${p.body.id}`);
    expect(after.body.product_price).toBe(20);
    expect(after.body.priceChanges).toEqual([]);
    const low = await t.owner.api.put(`/product/${p.body.id}`, { product_price: 0 });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe('Unit price is required and must be at least 0.01');
  });

  it('scopes a change to one customer; the others keep the general price', async () => {
    const p = await t.owner.api.post('/product', newProduct({ product_price: '20.00' }));
    const vip = await makeCustomer(t.ctx, t.owner.companyId, { name: 'VIP' });
    const other = await makeCustomer(t.ctx, t.owner.companyId, { name: 'Other' });
    const res = await t.owner.api.put(`/product/${p.body.id}`, { product_price: 17.25, customerId: vip.id });
    expect(res.status).toBe(200);
    expect(res.body.product_price).toBe(20);
    expect(res.body.priceChanges[0]).toMatchObject({
      customer_id: vip.id,
      customer_name: 'VIP',
      old_price: 20,
      new_price: 17.25,
    });
    const forVip = await t.owner.api.get('/product/suggestions', { query: p.body.product, customerId: String(vip.id) });
    expect(forVip.body.suggestions[0]).toMatchObject({ id: p.body.id, price: 17.25, product_price: 20 });
    const forOther = await t.owner.api.get('/product/suggestions', {
      query: p.body.product,
      customerId: String(other.id),
    });
    expect(forOther.body.suggestions[0].price).toBe(20);
  });

  it("without tiers the customer's last invoice price applies when it is the latest", async () => {
    const p = await t.owner.api.post('/product', newProduct({ product_price: '20.00' }));
    const cust = await makeCustomer(t.ctx, t.owner.companyId);
    await addInvoice(t.ctx, t.owner.companyId, cust.id, addDays(today, -3), [
      { productId: p.body.id, qty: 2, price: '18.40' },
    ]);
    await addInvoice(
      t.ctx,
      t.owner.companyId,
      cust.id,
      addDays(today, -1),
      [{ productId: p.body.id, qty: 1, price: '99.00' }],
      'cancelled',
    );
    const q = { query: p.body.product, customerId: String(cust.id) };
    expect((await t.owner.api.get('/product/suggestions', q)).body.suggestions[0].price).toBe(18.4);
    await t.owner.api.put(`/product/${p.body.id}`, { product_price: 21 });
    expect((await t.owner.api.get('/product/suggestions', q)).body.suggestions[0].price).toBe(21);
    const list = await t.owner.api.get('/product', { customerId: String(cust.id) });
    expect(list.body.rows.find((r: any) => r.id === p.body.id).price).toBe(21);
  });
});

describe('price tiers', () => {
  it('creates the base tier on first use, creates tiers with defaults, and prices by tier', async () => {
    const c = await signUpCompany(t.ctx);
    await activateFeature(t.ctx, c.companyId, 'tiered_pricing');
    const list = await c.api.get('/product/price-tier');
    expect(list.body).toEqual([
      expect.objectContaining({ name: 'Base', percentage: 0, is_base_tier: true, customer_count: 0 }),
    ]);
    const t1 = await c.api.post('/product/price-tier', {});
    expect(t1.status).toBe(200);
    expect(t1.body).toMatchObject({ name: 'Tier 1', percentage: 10, color: 'blue', is_base_tier: false });
    const t2 = await c.api.post('/product/price-tier', { name: 'Gold', percentage: 7.5, color: 'gold' });
    const p = await c.api.post('/product', newProduct({ product_price: '18.99' }));
    const cust = await makeCustomer(t.ctx, c.companyId);
    await db().update(customers).set({ product_price_tier_id: t2.body.id }).where(eq(customers.id, cust.id));
    await addInvoice(t.ctx, c.companyId, cust.id, today, [{ productId: p.body.id, qty: 1, price: '1.00' }]);
    const sug = await c.api.get('/product/suggestions', { query: p.body.product, customerId: String(cust.id) });
    expect(sug.body.suggestions[0].price).toBe(20.41); // 18.99 + 7.5 %, the last invoice does not count with tiers
    const plain = await makeCustomer(t.ctx, c.companyId);
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
    const c = await signUpCompany(t.ctx);
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
    const tier = await c.api.post('/product/price-tier', { name: 'Silver', percentage: 5, color: 'cyan' });
    const upd = await c.api.put(`/product/price-tier/${tier.body.id}`, { percentage: 12.5, color: 'purple' });
    expect(upd.body).toMatchObject({ name: 'Silver', percentage: 12.5, color: 'purple' });
    const toGreen = await c.api.put(`/product/price-tier/${tier.body.id}`, { color: 'green' });
    expect(toGreen.status).toBe(400);
    const dup = await c.api.post('/product/price-tier', { name: 'silver' });
    expect(dup.body.message).toContain('already exists');
  });

  it('removes a tier moving its customers to the chosen tier, or to the base tier', async () => {
    const c = await signUpCompany(t.ctx);
    const [base] = (await c.api.get('/product/price-tier')).body;
    const t1 = await c.api.post('/product/price-tier', { name: 'One', percentage: 5 });
    const t2 = await c.api.post('/product/price-tier', { name: 'Two', percentage: 15 });
    const x = await makeCustomer(t.ctx, c.companyId);
    const y = await makeCustomer(t.ctx, c.companyId);
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
    const tier = await t.owner.api.post('/product/price-tier', { name: `Mine ${++seq}` });
    expect((await t.other.api.put(`/product/price-tier/${tier.body.id}`, { name: 'Theirs' })).status).toBe(404);
    expect((await t.other.api.del(`/product/price-tier/${tier.body.id}`)).status).toBe(404);
    const bt = await t.other.api.post('/product/price-tier', { name: `B ${++seq}` });
    const cross = await t.other.api.del(`/product/price-tier/${bt.body.id}`, { migrating_price_tier_id: tier.body.id });
    expect(cross.status).toBe(404);
    expect((await t.other.api.get('/product/price-tier')).body.map((x: any) => x.id)).not.toContain(tier.body.id);
  });
});

describe('search', () => {
  it('starts at 3 characters, finds by word prefix, and looks up a UPC scan', async () => {
    const c = await signUpCompany(t.ctx);
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
    const c = await signUpCompany(t.ctx);
    const often = await c.api.post('/product', newProduct());
    const recent = await c.api.post('/product', newProduct());
    const some = await c.api.post('/product', newProduct());
    const cust = await makeCustomer(t.ctx, c.companyId);
    await addInvoice(t.ctx, c.companyId, cust.id, addDays(today, -60), [
      { productId: often.body.id, qty: 10, price: '18' },
      { productId: some.body.id, qty: 2, price: '18' },
      { productId: recent.body.id, qty: 50, price: '18' },
    ]);
    await addInvoice(t.ctx, c.companyId, cust.id, addDays(today, -30), [
      { productId: often.body.id, qty: 5, price: '18' },
    ]);
    await addInvoice(t.ctx, c.companyId, cust.id, addDays(today, -2), [
      { productId: recent.body.id, qty: 1, price: '18' },
    ]);
    const res = await c.api.get('/product/recommendation', { customerId: String(cust.id) });
    expect(res.status).toBe(200);
    expect(res.body.recommendation.map((r: any) => [r.id, r.total_qty])).toEqual([
      [often.body.id, 15],
      [some.body.id, 2],
    ]);
    expect(res.body.recommendation[0].price).toBe(18);
  });

  it('uses the indexes on a large catalogue', async () => {
    const c = await signUpCompany(t.ctx);
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
