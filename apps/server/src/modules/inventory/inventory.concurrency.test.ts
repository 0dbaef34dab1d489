import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { line, makeCompany, makeCustomer, makeProduct } from '../../../test/factories.js';
import { onPostgres, useTestApp } from '../../../test/helpers.js';
import { inventory, inventoryHistory } from './inventory.tables.js';

/** Invoices and restocks of one product race each other; no update may be lost. */
const t = useTestApp({}, { skip: !onPostgres });

describe.skipIf(!onPostgres)('stock ledger under concurrency (PostgreSQL)', () => {
  it('30 parallel invoices and 5 restocks of one product: the final qty is exact and equals the history', async () => {
    const owner = await makeCompany(t.ctx);
    const db = t.ctx.database.db;
    const product = await makeProduct(t.ctx, owner.companyId, { product_type: 'WINE', product: 'RACE MERLOT' });
    await owner.api.post('/company/feature', { name: 'inventory', active: true });
    const customer = await makeCustomer(t.ctx, owner.companyId);

    const invoices = Array.from({ length: 30 }, (_, i) =>
      owner.api.post('/invoice', {
        customer: { id: customer.id },
        stamps: [],
        items: [line(product.id, 1 + (i % 3), 20)],
        force: true,
      }),
    );
    const restocks = Array.from({ length: 5 }, (_, i) =>
      owner.api.put('/inventory', {
        items: [{ product_id: product.id, qty: 10 + i, unit_price: 12 }],
        ref_number: `PO-${i}`,
      }),
    );
    const results = await Promise.all([...invoices, ...restocks]);
    expect(results.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);

    const sold = Array.from({ length: 30 }, (_, i) => 1 + (i % 3)).reduce((a, b) => a + b, 0);
    const added = [10, 11, 12, 13, 14].reduce((a, b) => a + b, 0);
    const [item] = await db.select().from(inventory).where(eq(inventory.product_id, product.id));
    expect(item.qty).toBe(added - sold);
    const [{ total }] = await db
      .select({ total: sql<string>`sum(${inventoryHistory.qty})` })
      .from(inventoryHistory)
      .where(eq(inventoryHistory.inventory_id, item.id));
    expect(Number(total)).toBe(item.qty);
    const rows = await db.select().from(inventoryHistory).where(eq(inventoryHistory.inventory_id, item.id));
    expect(rows).toHaveLength(35);
  });
});
