import { stockLevel } from '@dbo/domain/invoice';
import {
  isModifiedItem,
  ORDER_MSG,
  orderItemLog,
  type OrderDetailOut,
  type OrderOut,
  type OrderStatus,
} from '@dbo/domain/order';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { isFeatureOn } from '../company/company.service.js';
import { companies, logos, users } from '../company/company.tables.js';
import { customers, customerUsers } from '../customers/customers.tables.js';
import { invoices } from '../invoices/invoices.tables.js';
import { HIDDEN_INVOICE_STATUSES } from '@dbo/domain/customer-app';
import { tierOrBase } from '../customers/price-tiers.service.js';
import { inventory } from '../inventory/inventory.tables.js';
import { products } from '../products/products.tables.js';
import { orderInvoices, orderItems, orderNotes, orders } from './orders.tables.js';
import { addressCard } from '../../lib/address.js';

type OrderRow = typeof orders.$inferSelect;
/** Signs the public printable link of an order: /order/pdf/{token}. */
export type PrintUrl = (orderId: number, companyId: number) => string;

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * The order's lines with their product (null: deleted), in the order they were added. For staff
 * (`staff`), each line also carries its product's buying price and, with the inventory feature
 * on, the stock on hand: the invoice builder's `?order=` judges stock and below-cost from them as
 * it does for a product added by search.
 */
export async function orderLines(db: DbOrTx, orderId: number, staff?: { companyId: number }) {
  const rows = await db
    .select({ i: orderItems, p: products, stock_qty: inventory.qty, stock_reorder: inventory.reorder_level })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.product_id))
    .leftJoin(
      inventory,
      and(eq(inventory.product_id, orderItems.product_id), eq(inventory.company_id, orderItems.company_id)),
    )
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.id));
  const inventoryOn = staff ? await isFeatureOn(db, staff.companyId, 'inventory') : false;
  const ydkIds = [...new Set(rows.map((r) => r.i.ydk_product_id).filter((v): v is string => !!v))];
  const ydk = ydkIds.length
    ? await db
        .select({
          id: products.ydk_product_id,
          product_id: products.id,
          product: products.product,
          product_type: products.product_type,
          product_size: products.product_size,
          company_id: products.company_id,
        })
        .from(products)
        .where(and(eq(products.company_id, rows[0].i.company_id), inArray(products.ydk_product_id, ydkIds)))
    : [];
  const ydkById = new Map(ydk.map(({ company_id: _c, ...p }) => [p.id as string, { ...p, id: p.id as string }]));
  return rows.map(({ i, p, stock_qty, stock_reorder }) => ({
    id: i.id,
    product_id: i.product_id,
    ydk_product_id: i.ydk_product_id,
    product: p
      ? {
          id: p.id,
          product: p.product,
          product_type: p.product_type,
          product_size: p.product_size,
          upc: p.upc,
          internal_sku: p.internal_sku,
          archived: p.archived,
        }
      : null,
    qty: i.qty,
    price: Number(i.price),
    total: Number(i.total),
    is_rejected: i.is_rejected,
    rejection_note: i.rejection_note,
    is_added: i.is_added,
    previous_qty: i.previous_qty,
    new_qty: i.new_qty,
    qty_change_note: i.qty_change_note,
    previous_price: num(i.previous_price),
    new_price: num(i.new_price),
    price_change_note: i.price_change_note,
    invoice_id: i.invoice_id,
    ydk_product: (i.ydk_product_id && ydkById.get(i.ydk_product_id)) || null,
    ...(staff && p ? { last_purchase_price: num(p.last_purchase_price) } : {}),
    ...(staff && p && inventoryOn
      ? (() => {
          const qty = stock_qty ?? 0;
          const reorder = stock_reorder ?? p.reorder_level ?? null;
          return { stock: { qty, reorder_level: reorder, ...stockLevel(qty, i.qty, reorder) } };
        })()
      : {}),
  }));
}

async function customerBlock(db: DbOrTx, companyId: number, customerId: number | null) {
  if (!customerId) return null;
  const [c] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.company_id, companyId)));
  if (!c) return null;
  const tier: NonNullable<OrderOut['customer']>['productPriceTier'] = (await isFeatureOn(
    db,
    companyId,
    'tiered_pricing',
  ))
    ? await tierOrBase(db, companyId, c.product_price_tier_id)
    : null;
  return {
    ...addressCard(c),
    deleted: c.deleted_at !== null,
    productPriceTier: tier,
  };
}

/**
 * Everything the detail page, the builder's `?order=`, the customer app and the print page show;
 * `staff` adds the lines' buying price and stock (never on the shop's or the public pages).
 */
export async function buildOrder(
  db: DbOrTx,
  o: OrderRow,
  printUrl: PrintUrl,
  opts: { staff?: boolean } = {},
): Promise<OrderOut> {
  const companyId = o.company_id;
  const [items, notes, invs, [company], customer] = await Promise.all([
    orderLines(db, o.id, opts.staff ? { companyId } : undefined),
    db
      .select({ n: orderNotes, staff: users.name, customerUser: customerUsers.name })
      .from(orderNotes)
      .leftJoin(users, eq(users.id, orderNotes.company_user_id))
      .leftJoin(customerUsers, eq(customerUsers.id, orderNotes.customer_user_id))
      .where(eq(orderNotes.order_id, o.id))
      .orderBy(asc(orderNotes.created_at), asc(orderNotes.id)),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        beer: invoices.beer,
        invoiced_at: invoices.invoiced_at,
        status: invoices.status,
        total: invoices.total,
      })
      .from(orderInvoices)
      .innerJoin(invoices, eq(invoices.id, orderInvoices.invoice_id))
      .where(eq(orderInvoices.order_id, o.id))
      .orderBy(asc(orderInvoices.created_at), asc(invoices.id)),
    db
      .select({ c: companies, logo: logos.path })
      .from(companies)
      .leftJoin(logos, and(eq(logos.id, companies.default_logo_id), eq(logos.company_id, companies.id)))
      .where(eq(companies.id, companyId)),
    customerBlock(db, companyId, o.customer_id),
  ]);
  const [cu] = o.customer_user_id
    ? await db
        .select({ id: customerUsers.id, name: customerUsers.name, email: customerUsers.email })
        .from(customerUsers)
        .where(eq(customerUsers.id, o.customer_user_id))
    : [];
  return {
    id: o.id,
    order_number: o.order_number ?? 0,
    status: o.status as OrderStatus,
    created_at: o.created_at,
    ordered_at: o.ordered_at,
    updated_at: o.updated_at,
    total: Number(o.total),
    customer_id: o.customer_id,
    customer_user_id: o.customer_user_id,
    note: notes.map(({ n, staff, customerUser }) => ({
      id: n.id,
      note: n.note,
      created_at: n.created_at,
      company_user_id: n.company_user_id,
      customer_user_id: n.customer_user_id,
      author: (n.company_user_id ? staff : customerUser) ?? null,
    })),
    orderItems: items,
    itemLog: orderItemLog(items),
    invoices: invs.map((i) => ({ ...i, total: Number(i.total) })),
    customerUser: cu ? { ...cu, customer } : null,
    customer,
    logo: company.logo ?? null,
    company: {
      id: company.c.id,
      name: company.c.name,
      address: company.c.address,
      city: company.c.city,
      state: company.c.state,
      zip: company.c.zip,
      tabc_id: company.c.tabc_id,
    },
    print_url: printUrl(o.id, companyId),
  };
}

export function detailOf(order: OrderOut): OrderDetailOut {
  return { order, modifiedOrderItems: order.orderItems.filter(isModifiedItem) };
}

/** A placed (non-draft) order of the company, by id or number; 404 otherwise. */
export async function findOrder(
  db: DbOrTx,
  companyId: number,
  ref: { id: number } | { number: number },
  extra?: SQL,
): Promise<OrderRow> {
  const [o] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.company_id, companyId),
        'id' in ref ? eq(orders.id, ref.id) : eq(orders.order_number, ref.number),
        ne(orders.status, 'draft'),
        extra,
      ),
    );
  if (!o) throw notFound(ORDER_MSG.notFound);
  return o;
}

/** GET /order/{number} (staff). */
export async function orderDetailByNumber(db: DbOrTx, companyId: number, number: number, printUrl: PrintUrl) {
  return detailOf(await buildOrder(db, await findOrder(db, companyId, { number }), printUrl, { staff: true }));
}

/** GET /customer-app/order/{id}: only the customer's own orders. */
export async function customerOrderDetail(
  db: DbOrTx,
  companyId: number,
  customerId: number,
  id: number,
  printUrl: PrintUrl,
) {
  const o = await findOrder(db, companyId, { id }, eq(orders.customer_id, customerId));
  return detailOf(forCustomer(await buildOrder(db, o, printUrl)));
}

/**
 * The order as its customer sees it: no draft or cancelled invoice is listed or linked from a line
 * (the shop says "Being prepared" until the invoice leaves draft).
 */
export function forCustomer(order: OrderOut): OrderOut {
  const hidden = new Set(
    order.invoices.filter((i) => (HIDDEN_INVOICE_STATUSES as readonly string[]).includes(i.status)).map((i) => i.id),
  );
  if (!hidden.size) return order;
  return {
    ...order,
    invoices: order.invoices.filter((i) => !hidden.has(i.id)),
    orderItems: order.orderItems.map((l) =>
      l.invoice_id !== null && hidden.has(l.invoice_id) ? { ...l, invoice_id: null } : l,
    ),
  };
}
