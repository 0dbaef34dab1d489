import type { CartOut, CartRequest, PlaceOrderRequest } from '@dbo/domain/customer-app';
import { centsToString } from '@dbo/domain/money';
import { MAX_ORDER_QTY, ORDER_MSG, type OrderLineInput, orderTotals } from '@dbo/domain/order';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, isUniqueViolation } from '../../lib/errors.js';
import { nextOrderNumber } from '../company/company.service.js';
import { companies } from '../company/company.tables.js';
import { products } from '../products/products.tables.js';
import { findOrder } from './orders.detail.js';
import { checkStock, orderLimits, priceLines } from './orders.pricing.js';
import { orderItems, orderNotes, orders } from './orders.tables.js';

/** The signed-in customer user a customer-app call acts for. */
export interface CustomerActor {
  companyId: number;
  customerId: number;
  customerUserId: number;
}

async function findCart(db: DbOrTx, who: CustomerActor, lock = false) {
  const q = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.company_id, who.companyId),
        eq(orders.customer_user_id, who.customerUserId),
        eq(orders.status, 'draft'),
      ),
    );
  const [o] = lock ? await q.for('update') : await q;
  return o;
}

async function cartNote(db: DbOrTx, orderId: number) {
  const [n] = await db
    .select({ note: orderNotes.note })
    .from(orderNotes)
    .where(eq(orderNotes.order_id, orderId))
    .orderBy(asc(orderNotes.id))
    .limit(1);
  return n?.note ?? '';
}

async function cartLines(db: DbOrTx, orderId: number): Promise<OrderLineInput[]> {
  const rows = await db
    .select({ product_id: orderItems.product_id, qty: orderItems.qty })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.id));
  return rows.filter((r): r is OrderLineInput => r.product_id !== null);
}

/** The ids among these lines' products that are the company's, not archived and shown in the shop. */
async function liveProducts(db: DbOrTx, companyId: number, lines: readonly OrderLineInput[]) {
  if (!lines.length) return new Set<number>();
  const live = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.company_id, companyId),
        eq(products.archived, false),
        eq(products.pos_new, false),
        inArray(
          products.id,
          lines.map((l) => l.product_id),
        ),
      ),
    );
  return new Set(live.map((p) => p.id));
}

/** The lines priced for the customer, without the products archived since they were put in the cart. */
async function priceLiveLines(db: DbOrTx, who: CustomerActor, lines: readonly OrderLineInput[]) {
  const liveIds = await liveProducts(db, who.companyId, lines);
  return priceLines(
    db,
    who.companyId,
    who.customerId,
    lines.filter((l) => liveIds.has(l.product_id)),
  );
}

/**
 * GET /customer-app/cart: the draft order's lines at today's price for this customer, with the
 * subtotal, tax and total by orderTotals (the invoice's rule), and how much of each may be ordered.
 */
export async function getCart(db: DbOrTx, who: CustomerActor, skipped: string[] = []): Promise<CartOut> {
  const [company] = await db
    .select({ show_prices: companies.show_prices, tax_rate: companies.tax_rate })
    .from(companies)
    .where(eq(companies.id, who.companyId));
  const showPrices = company.show_prices;
  const taxRate = Number(company.tax_rate);
  const cart = await findCart(db, who);
  const lines = cart ? await cartLines(db, cart.id) : [];
  // products archived since they were put in the cart drop out of it
  const priced = await priceLiveLines(db, who, lines);
  const limits = await orderLimits(
    db,
    who.companyId,
    priced.map((p) => p.product),
  );
  const totals = orderTotals(priced, taxRate);
  return {
    items: priced.map((p) => ({
      product_id: p.product.id,
      qty: p.qty,
      product: {
        id: p.product.id,
        product: p.product.product,
        product_type: p.product.product_type,
        product_size: p.product.product_size,
        upc: p.product.upc,
      },
      price: showPrices ? Number(p.price) : null,
      total: showPrices ? Number(p.total) : null,
      stock_status: limits.status(p.product.id),
      max_qty: limits.max(p.product.id),
    })),
    note: cart ? await cartNote(db, cart.id) : '',
    sub_total: showPrices ? totals.sub_total : null,
    tax_total: showPrices ? totals.tax_total : null,
    total: showPrices ? totals.total : null,
    tax_rate: taxRate,
    show_prices: showPrices,
    skipped,
  };
}

/** The draft order of this customer user, created on first use (one per user, by a unique index). */
async function ensureCart(tx: DbOrTx, who: CustomerActor) {
  const existing = await findCart(tx, who, true);
  if (existing) return existing;
  await tx
    .insert(orders)
    .values({
      company_id: who.companyId,
      customer_id: who.customerId,
      customer_user_id: who.customerUserId,
      status: 'draft',
    })
    .onConflictDoNothing();
  return (await findCart(tx, who, true))!;
}

async function writeLines(
  tx: DbOrTx,
  companyId: number,
  orderId: number,
  lines: Awaited<ReturnType<typeof priceLines>>,
) {
  await tx.delete(orderItems).where(eq(orderItems.order_id, orderId));
  if (lines.length)
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        company_id: companyId,
        order_id: orderId,
        product_id: l.product.id,
        ydk_product_id: l.product.ydk_product_id,
        qty: l.qty,
        price: l.price,
        total: l.total,
      })),
    );
  return lines.reduce((s, l) => s + l.totalCents, 0);
}

async function writeNote(tx: DbOrTx, who: CustomerActor, orderId: number, note: string | null | undefined) {
  await tx.delete(orderNotes).where(eq(orderNotes.order_id, orderId));
  if (note)
    await tx.insert(orderNotes).values({
      company_id: who.companyId,
      order_id: orderId,
      note,
      customer_user_id: who.customerUserId,
    });
}

/** PUT /customer-app/cart: replaces the cart's lines and note. */
export async function saveCart(db: Db, who: CustomerActor, body: CartRequest): Promise<CartOut> {
  await db.transaction(async (tx) => {
    const priced = await priceLines(tx, who.companyId, who.customerId, body.items);
    const cart = await ensureCart(tx, who);
    const cents = await writeLines(tx, who.companyId, cart.id, priced);
    await writeNote(tx, who, cart.id, body.note);
    await tx
      .update(orders)
      .set({ total: centsToString(cents), updated_at: new Date() })
      .where(eq(orders.id, cart.id));
  });
  return getCart(db, who);
}

/**
 * POST /customer-app/order: places the given lines, or the cart when there is no body (the cart
 * becomes the order). The number is the company's next, taken last under the company row's lock
 * so concurrent placements get sequential, unique numbers and the lock is held briefly.
 */
export async function placeOrder(
  db: Db,
  who: CustomerActor,
  body: PlaceOrderRequest,
): Promise<{ id: number; created: boolean }> {
  const clientId = body?.client_id ?? null;
  const earlier = async () => (clientId ? orderByClientId(db, who, clientId) : undefined);
  const done = await earlier();
  if (done) return { id: done, created: false };
  try {
    return { id: await placeNew(db, who, body, clientId), created: true };
  } catch (err) {
    // the same client_id sent twice at once: the unique index let one through; answer that one
    const other = isUniqueViolation(err) ? await earlier() : undefined;
    if (other) return { id: other, created: false };
    throw err;
  }
}

/** The order this customer already placed with this client_id (an offline order sent again). */
async function orderByClientId(db: DbOrTx, who: CustomerActor, clientId: string) {
  const [o] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.company_id, who.companyId), eq(orders.customer_id, who.customerId), eq(orders.client_id, clientId)),
    );
  return o?.id;
}

async function placeNew(db: Db, who: CustomerActor, body: PlaceOrderRequest, clientId: string | null) {
  return db.transaction(async (tx) => {
    let orderId: number;
    let lines: OrderLineInput[];
    let note: string | null | undefined;
    if (body?.items) {
      lines = body.items;
      note = body.note;
      const [o] = await tx
        .insert(orders)
        .values({
          company_id: who.companyId,
          customer_id: who.customerId,
          customer_user_id: who.customerUserId,
          status: 'placed',
        })
        .returning({ id: orders.id });
      orderId = o.id;
    } else {
      const cart = await findCart(tx, who, true);
      if (!cart) throw badRequest(ORDER_MSG.empty);
      orderId = cart.id;
      lines = await cartLines(tx, cart.id);
      note = body?.note ?? (await cartNote(tx, cart.id));
    }
    if (!lines.length) throw badRequest(ORDER_MSG.empty);
    const priced = await priceLines(tx, who.companyId, who.customerId, lines);
    await checkStock(tx, who.companyId, priced);
    const cents = await writeLines(tx, who.companyId, orderId, priced);
    await writeNote(tx, who, orderId, note);
    const n = await nextOrderNumber(tx, who.companyId);
    const now = new Date();
    await tx
      .update(orders)
      .set({
        status: 'placed',
        order_number: n,
        client_id: clientId,
        customer_id: who.customerId,
        total: centsToString(cents),
        ordered_at: now,
        created_at: now,
        updated_at: now,
      })
      .where(eq(orders.id, orderId));
    return orderId;
  });
}

/**
 * POST /customer-app/order/{id}/again: the order's lines that were not rejected are added to the
 * cart (quantities add up, at most MAX_ORDER_QTY); archived or deleted products are skipped.
 */
export async function orderAgain(db: Db, who: CustomerActor, id: number): Promise<CartOut> {
  const source = await findOrder(db, who.companyId, { id }, eq(orders.customer_id, who.customerId));
  const rows = await db
    .select({
      product_id: orderItems.product_id,
      qty: orderItems.qty,
      is_rejected: orderItems.is_rejected,
      p: products,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.product_id))
    .where(and(eq(orderItems.order_id, source.id), eq(orderItems.is_added, false)))
    .orderBy(asc(orderItems.id));
  const skipped: string[] = [];
  const wanted = new Map<number, number>();
  for (const r of rows) {
    if (r.is_rejected) continue;
    if (!r.p || r.p.archived || r.p.company_id !== who.companyId) {
      skipped.push(r.p ? `${r.p.product} ${r.p.product_size}` : 'DELETED PRODUCT');
      continue;
    }
    wanted.set(r.p.id, (wanted.get(r.p.id) ?? 0) + r.qty);
  }
  await db.transaction(async (tx) => {
    const cart = await ensureCart(tx, who);
    const current = await cartLines(tx, cart.id);
    const merged = new Map(current.map((l) => [l.product_id, l.qty]));
    for (const [pid, qty] of wanted) merged.set(pid, Math.min(MAX_ORDER_QTY, (merged.get(pid) ?? 0) + qty));
    const lines = [...merged].map(([product_id, qty]) => ({ product_id, qty }));
    // a product archived since it was put in the cart is dropped rather than refusing the copy
    const priced = await priceLiveLines(tx, who, lines);
    const cents = await writeLines(tx, who.companyId, cart.id, priced);
    await tx
      .update(orders)
      .set({ total: centsToString(cents), updated_at: new Date() })
      .where(eq(orders.id, cart.id));
  });
  return getCart(db, who, skipped);
}
