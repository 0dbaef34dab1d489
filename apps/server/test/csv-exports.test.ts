import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { line, makeCompany, makeCustomer, makeInvoice, makeProduct, makeRoll } from './factories.js';
import { createTestApp, type SignedUp, type TestContext } from './helpers.js';

// A cell a spreadsheet would run as a formula: every export writes it as text.
const HOSTILE = '=HYPERLINK("x")';
const ESCAPED = `"'=HYPERLINK(""x"")"`;

let ctx: TestContext;
let owner: SignedUp;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await makeCompany(ctx);
  const customer = await makeCustomer(ctx, owner.companyId, { name: HOSTILE });
  const product = await makeProduct(ctx, owner.companyId, { product: '@SUM(A1)', product_type: 'WINE' });
  const roll = await makeRoll(ctx, owner.companyId, { prefix: 'A', from: 1, to: 50 });
  await makeInvoice(owner, {
    customerId: customer.id,
    items: [line(product.id, 2, '12.50')],
    stamps: [{ roll_id: roll.id, from: 1, to: 2 }],
  });
  const destroyed = await owner.api.put(`/stamp/roll/${roll.id}/assign`, {
    roll_id: roll.id,
    from: 10,
    to: 10,
    note: HOSTILE,
  });
  expect(destroyed.status).toBe(200);
});
afterAll(async () => ctx?.close());

describe('CSV exports escape formula cells', () => {
  it('invoice export, summary and detailed', async () => {
    const summary = await owner.api.get('/invoice/export', { type: 'summary' });
    expect(summary.status).toBe(200);
    const [, row] = String(summary.body).trim().split('\n');
    expect(row).toContain(`,${ESCAPED},`);
    expect(row).not.toMatch(/(^|,)=/);

    const detailed = await owner.api.get('/invoice/export', { type: 'detailed' });
    expect(detailed.status).toBe(200);
    const [, item] = String(detailed.body).trim().split('\n');
    expect(item).toContain(`,${ESCAPED},`);
    expect(item).toContain(",'@SUM(A1),");
    // amounts stay numbers
    expect(item).toContain(',12.50,');
  });

  it('stamp log download', async () => {
    const csv = await owner.api.get('/stamp/download');
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split('\r\n');
    const destroyed = lines.find((l) => l.includes('DESTROYED'));
    // the note is kept upper-case
    expect(destroyed?.toUpperCase()).toContain(`,${ESCAPED.toUpperCase()},`);
    for (const l of lines) expect(l).not.toMatch(/(^|,)"?[=+@]/);
  });
});
