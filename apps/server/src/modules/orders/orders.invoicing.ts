import { centsToString, lineTotalCents, toCents } from '@dbo/domain/money';
import { INVOICEABLE_STATUSES, ORDER_MSG, type OrderStatus } from '@dbo/domain/order';
import { eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../lib/errors.js';
import { lockCompanyRow } from '../../lib/company-rows.js';
import type { AppServices } from '../../lib/http.js';
import type { InvoiceSaved, InvoiceSavedListener } from '../invoices/invoice-hooks.js';
import { type InvoiceLineChange, recordLineChanges } from '../invoices/invoice-save.service.js';
import { products } from '../products/products.tables.js';
import { orderNotifier } from './orders.events.js';
import { orderInvoices, orderItems, orders } from './orders.tables.js';

export interface OrderInvoiced {
  id: number;
  order_number: number;
  status: OrderStatus;
  customer_user_id: number | null;
}

/**
 * The orders module's part of saving an invoice made from an order (runs inside the invoice's
 * transaction, under the order's row lock, so two staff never invoice a quantity twice):
 * - an order line invoiced at another quantity or price keeps the ordered qty and price, records
 *   previous_qty/new_qty and previous_price/new_price with staff's qty_change_note /
 *   price_change_note (a note for a value that did not change is dropped), on the order line and on
 *   the invoice's lines; its total (and the order's) follows what was invoiced;
 * - a product the order did not have becomes an added line (is_added);
 * - order lines left out of the invoice stay open: the order is partially_invoiced until a later
 *   invoice takes them, then invoiced;
 * - an order that is not placed / partially invoiced, or a line already invoiced, refuses the invoice.
 * - an order that is not the company's refuses the invoice with a 404; every invoice made from or
 *   edited with the order is linked to it.
 * Only a new invoice acts on the order's lines; editing it later changes the invoice alone.
 */
export async function recordInvoiceOnOrder(e: InvoiceSaved): Promise<OrderInvoiced | null> {
  if (!e.orderId) return null;
  const { tx } = e;
  const o = await lockCompanyRow(tx, orders, e.companyId, e.orderId, 'Order not found');
  await tx
    .insert(orderInvoices)
    .values({ order_id: o.id, invoice_id: e.invoiceId, company_id: e.companyId })
    .onConflictDoNothing();
  if (!e.created) return null;
  const status = o.status as OrderStatus;
  if (!INVOICEABLE_STATUSES.includes(status)) throw badRequest(ORDER_MSG.notInvoiceable(o.order_number, status));

  const lines = await tx.select().from(orderItems).where(eq(orderItems.order_id, o.id));
  // the invoice's quantity and price per product (a product on several invoice lines adds up)
  const invoiced = new Map<
    number,
    { qty: number; price: number; qtyNote: string | null | undefined; priceNote: string | null | undefined }
  >();
  for (const i of e.items) {
    const cur = invoiced.get(i.product_id);
    invoiced.set(i.product_id, {
      qty: (cur?.qty ?? 0) + i.qty,
      price: cur?.price ?? i.price,
      qtyNote: cur?.qtyNote || i.qty_change_note,
      priceNote: cur?.priceNote || i.price_change_note,
    });
  }
  const changes: InvoiceLineChange[] = [];
  const names = new Map(
    (
      await tx
        .select({ id: products.id, product: products.product, size: products.product_size })
        .from(products)
        .where(inArray(products.id, [...invoiced.keys()]))
    ).map((p) => [p.id, `${p.product} ${p.size}`]),
  );

  let addedCents = 0;
  for (const [productId, inv] of invoiced) {
    const same = lines.filter((l) => l.product_id === productId && !l.is_rejected);
    const open = same.find((l) => l.invoice_id === null && !l.is_added);
    if (same.some((l) => l.invoice_id !== null))
      throw badRequest(ORDER_MSG.alreadyInvoiced(names.get(productId) ?? `Product ${productId}`));
    const priceCents = toCents(inv.price);
    if (open) {
      const qtyChanged = inv.qty !== open.qty;
      const priceChanged = priceCents !== toCents(open.price);
      const change: InvoiceLineChange = {
        product_id: productId,
        previous_qty: qtyChanged ? open.qty : null,
        new_qty: qtyChanged ? inv.qty : null,
        previous_price: priceChanged ? centsToString(toCents(open.price)) : null,
        new_price: priceChanged ? centsToString(priceCents) : null,
        qty_change_note: qtyChanged ? (inv.qtyNote ?? null) : null,
        price_change_note: priceChanged ? (inv.priceNote ?? null) : null,
      };
      if (qtyChanged || priceChanged) changes.push(change);
      const { product_id: _, ...set } = change;
      await tx
        .update(orderItems)
        .set({
          invoice_id: e.invoiceId,
          ...set,
          // the line's total follows what was invoiced; qty and price keep what was ordered
          total: centsToString(lineTotalCents(inv.qty, centsToString(priceCents))),
        })
        .where(eq(orderItems.id, open.id));
      open.invoice_id = e.invoiceId;
      open.total = centsToString(lineTotalCents(inv.qty, centsToString(priceCents)));
    } else {
      const price = centsToString(priceCents);
      addedCents += lineTotalCents(inv.qty, price);
      await tx.insert(orderItems).values({
        company_id: e.companyId,
        order_id: o.id,
        product_id: productId,
        qty: inv.qty,
        price,
        total: centsToString(lineTotalCents(inv.qty, price)),
        is_added: true,
        invoice_id: e.invoiceId,
      });
    }
  }
  await recordLineChanges(tx, e.invoiceId, changes);
  const remaining = lines.some((l) => !l.is_added && !l.is_rejected && l.invoice_id === null);
  const next: OrderStatus = remaining ? 'partially_invoiced' : 'invoiced';
  // the order's total: its lines as invoiced (open lines as ordered), added lines included
  const total = lines.filter((l) => !l.is_rejected).reduce((sum, l) => sum + toCents(l.total), addedCents);
  await tx
    .update(orders)
    .set({ status: next, total: centsToString(total), updated_at: new Date() })
    .where(eq(orders.id, o.id));
  return { id: o.id, order_number: o.order_number ?? 0, status: next, customer_user_id: o.customer_user_id };
}

/**
 * An invoice made from an order records the builder's changes on it, inside the invoice's
 * transaction; the order's people hear of it once the invoice committed.
 */
export function linkOrderOnSave(deps: AppServices, log: (err: unknown) => void): InvoiceSavedListener {
  const notify = orderNotifier(deps, log);
  return async (e) => {
    const o = await recordInvoiceOnOrder(e);
    return o ? () => notify.statusChanged(o, 'invoiced') : undefined;
  };
}
