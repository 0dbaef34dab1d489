/** What the product tests post and the sales history they read, shared by their files. */
import { invoiceItems, invoices } from '../src/modules/invoices/invoices.tables.js';
import type { TestContext } from './helpers.js';

let seq = 0;

/** A POST /product body: a new name each call, as a clerk would type it (lower case). */
export const newProduct = (patch: Record<string, unknown> = {}) => ({
  product: `test vodka ${++seq}`,
  product_type: 'liquor',
  product_size: '750ml',
  product_price: '18.99',
  last_purchase_price: '14.25',
  ...patch,
});

/** An invoice of a customer on a given day, written straight to the tables (sales history). */
export async function addInvoice(
  ctx: TestContext,
  companyId: number,
  customerId: number,
  invoicedAt: string,
  items: { productId: number; qty: number; price: string }[],
  status = 'invoiced',
) {
  const db = ctx.database.db;
  const [inv] = await db
    .insert(invoices)
    .values({ company_id: companyId, number: ++seq, customer_id: customerId, invoiced_at: invoicedAt, status })
    .returning();
  for (const [i, it] of items.entries()) {
    await db.insert(invoiceItems).values({
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
