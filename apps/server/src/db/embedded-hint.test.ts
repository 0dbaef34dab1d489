import { expect, it } from 'vitest';
import { line, makeCompany, makeCustomer, makeInvoice, makeProduct } from '../../test/factories.js';
import { useTestApp } from '../../test/helpers.js';
import { embeddedSizeHint } from './embedded-hint.js';

const t = useTestApp();

it('suggests PostgreSQL only once the invoices pass what the embedded database serves well', async () => {
  const owner = await makeCompany(t.ctx);
  const customer = await makeCustomer(t.ctx, owner.companyId);
  const product = await makeProduct(t.ctx, owner.companyId, { product_type: 'N/A' });
  for (const qty of [1, 2]) await makeInvoice(owner, { customerId: customer.id, items: [line(product.id, qty, 5)] });
  expect(await embeddedSizeHint(t.ctx.database.db)).toBeNull();
  const hint = await embeddedSizeHint(t.ctx.database.db, 1);
  expect(hint).toContain('more than 1 invoices');
  expect(hint).toContain('migrate-to-postgres');
});
