/** Importing products and opening stock; limits, bad input and tenant isolation of imports. */
import { IMPORT_LIMITS } from '@dbo/domain/import';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeCustomer, makeProduct } from '../../../test/factories.js';
import { activateFeature, useTestApp, type SignedUp } from '../../../test/helpers.js';
import { customers } from '../customers/customers.tables.js';
import { inventory, inventoryHistory } from '../inventory/inventory.tables.js';
import { products } from '../products/products.tables.js';
import { failAbandonedJobs } from './import.runner.js';
import { importJobs } from './import.tables.js';
import { finished, runImport, upload } from '../../../test/import-fixtures.js';

const t = useTestApp();

describe('products', () => {
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await makeCompany(t.ctx);
  });

  it('imports a real XLSX: formula cells read as values, money exact to the cent; re-import unchanged', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Catalogue');
    ws.addRow(['Product Name', 'Type', 'Size', 'Price', 'Cost', 'UPC', 'Added']);
    ws.addRow([
      'Tito’s Handmade Vodka',
      'LIQUOR',
      '750ML',
      19.99,
      14.1,
      '619947000020',
      new Date(Date.UTC(2025, 10, 23)),
    ]);
    ws.addRow(['Shiner Bock', 'B', '12OZ', { formula: 'D2/2+0.1', result: 10.095 }, '$1,234.50', 71990300, null]);
    ws.addRow(['@Sneaky', 'W', '750ML', 0.1 + 0.2, 0, '', null]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());

    const preview = await upload(t.ctx, owner, '/import/products/preview', xlsx, {}, 'catalogue.xlsx');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.headers).toEqual(['Product Name', 'Type', 'Size', 'Price', 'Cost', 'UPC', 'Added']);
    expect(preview.body.counts).toEqual({ new: 3, updated: 0, unchanged: 0, invalid: 0 });

    const res = await upload(t.ctx, owner, '/import/products', xlsx, { on_error: 'abort' }, 'catalogue.xlsx');
    const job = await finished(owner, res.body.jobId);
    expect(job.status).toBe('done');
    const rows = await t.ctx.database.db.select().from(products).where(eq(products.company_id, owner.companyId));
    const byName = new Map(rows.map((r) => [r.product, r]));
    expect(byName.get('TITO’S HANDMADE VODKA')).toMatchObject({
      product_price: '19.99',
      last_purchase_price: '14.10',
      upc: '619947000020',
    });
    expect(byName.get('SHINER BOCK')).toMatchObject({
      product_type: 'BEER',
      product_price: '10.10',
      last_purchase_price: '1234.50',
      upc: '71990300',
    });
    expect(byName.get('@SNEAKY')).toMatchObject({ product_type: 'WINE', product_price: '0.30' });

    const again = await upload(t.ctx, owner, '/import/products', xlsx, {}, 'catalogue.xlsx');
    expect((await finished(owner, again.body.jobId)).counts).toEqual({ new: 0, updated: 0, unchanged: 3, invalid: 0 });
  });

  it('matches by UPC, else name and size; a changed price is an update', async () => {
    await makeProduct(t.ctx, owner.companyId, {
      product: 'OLD NAME',
      product_size: '1L',
      upc: '111222333444',
      product_price: '30.00',
    });
    const csv = [
      'product,type,size,price,upc',
      'New Name,LIQUOR,1L,31.5,111222333444',
      'Shiner Bock,BEER,12OZ,10.10,',
    ].join('\n');
    const preview = await upload(t.ctx, owner, '/import/products/preview', csv);
    expect(preview.body.counts).toEqual({ new: 0, updated: 1, unchanged: 1, invalid: 0 });
    await runImport(t.ctx, owner, 'products', csv);
    const [p] = await t.ctx.database.db
      .select()
      .from(products)
      .where(and(eq(products.company_id, owner.companyId), eq(products.upc, '111222333444')));
    expect(p).toMatchObject({ product: 'NEW NAME', product_price: '31.50' });
  });

  it('refuses a bad type and price with row numbers', async () => {
    const csv = ['product,type,size,price', 'A,GIN,750ML,10', 'B,WINE,750ML,0', 'C,WINE,750ML,abc'].join('\n');
    const res = await upload(t.ctx, owner, '/import/products/preview', csv);
    expect(res.body.errors.map((e: { row: number }) => e.row)).toEqual([2, 3, 4]);
    expect(res.body.errors[0].message).toBe('Product type must be one of LIQUOR, WINE, BEER or N/A');
    expect(res.body.errors[1].message).toContain('Unit price is required');
  });
});

describe('opening stock', () => {
  let owner: SignedUp;
  let upcProduct: { id: number };
  let namedProduct: { id: number };
  beforeAll(async () => {
    owner = await makeCompany(t.ctx);
    upcProduct = await makeProduct(t.ctx, owner.companyId, { product: 'STOCK A', upc: '900000000001' });
    namedProduct = await makeProduct(t.ctx, owner.companyId, { product: 'STOCK B', product_size: '1.75L' });
  });

  const CSV = ['UPC,Product,Size,Quantity', '900000000001,,,24', ',stock b,1.75l,6', '999,,,3'].join('\n');

  it('needs the inventory feature', async () => {
    const res = await upload(t.ctx, owner, '/import/stock/preview', CSV);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('The inventory feature is not active');
  });

  it('sets the qty with an import history row; a re-import changes nothing', async () => {
    await activateFeature(t.ctx, owner.companyId, 'inventory');
    const preview = await upload(t.ctx, owner, '/import/stock/preview', CSV);
    expect(preview.body.counts).toEqual({ new: 2, updated: 0, unchanged: 0, invalid: 1 });
    expect(preview.body.errors).toEqual([{ row: 4, message: expect.stringContaining('Product not found') }]);

    const job = await runImport(t.ctx, owner, 'stock', CSV, { on_error: 'skip' });
    expect(job).toMatchObject({ status: 'done', counts: { new: 2, invalid: 1 } });
    const items = await t.ctx.database.db.select().from(inventory).where(eq(inventory.company_id, owner.companyId));
    expect(new Map(items.map((i) => [i.product_id, i.qty]))).toEqual(
      new Map([
        [upcProduct.id, 24],
        [namedProduct.id, 6],
      ]),
    );
    const history = await t.ctx.database.db
      .select()
      .from(inventoryHistory)
      .where(eq(inventoryHistory.company_id, owner.companyId));
    expect(history.map((h) => [h.product_id, h.qty, h.source]).sort()).toEqual(
      [
        [upcProduct.id, 24, 'import'],
        [namedProduct.id, 6, 'import'],
      ].sort(),
    );
    const again = await runImport(t.ctx, owner, 'stock', CSV, { on_error: 'skip' });
    expect(again.counts).toEqual({ new: 0, updated: 0, unchanged: 2, invalid: 1 });
  });
});

describe('limits, input and isolation', () => {
  let owner: SignedUp;
  let other: SignedUp;
  beforeAll(async () => {
    owner = await makeCompany(t.ctx);
    other = await makeCompany(t.ctx);
  });

  it('refuses more than 50,000 rows and more than 20 MB with a clear 400', async () => {
    const header = 'product,type,size,price\n';
    const many = header + 'P,WINE,750ML,1\n'.repeat(IMPORT_LIMITS.maxRows + 1);
    const tooMany = await upload(t.ctx, owner, '/import/products/preview', many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('The file has more than 50,000 rows; split it into smaller files');

    const big = Buffer.alloc(IMPORT_LIMITS.maxBytes + 1024, 'a');
    const tooBig = await upload(t.ctx, owner, '/import/products/preview', big);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe('The file is larger than 20 MB');
  });

  it('answers 400 for no file, an empty file, a binary file, a bad kind or on_error', async () => {
    const none = await owner.api.post('/import/products/preview', {});
    expect(none.status).toBe(400);
    expect((await upload(t.ctx, owner, '/import/products/preview', 'product,type\n')).body.message).toBe(
      'The file has no rows under its header',
    );
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect((await upload(t.ctx, owner, '/import/products/preview', xls)).status).toBe(400);
    expect((await upload(t.ctx, owner, '/import/widgets/preview', 'a\n1')).status).toBe(400);
    expect(
      (await upload(t.ctx, owner, '/import/products', 'product,type,size,price\nA,WINE,1L,1', { on_error: 'maybe' }))
        .status,
    ).toBe(400);
    expect((await owner.api.get('/import/job/99999999999')).status).toBe(400);
  });

  it('keeps jobs, mappings and matches to the company', async () => {
    await makeCustomer(t.ctx, other.companyId, { name: 'Theirs', tabc_id: 'MB700001', zip: '78701' });
    const csv = ['Name,Address,City,Zip,TABC', 'Theirs,1 A St,Austin,78701,MB700001'].join('\n');
    const preview = await upload(t.ctx, owner, '/import/customers/preview', csv);
    // another company's customer with the same permit is not ours to update
    expect(preview.body.counts).toEqual({ new: 1, updated: 0, unchanged: 0, invalid: 0 });
    const job = await runImport(t.ctx, owner, 'customers', csv);
    expect((await other.api.get(`/import/job/${job.id}`)).status).toBe(404);
    expect((await other.api.get(`/import/job/${job.id}/rejects`)).status).toBe(404);
    expect((await other.api.get('/import/jobs')).body).toEqual([]);
    expect((await other.api.get('/import/mapping/customers')).body.mapping).toEqual({});
    const [theirs] = await t.ctx.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.company_id, other.companyId), eq(customers.tabc_id, 'MB700001')));
    expect(theirs.address).toBe('3201 S Lamar Blvd');
  });

  it('marks a job a stopped server left running as failed', async () => {
    const [job] = await t.ctx.database.db
      .insert(importJobs)
      .values({
        company_id: owner.companyId,
        kind: 'products',
        on_error: 'skip',
        total: 10,
        counts: { new: 0, updated: 0, unchanged: 0, invalid: 0 },
        updated_at: new Date(Date.now() - 3600_000),
      })
      .returning();
    await failAbandonedJobs(t.ctx.database.db);
    const res = await owner.api.get(`/import/job/${job.id}`);
    expect(res.body.status).toBe('failed');
    expect(res.body.message).toContain('The server stopped while this import ran');
  });
});
