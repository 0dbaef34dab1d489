import { afterAll, beforeAll, expect, it } from 'vitest';
import { line, makeCompany, makeCustomer, makeInvoice, makeProduct } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { embeddedSizeHint } from './embedded-hint.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

it('suggests PostgreSQL only once the invoices pass what the embedded database serves well', async () => {
  const owner = await makeCompany(ctx);
  const customer = await makeCustomer(ctx, owner.companyId);
  const product = await makeProduct(ctx, owner.companyId, { product_type: 'N/A' });
  for (const qty of [1, 2]) await makeInvoice(owner, { customerId: customer.id, items: [line(product.id, qty, 5)] });
  expect(await embeddedSizeHint(ctx.database.db)).toBeNull();
  const hint = await embeddedSizeHint(ctx.database.db, 1);
  expect(hint).toContain('more than 1 invoices');
  expect(hint).toContain('migrate-to-postgres');
});
