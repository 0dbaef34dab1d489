import type { OrderOut } from '@dbo/domain/order';
import { toCents } from '@dbo/domain/money';
import type { StampRoll } from '../../lib/answer-types';
import type { InvoiceStatus } from '@dbo/domain/constants';
import { type InvoiceDraft, type InvoiceItem, type InvoiceRequestBody, productOf } from './api';

/** A product as GET /product/suggestions answers it (price already resolved for the customer). */
export interface ProductSuggestion {
  id: number;
  product: string;
  product_type: string;
  product_size: string;
  product_price: string | number;
  last_purchase_price?: string | number | null;
  upc?: string | null;
  internal_sku?: string | null;
  distributor?: string | null;
  reorder_level?: number | null;
  price?: string | number | null;
  stock?: number | string | null;
}

export interface BuilderItem {
  key: string;
  product_id: number;
  product: string;
  product_type: string;
  product_size: string;
  upc?: string | null;
  internal_sku?: string | null;
  qty: number;
  /** dollars, 2 decimals */
  price: number;
  taxable: boolean;
  on_deal: boolean;
  scanned: boolean;
  last_purchase_price: number | null;
  reorder_level: number | null;
  stock: number | null;
  /** invoicing an online order: the quantity and price the customer ordered on this line */
  ordered?: { qty: number; price: number };
  /** staff's note on changing the ordered quantity / price (sent only when it changed) */
  qty_change_note?: string;
  price_change_note?: string;
}

/** What changed on a line invoiced from an order (nothing for other lines). */
export function orderChanges(i: BuilderItem): { qty: boolean; price: boolean } {
  if (!i.ordered) return { qty: false, price: false };
  return { qty: i.qty !== i.ordered.qty, price: toCents(i.price) !== toCents(i.ordered.price) };
}

export interface BuilderRange {
  key: string;
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  /** already on the saved invoice */
  saved?: boolean;
}

/** A roll is usable when active, not finished and with stamps remaining. */
export const isUsableRoll = (r: StampRoll) =>
  !!r.active && !r.finished && (r.sequences ? r.sequences.length > 0 : r.firstAvailable != null);

let seq = 0;
export const newKey = () => `k${Date.now().toString(36)}${++seq}`;

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Decision: new lines are taxable unless told otherwise, like the invoice_items column default. */
export function itemFromProduct(p: ProductSuggestion, scanned = false): BuilderItem {
  return {
    key: newKey(),
    product_id: p.id,
    product: p.product,
    product_type: p.product_type,
    product_size: p.product_size,
    upc: p.upc,
    internal_sku: p.internal_sku,
    qty: 1,
    price: toCents(p.price ?? p.product_price ?? 0) / 100,
    taxable: true,
    on_deal: false,
    scanned,
    last_purchase_price: num(p.last_purchase_price),
    reorder_level: num(p.reorder_level),
    stock: num(p.stock),
  };
}

/** Lines of a saved invoice as builder items (edit, clone, replicate). */
export function itemsFromInvoice(inv: InvoiceDraft, mode: 'edit' | 'copy'): BuilderItem[] {
  const edit = mode === 'edit';
  return [...(inv.items ?? [])]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .filter((it) => it.product_id != null)
    .map((it: InvoiceItem) => {
      const p = productOf(it);
      return {
        key: newKey(),
        product_id: it.product_id as number,
        product: it.product_name ?? p.product ?? '',
        product_type: it.product_type ?? p.product_type ?? '',
        product_size: it.product_size ?? p.product_size ?? '',
        upc: p.upc,
        internal_sku: p.internal_sku,
        qty: Number(it.qty) || 0,
        price: toCents(it.price) / 100,
        taxable: !!it.taxable,
        on_deal: !!it.on_deal,
        scanned: edit ? !!it.scanned : false,
        last_purchase_price: num(it.last_purchase_price ?? p.last_purchase_price),
        reorder_level: num(it.stock?.reorder_level ?? p.reorder_level),
        // on a saved invoice the line's own quantity is already out of stock: judge the level
        // against the stock as it was before this invoice
        stock:
          it.stock && typeof it.stock === 'object'
            ? Number(it.stock.qty ?? 0) + (edit && inv.status !== 'cancelled' ? Number(it.qty) || 0 : 0)
            : null,
        ...(it.ordered ? { ordered: it.ordered } : {}),
      };
    });
}

export function toPayload(
  s: {
    customerId: number;
    items: BuilderItem[];
    ranges: BuilderRange[];
    note: string;
    company_note: string;
    status: InvoiceStatus;
    invoiced_at: string;
    due_at: string | null;
    logo_id: number | null;
  },
  force = false,
): InvoiceRequestBody {
  return {
    customer: { id: s.customerId },
    items: s.items.map((i) => {
      const changed = orderChanges(i);
      const qtyNote = changed.qty ? i.qty_change_note?.trim() : '';
      const priceNote = changed.price ? i.price_change_note?.trim() : '';
      return {
        product_id: i.product_id,
        qty: i.qty,
        price: i.price,
        taxable: i.taxable,
        on_deal: i.on_deal,
        scanned: i.scanned,
        ...(qtyNote ? { qty_change_note: qtyNote } : {}),
        ...(priceNote ? { price_change_note: priceNote } : {}),
      };
    }),
    stamps: s.ranges.map((r) => ({ roll_id: r.roll_id, from: r.from, to: r.to })),
    note: s.note,
    company_note: s.company_note,
    status: s.status,
    invoiced_at: s.invoiced_at,
    due_at: s.due_at,
    logo_id: s.logo_id,
    ...(force ? { force: true } : {}),
  };
}

/** What a new draft from an order or a converted file leaves for the builder to fill. */
export const NEW_DRAFT_BLANKS = {
  company_note: '',
  logo_id: null,
  invoiced_at: '',
  due_at: null,
  sub_total: 0,
  tax_total: 0,
  total: 0,
} satisfies Partial<InvoiceDraft>;

/**
 * An online order (GET /order/{number}) as a builder source: its customer, the customer's notes and
 * the lines still to invoice (not rejected, not added by an earlier invoice, not already on an
 * invoice of a partial invoicing) at the ordered quantity and price. The saved invoice is linked
 * to the order (order_id); the server records the builder's changes on the order's lines.
 */
export function invoiceFromOrder(order: OrderOut): InvoiceDraft {
  const items = order.orderItems.filter(
    (i) => !i.is_rejected && !i.is_added && i.invoice_id === null && i.product_id !== null,
  );
  const customer = order.customer ?? order.customerUser?.customer ?? undefined;
  return {
    id: 0,
    number: 0,
    beer: false,
    order_id: order.id,
    customer_id: customer?.id ?? order.customer_id ?? 0,
    customer,
    status: 'draft',
    items: items.map((i, position) => ({
      product_id: i.product_id,
      product: i.product,
      qty: i.qty,
      price: i.price,
      taxable: true,
      on_deal: false,
      position,
      // judged like a product added by search: below cost and stock level
      last_purchase_price: i.last_purchase_price ?? null,
      ...(i.stock ? { stock: i.stock } : {}),
      ordered: { qty: i.qty, price: i.price },
    })),
    stamps: [],
    // the customer's notes on the order (not the distributor's own)
    note: order.note
      .filter((n) => !n.company_user_id)
      .map((n) => n.note)
      .join('\n'),
    ...NEW_DRAFT_BLANKS,
  };
}
