import fs from 'node:fs';
import { FINTECH_COLUMNS, FINTECH_MSG } from '@dbo/domain/fintech';
import { describe, expect, it } from 'vitest';
import { line, makeCompany, makeCustomer, makeInvoice, makeProduct } from '../../../test/factories.js';
import { fintechCompany } from '../../../test/fintech-fixtures.js';
import { activateFeature, type SignedUp, useTestApp } from '../../../test/helpers.js';
import { postForm } from '../../../test/multipart.js';
import { SAMPLE_INVOICE_FILE } from './fintech.routes.js';

const t = useTestApp();

async function convert(who: SignedUp, file: Buffer | string, field = 'invoice') {
  return postForm(t.ctx, who, '/invoice/convert', [
    { name: field, value: file, filename: 'invoice.csv', type: 'text/csv' },
  ]);
}

const HEADER = FINTECH_COLUMNS.map((c) => `"${c}"`).join(',');

describe('fintech export', () => {
  it('writes one upper-cased, quoted line per item: EA, INV reference with B for beer, MM/DD/YYYY', async () => {
    const { owner, customer, invoice } = await fintechCompany(t.ctx, {
      customer: { name: 'Gruene Hall', tabc_id: 'MB100999' },
    });
    const beer = await makeProduct(t.ctx, owner.companyId, {
      product: 'Shiner Bock',
      product_type: 'BEER',
      product_size: '12oz',
      upc: '070505000247',
    });
    const beerInvoice = await makeInvoice(owner, {
      customerId: customer.id,
      invoiced_at: '2026-11-03',
      due_at: '2026-11-20',
      items: [line(beer.id, 3, '29.99', { taxable: false })],
    });
    const cancelled = await makeInvoice(owner, {
      customerId: customer.id,
      invoiced_at: '2026-11-04',
      status: 'cancelled',
      items: [line(beer.id, 1, '1.00')],
    });
    const res = await owner.api.get('/fintech/export', { sortModel: [{ colId: 'number', sort: 'asc' }] });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="fintech-invoices-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = String(res.body).trimEnd().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines.slice(1)).toEqual([
      `"RTL-9","GRUENE HALL","MB100999","DIST-77","INV${invoice.number}","11/02/2026","","089046000113","BECKER CABERNET","750ML","WINE","EA","2","18.99","37.98","${invoice.total.toFixed(2)}"`,
      `"RTL-9","GRUENE HALL","MB100999","DIST-77","INV${beerInvoice.number}B","11/03/2026","11/20/2026","070505000247","SHINER BOCK","12OZ","BEER","EA","3","29.99","89.97","89.97"`,
    ]);
    expect(res.body).not.toContain(`INV${cancelled.number}`);

    // the grid's filters apply
    const one = await owner.api.get('/fintech/export', {
      filterModel: { beer: { filterType: 'boolean', type: 'equals', filter: true } },
    });
    expect(String(one.body).trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('escapes cells a spreadsheet would run as a formula', async () => {
    const { owner } = await fintechCompany(t.ctx, { customer: { name: '=HYPERLINK("http://x.example","pay")' } });
    const res = await owner.api.get('/fintech/export');
    expect(res.body).toContain(`"'=HYPERLINK(""HTTP://X.EXAMPLE"",""PAY"")"`);
  });

  it('needs the fintech feature and shows only the company its own invoices', async () => {
    await fintechCompany(t.ctx);
    const b = await fintechCompany(t.ctx, { companyFintechId: 'DIST-B' });
    const res = await b.owner.api.get('/fintech/export');
    const lines = String(res.body).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"DIST-B"');
    const plain = await makeCompany(t.ctx);
    expect((await plain.api.get('/fintech/export')).status).toBe(403);
    expect((await plain.api.get('/fintech/export', { filterModel: '{bad' })).status).toBe(400);
  });
});

describe('POST /invoice/convert', () => {
  it('round-trips an exported invoice into a builder draft (nothing saved)', async () => {
    const { owner, customer, product, invoice } = await fintechCompany(t.ctx);
    const exported = await owner.api.get('/fintech/export');
    const before = await owner.api.get('/invoice/grid');
    const res = await convert(owner, String(exported.body));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reference: `INV${invoice.number}`,
      source_number: invoice.number,
      beer: false,
      invoiced_at: '2026-11-02',
      due_at: null,
      customer: { id: customer.id, name: customer.name, matched_by: 'fintech_id' },
      items: [{ product_id: product.id, qty: 2, price: 18.99, matched_by: 'upc', product_name: 'BECKER CABERNET' }],
      unmatched: [],
      warnings: [],
    });
    expect((await owner.api.get('/invoice/grid')).body.count).toBe(before.body.count);
  });

  it('reads the shipped sample against a catalogue with its products', async () => {
    const owner = await makeCompany(t.ctx);
    await activateFeature(t.ctx, owner.companyId, 'fintech');
    const spoke = await makeCustomer(t.ctx, owner.companyId, { name: 'The Broken Spoke', tabc_id: 'MB100234' });
    const titos = await makeProduct(t.ctx, owner.companyId, { product: "TITO'S HANDMADE VODKA", upc: '619947000013' });
    const garrison = await makeProduct(t.ctx, owner.companyId, {
      product: 'GARRISON BROTHERS SMALL BATCH BOURBON',
      upc: '855446003001',
    });
    const becker = await makeProduct(t.ctx, owner.companyId, {
      product: 'Becker Vineyards Cabernet Sauvignon',
      product_type: 'WINE',
      product_size: '750ml',
      upc: null,
    });
    const sample = await owner.api.get('/fintech/sample-invoice');
    expect(sample.status).toBe(200);
    expect(sample.body).toBe(fs.readFileSync(SAMPLE_INVOICE_FILE, 'utf8'));
    const res = await convert(owner, fs.readFileSync(SAMPLE_INVOICE_FILE));
    expect(res.status).toBe(200);
    // no fintech id on this customer: found by its TABC permit
    expect(res.body.customer).toMatchObject({ id: spoke.id, name: 'The Broken Spoke', matched_by: 'tabc_id' });
    expect(
      res.body.items.map((i: { product_id: number; matched_by: string; qty: number }) => [
        i.product_id,
        i.matched_by,
        i.qty,
      ]),
    ).toEqual([
      [titos.id, 'upc', 12],
      [garrison.id, 'upc', 2],
      [becker.id, 'name', 2],
    ]);
  });

  it('leaves out lines whose product is unknown and says which', async () => {
    const { owner, product } = await fintechCompany(t.ctx);
    const csv = [
      HEADER,
      `"NOBODY","NEW BAR","","","INV5","13/45/2026","","089046000113","BECKER CABERNET","750ML","WINE","EA","4","10.00","40.00","50.00"`,
      `"NOBODY","NEW BAR","","","INV5","13/45/2026","","000000000000","MYSTERY GIN","1L","LIQUOR","EA","1","10.00","10.00","50.00"`,
    ].join('\n');
    const res = await convert(owner, csv);
    expect(res.status).toBe(200);
    expect(res.body.customer).toBeNull();
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ product_id: product.id, qty: 4, price: 10 });
    expect(res.body.unmatched).toEqual([
      {
        line: 3,
        upc: '000000000000',
        product: 'MYSTERY GIN',
        reason: 'No product with this UPC or name (and size) in your catalogue',
      },
    ]);
    expect(res.body.invoiced_at).toBeNull();
    expect(res.body.warnings.join(' ')).toContain('is not one of your customers');
    expect(res.body.warnings.join(' ')).toContain('1 line(s) of the file left out');
    expect(res.body.warnings.join(' ')).toContain('INVOICE DATE "13/45/2026" is not a date');
  });

  it('refuses files that are not a fintech invoice with the reason', async () => {
    const { owner } = await fintechCompany(t.ctx);
    const row = (ref: string, qty = '1', price = '10.00') =>
      `"RTL-9","X","","","${ref}","11/02/2026","","089046000113","BECKER CABERNET","750ML","WINE","EA","${qty}","${price}","10.00","10.00"`;
    const cases: [Buffer | string, string][] = [
      ['', FINTECH_MSG.fileEmpty],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x01]), FINTECH_MSG.fileNotText],
      [Buffer.from([0xff, 0xfe, 0x41]), FINTECH_MSG.fileNotText],
      ['"a","b\n', FINTECH_MSG.fileUnreadable('Quote Not Closed')],
      ['name,qty\nfoo,1\n', FINTECH_MSG.missingColumns(['INVOICE NUMBER', 'UPC', 'PRODUCT', 'QUANTITY', 'UNIT PRICE'])],
      [HEADER, FINTECH_MSG.noRows],
      [[HEADER, row('INV1'), row('INV2')].join('\n'), FINTECH_MSG.severalInvoices(['INV1', 'INV2'])],
      [
        [HEADER, row('INV1', 'two')].join('\n'),
        FINTECH_MSG.badLine(2, 'QUANTITY must be a whole number from 1 to 999999 (got "two")'),
      ],
      [
        [HEADER, row('INV1', '1', '=1+1')].join('\n'),
        FINTECH_MSG.badLine(2, 'UNIT PRICE must be an amount like 12.34 (got "=1+1")'),
      ],
      [
        [HEADER, row('INV1', '1', '1e9')].join('\n'),
        FINTECH_MSG.badLine(2, 'UNIT PRICE must be an amount like 12.34 (got "1e9")'),
      ],
      [
        [HEADER, row('INV1').replace('089046000113', '1').replace('BECKER CABERNET', 'NOPE')].join('\n'),
        FINTECH_MSG.nothingMatched,
      ],
      [[HEADER, ...Array.from({ length: 501 }, () => row('INV1'))].join('\n'), FINTECH_MSG.tooManyRows],
    ];
    for (const [file, message] of cases) {
      const res = await convert(owner, file);
      expect(res.status, message).toBe(400);
      expect(res.body.message, message).toBe(message);
    }
    const wrongField = await convert(owner, [HEADER, row('INV1')].join('\n'), 'file');
    expect(wrongField.body.message).toBe(FINTECH_MSG.fileMissing);
    const json = await owner.api.post('/invoice/convert', { invoice: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(FINTECH_MSG.fileMissing);
    const big = await convert(owner, Buffer.alloc(1024 * 1024 + 10, 0x41));
    expect(big.body.message).toBe(FINTECH_MSG.fileTooLarge);
  });

  it('needs the fintech feature and matches only the company its own customers and products', async () => {
    const a = await fintechCompany(t.ctx);
    const exported = String((await a.owner.api.get('/fintech/export')).body);
    const b = await fintechCompany(t.ctx, { customer: { fintech_id: 'OTHER' } });
    await makeProduct(t.ctx, b.owner.companyId, { product: 'SOMETHING ELSE', upc: '1' });
    // B has its own BECKER CABERNET (same UPC): matched to B's product, never A's
    const res = await convert(b.owner, exported);
    expect(res.status).toBe(200);
    expect(res.body.items[0].product_id).toBe(b.product.id);
    // same permit (the factory's) and name: B's customer, by its TABC permit, never A's
    expect(res.body.customer).toMatchObject({ id: b.customer.id, matched_by: 'tabc_id' });
    const plain = await makeCompany(t.ctx);
    expect((await convert(plain, exported)).status).toBe(403);
  });
});
