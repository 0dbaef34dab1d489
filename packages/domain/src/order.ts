/**
 * Online orders: the staff side (spec 2 Orders and Order detail, sections 4, 7 and 8) and the
 * shapes the customer app shares with it. Request schemas are bounded with primitives.ts; the
 * response schemas are what the server answers (the serializer encodes through them).
 */
import { z } from 'zod';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus, PRODUCT_TYPES } from './constants.js';
import { gridResultOut } from './grid.js';
import {
  addressCardOut,
  addressCardShape,
  dbId,
  LIMITS,
  moneyOut,
  noteText,
  numberFromText,
  productLabelShape,
  timestampOut,
} from './primitives.js';
export { itemsSummary, orderTotals } from './order-totals.js';

export { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus };

export { MAX_ORDER_LINES, MAX_ORDER_QTY, ORDER_MSG } from './order-messages.js';
import { MAX_ORDER_LINES, MAX_ORDER_QTY, ORDER_MSG } from './order-messages.js';

/** Staff may only cancel or reject a placed order (spec 2 section 4); invoicing is POST /invoice. */
export const STAFF_TRANSITIONS: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  placed: ['cancelled', 'rejected'],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return (STAFF_TRANSITIONS[from] ?? []).includes(to);
}

/** Statuses an order can still be invoiced from. */
export const INVOICEABLE_STATUSES: readonly OrderStatus[] = ['placed', 'partially_invoiced'];

/** The item log of an order's lines: one entry per change the distributor made when invoicing. */
export function orderItemLog(
  items: readonly {
    id: number;
    product: { product: string } | null;
    is_added: boolean;
    is_rejected: boolean;
    rejection_note: string | null;
    previous_qty: number | null;
    new_qty: number | null;
    qty_change_note: string | null;
    previous_price: number | null;
    new_price: number | null;
    price_change_note: string | null;
    invoice_id: number | null;
  }[],
) {
  return items.flatMap((i) => {
    const base = {
      order_item_id: i.id,
      product: i.product?.product ?? ORDER_MSG.deletedProduct,
      invoice_id: i.invoice_id,
    };
    const log: {
      order_item_id: number;
      product: string;
      change: 'rejected' | 'added' | 'qty' | 'price';
      from: number | null;
      to: number | null;
      note: string | null;
      invoice_id: number | null;
    }[] = [];
    if (i.is_rejected) log.push({ ...base, change: 'rejected', from: null, to: null, note: i.rejection_note });
    if (i.is_added) log.push({ ...base, change: 'added', from: null, to: null, note: null });
    if (i.previous_qty !== null)
      log.push({ ...base, change: 'qty', from: i.previous_qty, to: i.new_qty, note: i.qty_change_note });
    if (i.previous_price !== null)
      log.push({ ...base, change: 'price', from: i.previous_price, to: i.new_price, note: i.price_change_note });
    return log;
  });
}

/** A line the distributor changed when invoicing (shown old -> new with notes). */
export function isModifiedItem(i: {
  is_added: boolean;
  is_rejected: boolean;
  previous_qty: number | null;
  previous_price: number | null;
}): boolean {
  return i.is_added || i.is_rejected || i.previous_qty !== null || i.previous_price !== null;
}

// ---------------------------------------------------------------- requests

/** GET /order/{number}: the company's order number. */
export const orderNumberParams = z.object({ number: dbId('Order number') });

/** PUT /order/{id} {status, note}. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: ORDER_MSG.statusInvalid }),
  note: noteText('Note').trim().nullish(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** One line a customer asks for: a product of the company and a whole quantity 1..9999. */
export const orderLineInput = z.object({
  product_id: dbId('Product'),
  qty: z.preprocess(
    numberFromText,
    z.number({ error: ORDER_MSG.qty }).int(ORDER_MSG.qty).min(1, ORDER_MSG.qty).max(MAX_ORDER_QTY, ORDER_MSG.qty),
  ),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;

const uniqueProducts = (items: readonly { product_id: number }[]) =>
  new Set(items.map((i) => i.product_id)).size === items.length;

/** Lines of a cart or an order: at most MAX_ORDER_LINES, each product once. */
export const orderLines = z
  .array(orderLineInput, { error: ORDER_MSG.empty })
  .max(MAX_ORDER_LINES, ORDER_MSG.tooManyLines)
  .refine(uniqueProducts, ORDER_MSG.duplicateProduct);

/**
 * What a customer may order of a product: null when there is no limit (backorders allowed or no
 * inventory), otherwise the stock on hand (0 when out of stock).
 */
export function orderableQty(stock: number | null, allowBackorders: boolean): number | null {
  if (allowBackorders || stock === null) return null;
  return Math.max(0, stock);
}

// ---------------------------------------------------------------- answers

export const orderProductOut = z.object({
  ...productLabelShape,
  internal_sku: z.string().nullable(),
  archived: z.boolean(),
});

export const orderItemOut = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  ydk_product_id: z.string().nullable(),
  /** null: the product was deleted ('DELETED PRODUCT') */
  product: orderProductOut.nullable(),
  qty: z.number(),
  price: moneyOut,
  total: moneyOut,
  is_rejected: z.boolean(),
  rejection_note: z.string().nullable(),
  is_added: z.boolean(),
  previous_qty: z.number().nullable(),
  new_qty: z.number().nullable(),
  qty_change_note: z.string().nullable(),
  previous_price: moneyOut.nullable(),
  new_price: moneyOut.nullable(),
  price_change_note: z.string().nullable(),
  /** the invoice that invoiced this line (null: not invoiced yet) */
  invoice_id: z.number().nullable(),
  /**
   * The product-sync service's product the line was ordered as: the company's catalogue product
   * carrying the line's ydk_product_id (null when the line has none or no product carries it).
   */
  ydk_product: z
    .object({
      id: z.string(),
      product_id: z.number(),
      product: z.string(),
      product_type: z.string(),
      product_size: z.string(),
    })
    .nullable(),
  /** staff only: the product's buying price, for 'This item was invoiced below cost.' */
  last_purchase_price: moneyOut.nullable().optional(),
  /** staff only, with the inventory feature on: the stock on hand now and its level for this line */
  stock: z
    .object({ qty: z.number(), reorder_level: z.number().nullable(), level: z.string(), lowStockMarker: z.boolean() })
    .optional(),
});
export type OrderItemOut = z.infer<typeof orderItemOut>;

export const orderNoteOut = z.object({
  id: z.number(),
  note: z.string(),
  created_at: timestampOut,
  /** set: a note from the distributor ('From Distributor' ribbon) */
  company_user_id: z.number().nullable(),
  customer_user_id: z.number().nullable(),
  /** the author's name (null when the user was removed) */
  author: z.string().nullable(),
});

export const orderInvoiceOut = z.object({
  id: z.number(),
  number: z.number(),
  beer: z.boolean(),
  invoiced_at: z.string(),
  status: z.string(),
  total: moneyOut,
});

export const priceTierOut = z.object({ id: z.number(), name: z.string(), color: z.string(), percentage: z.number() });

export const orderCustomerOut = z.object({
  ...addressCardShape,
  deleted: z.boolean(),
  /** the customer's price tier when tiered pricing is on */
  productPriceTier: priceTierOut.nullable(),
});

export const orderCustomerUserOut = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  customer: orderCustomerOut.nullable(),
});

export const orderCompanyOut = addressCardOut;

/**
 * One entry of an order's item log: what the distributor did to a line when invoicing (rejected it,
 * added it, changed its quantity or price), newest line last.
 */
export const orderItemLogOut = z.object({
  order_item_id: z.number(),
  /** the product's name, or 'DELETED PRODUCT' */
  product: z.string(),
  change: z.enum(['rejected', 'added', 'qty', 'price']),
  from: z.number().nullable(),
  to: z.number().nullable(),
  note: z.string().nullable(),
  invoice_id: z.number().nullable(),
});
export type OrderItemLogOut = z.infer<typeof orderItemLogOut>;

/** The order with everything the detail page, the builder's `?order=` and the print page need. */
export const orderOut = z.object({
  id: z.number(),
  order_number: z.number(),
  status: z.enum(ORDER_STATUSES),
  created_at: timestampOut,
  /** when the customer placed it */
  ordered_at: timestampOut.nullable(),
  updated_at: timestampOut,
  total: moneyOut,
  customer_id: z.number().nullable(),
  customer_user_id: z.number().nullable(),
  note: z.array(orderNoteOut),
  orderItems: z.array(orderItemOut),
  /** the changes made to the order's lines when invoicing (orderItemLog) */
  itemLog: z.array(orderItemLogOut),
  invoices: z.array(orderInvoiceOut),
  /** who placed it ('Order Placed by'); null when the user was removed */
  customerUser: orderCustomerUserOut.nullable(),
  /** the ordering customer (also when the user was removed) */
  customer: orderCustomerOut.nullable(),
  /** the company's default logo as a URL path, or null */
  logo: z.string().nullable(),
  company: orderCompanyOut,
  /** the public printable page of this order: /order/pdf/{token} */
  print_url: z.string(),
});
export type OrderOut = z.infer<typeof orderOut>;

/** GET /order/{number} (staff) and GET /customer-app/order/{id}. */
export const orderDetailOut = z.object({
  order: orderOut,
  /** the lines the distributor changed, added or rejected when invoicing */
  modifiedOrderItems: z.array(orderItemOut),
});
export type OrderDetailOut = z.infer<typeof orderDetailOut>;

/** A row of GET /order/grid and of GET /customer-app/order. */
export const orderRowOut = z.object({
  id: z.number(),
  order_number: z.number(),
  status: z.enum(ORDER_STATUSES),
  created_at: timestampOut,
  ordered_at: timestampOut.nullable(),
  total: moneyOut,
  /** distinct lines ordered (M of 'N units of M items') */
  items_count: z.number(),
  /** units ordered (N) */
  units_count: z.number(),
  customer_id: z.number().nullable(),
  /** null: 'Deleted Customer' */
  customer: z
    .object({ id: z.number(), name: z.string(), address: z.string(), city: z.string(), deleted: z.boolean() })
    .nullable(),
  customer_user: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** the History popover */
  invoices: z.array(z.object({ id: z.number(), number: z.number(), beer: z.boolean(), invoiced_at: z.string() })),
});
export type OrderRowOut = z.infer<typeof orderRowOut>;

export const orderGridOut = gridResultOut(orderRowOut);
export type OrderGridOut = z.infer<typeof orderGridOut>;

/** The columns GET /order/grid filters and sorts on (AG Grid colIds). */
export const ORDER_GRID_COLUMNS = [
  'status',
  'order_number',
  'created_at',
  'ordered_at',
  'total',
  'customer_name',
  'customer_id',
] as const;

export const orderCountOut = z.object({ count: z.number() });

// ---------------------------------------------------------------- socket events (spec 2 section 7)

export const ORDER_EVENTS = {
  placed: 'order:placed',
  status: 'order:status',
  invoiced: 'order:invoiced',
} as const;

/** order:placed, to the company's staff. */
export const orderPlacedEvent = z.object({
  id: z.number(),
  order_number: z.number(),
  customer_name: z.string(),
  total: moneyOut,
});
export type OrderPlacedEvent = z.infer<typeof orderPlacedEvent>;

/** order:status and order:invoiced, to the company's staff and to the placing customer user. */
export const orderStatusEvent = z.object({
  id: z.number(),
  order_number: z.number(),
  status: z.enum(ORDER_STATUSES),
});
export type OrderStatusEvent = z.infer<typeof orderStatusEvent>;

export const PRODUCT_TYPE_FILTER = PRODUCT_TYPES;
export const ORDER_LIMITS = { noteMax: LIMITS.longText } as const;
