/**
 * Invoices: saving (numbers, totals, stamps, stock, sales counters in one transaction), status
 * changes, detail, lists.
 *
 * Decisions where the spec is silent (also in the report):
 * - The server assigns exactly the stamp ranges it is sent (the builder fills them with the domain
 *   auto-assignment); it does not require the count to match the liquor quantity, but refuses
 *   numbers that are not AVAILABLE (400 from the ledger). A cancelled invoice keeps no stamps.
 * - Pure digits in GET /invoice/{ref} are looked up as a liquor invoice NUMBER first (staff links
 *   are /invoice/{number}), then as an id (customer-app links are /invoice/{id}). '1001B' is the
 *   beer invoice 1001; '7-1001' (customer numbering) is customer 7's invoice 1001.
 * - A beer invoice has beer and no liquor/wine. Editing an invoice so that the beer flag flips
 *   gives it a fresh number in the other sequence (numbers are never reused).
 * - Tax uses the company rate when the invoice is created; later edits keep the rate stored on the
 *   invoice, so changing the company rate does not rewrite old invoices.
 * - A cancelled invoice cannot be edited nor change status again (its stamps went back to the
 *   roll and may already be on another invoice).
 * - New invoices for a deleted customer are refused ('Deleted customer!'); existing ones stay
 *   editable.
 * - With the inventory feature on, stock moves by the difference of quantities per product;
 *   a product without an inventory row gets one (stock may go negative, the marker shows it).
 */
import {
  DUPLICATE_WINDOW_HOURS,
  INVOICE_MSG,
  type InvoiceRequest,
  type InvoiceStatusChange,
  displayNumber,
  duplicateFingerprint,
  isBeerInvoice,
  isBelowCost,
  isTypeMismatch,
  parseInvoiceRef,
  stockLevel,
} from '@dbo/domain/invoice';
import { centsToString, invoiceTotals, lineTotalCents, toCents } from '@dbo/domain/money';
import { todayInTexas } from '@dbo/domain/dates';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import { publicCompany, publicLogo } from '../auth/auth.service.js';
import { activeFeatureNames } from '../company/company.service.js';
import { companies, logos } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { inventory, inventoryHistory } from '../inventory/inventory.tables.js';
import { orderInvoices, orders } from '../orders/orders.tables.js';
import { products } from '../products/products.tables.js';
import { invoiceStampRanges, releaseInvoiceStamps, setInvoiceStamps } from '../stamps/stamps.ledger.js';
import { applyPaymentStatus } from '../payments/payments.service.js';
import { invoiceItems, invoiceStatusHistory, invoices, payments } from './invoices.tables.js';

export interface Actor {
  companyId: number;
  userId: number | null;
  role?: string;
}

type InvoiceRow = typeof invoices.$inferSelect;
const money = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

export async function customerNumberingOn(db: DbOrTx, companyId: number) {
  return (await activeFeatureNames(db, companyId)).has('customer_invoice_numbering');
}

/** The short shape used by lists, the grid and search. */
export function invoiceSummary(inv: InvoiceRow, customerNumbering: boolean) {
  return {
    id: inv.id,
    number: inv.number,
    beer: inv.beer,
    display_number: displayNumber(inv, customerNumbering),
    customer_id: inv.customer_id,
    status: inv.status,
    invoiced_at: inv.invoiced_at,
    due_at: inv.due_at,
    sub_total: Number(inv.sub_total),
    tax_total: Number(inv.tax_total),
    total: Number(inv.total),
    paid_total: Number(inv.paid_total),
    created_at: inv.created_at,
  };
}

// ---- numbers -------------------------------------------------------------------------------------

/**
 * Takes the next number of a sequence under the company row lock (held until the invoice
 * transaction commits, so concurrent saves queue here and never collide).
 */
async function allocateNumber(tx: Tx, companyId: number, beer: boolean): Promise<number> {
  const rows = beer
    ? await tx
        .update(companies)
        .set({
          last_beer_invoice_number: sql`greatest(${companies.last_beer_invoice_number} + 1, ${companies.starting_invoice_number})`,
        })
        .where(eq(companies.id, companyId))
        .returning({ n: companies.last_beer_invoice_number })
    : await tx
        .update(companies)
        .set({
          last_invoice_number: sql`greatest(${companies.last_invoice_number} + 1, ${companies.starting_invoice_number})`,
        })
        .where(eq(companies.id, companyId))
        .returning({ n: companies.last_invoice_number });
  if (!rows[0]) throw notFound('Company not found');
  return rows[0].n;
}

/** The number the next invoice of the sequence would get (not reserved). */
export async function nextNumber(db: DbOrTx, companyId: number, opts: { customerId?: number; beer?: boolean }) {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!c) throw notFound('Company not found');
  if (opts.customerId) await findCustomer(db, companyId, opts.customerId);
  const beer = !!opts.beer;
  const last = beer ? c.last_beer_invoice_number : c.last_invoice_number;
  const number = Math.max(last + 1, c.starting_invoice_number);
  const numbering = await customerNumberingOn(db, companyId);
  return { number, beer, display_number: displayNumber({ number, beer, customer_id: opts.customerId }, numbering) };
}

/**
 * Every invoice write of a company runs under its company row lock (taken first), so saves,
 * edits and cancels queue instead of deadlocking on stamps and stock rows.
 */
async function lockCompany(tx: Tx, companyId: number) {
  const [c] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!c) throw notFound('Company not found');
  return c;
}

// ---- lookups --------------------------------------------------------------------------------------

async function findCustomer(db: DbOrTx, companyId: number, id: number) {
  const [c] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.company_id, companyId)));
  if (!c) throw notFound(INVOICE_MSG.customerNotFound);
  return c;
}

/** Resolves '1001', '1001B', '7-1001B' or an id to the company's invoice row. */
export async function findInvoice(db: DbOrTx, companyId: number, ref: string | number): Promise<InvoiceRow> {
  const s = String(ref);
  const parsed = parseInvoiceRef(s);
  if (!parsed) throw notFound(INVOICE_MSG.invoiceNotFound);
  const conds = [
    eq(invoices.company_id, companyId),
    eq(invoices.number, parsed.number),
    eq(invoices.beer, parsed.beer),
  ];
  if (parsed.customerId) conds.push(eq(invoices.customer_id, parsed.customerId));
  const [byNumber] = await db
    .select()
    .from(invoices)
    .where(and(...conds));
  if (byNumber) return byNumber;
  if (/^\d+$/.test(s.trim())) {
    const [byId] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.company_id, companyId), eq(invoices.id, parsed.number)));
    if (byId) return byId;
  }
  throw notFound(INVOICE_MSG.invoiceNotFound);
}

async function findInvoiceById(db: DbOrTx, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.company_id, companyId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(INVOICE_MSG.invoiceNotFound);
  return row;
}

// ---- detail ---------------------------------------------------------------------------------------

export async function invoiceDetail(db: DbOrTx, companyId: number, invoiceId: number) {
  const inv = await findInvoiceById(db, companyId, invoiceId);
  const features = await activeFeatureNames(db, companyId);
  const numbering = features.has('customer_invoice_numbering');
  const inventoryOn = features.has('inventory');

  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const [customer] = await db.select().from(customers).where(eq(customers.id, inv.customer_id));
  const logoId = inv.logo_id;
  const [logo] = logoId ? await db.select().from(logos).where(eq(logos.id, logoId)) : [];

  const items = await db
    .select({
      item: invoiceItems,
      product: {
        id: products.id,
        product: products.product,
        product_type: products.product_type,
        product_size: products.product_size,
        upc: products.upc,
        internal_sku: products.internal_sku,
        product_price: products.product_price,
        archived: products.archived,
        reorder_level: products.reorder_level,
      },
      stock_qty: inventory.qty,
      stock_reorder_level: inventory.reorder_level,
    })
    .from(invoiceItems)
    .leftJoin(products, eq(products.id, invoiceItems.product_id))
    .leftJoin(
      inventory,
      and(eq(inventory.product_id, invoiceItems.product_id), eq(inventory.company_id, invoiceItems.company_id)),
    )
    .where(eq(invoiceItems.invoice_id, inv.id))
    .orderBy(asc(invoiceItems.position), asc(invoiceItems.id));

  const stampRanges = await invoiceStampRanges(db, inv.id);
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.invoice_id, inv.id))
    .orderBy(desc(payments.received_at), desc(payments.id));
  const history = await db
    .select()
    .from(invoiceStatusHistory)
    .where(eq(invoiceStatusHistory.invoice_id, inv.id))
    .orderBy(asc(invoiceStatusHistory.created_at), asc(invoiceStatusHistory.id));
  const orderRows = await db
    .select({
      id: orders.id,
      order_number: orders.order_number,
      status: orders.status,
      total: orders.total,
      ordered_at: orders.ordered_at,
      created_at: orders.created_at,
    })
    .from(orderInvoices)
    .innerJoin(orders, eq(orders.id, orderInvoices.order_id))
    .where(eq(orderInvoices.invoice_id, inv.id));

  const cancelled = inv.status === 'cancelled';
  return {
    ...invoiceSummary(inv, numbering),
    note: inv.note,
    company_note: inv.company_note,
    tax_rate: Number(inv.tax_rate),
    logo_id: inv.logo_id,
    logo: logo ? publicLogo(logo) : null,
    updated_at: inv.updated_at,
    company_id: inv.company_id,
    balance: Number(centsToString(toCents(inv.total) - toCents(inv.paid_total))),
    items: items.map(({ item, product, stock_qty, stock_reorder_level }) => {
      const reorder = stock_reorder_level ?? product?.reorder_level ?? null;
      // the invoice's own quantity is already taken from stock: judge the level against the stock
      // as it was before this invoice
      const before = (stock_qty ?? 0) + (cancelled ? 0 : item.qty);
      return {
        id: item.id,
        product_id: item.product_id,
        product: product?.id
          ? { ...product, product_price: Number(product.product_price) }
          : { id: null, product: item.product_name, product_type: item.product_type, product_size: item.product_size },
        product_name: item.product_name,
        product_type: item.product_type,
        product_size: item.product_size,
        qty: item.qty,
        price: Number(item.price),
        taxable: item.taxable,
        total: Number(item.total),
        position: item.position,
        on_deal: item.on_deal,
        scanned: item.scanned,
        last_purchase_price: money(item.last_purchase_price),
        below_cost: isBelowCost(item.price, item.last_purchase_price),
        previousQty: item.previous_qty,
        newQty: item.new_qty,
        previousPrice: money(item.previous_price),
        newPrice: money(item.new_price),
        qtyChangeNote: item.qty_change_note,
        priceChangeNote: item.price_change_note,
        ...(inventoryOn && item.product_id
          ? {
              stock: {
                qty: stock_qty ?? 0,
                reorder_level: reorder,
                ...stockLevel(before, item.qty, reorder),
              },
            }
          : {}),
      };
    }),
    stamps: stampRanges,
    stampsCount: stampRanges.reduce((n, r) => n + r.count, 0),
    payments: paymentRows.map((p) => ({
      id: p.id,
      amount: Number(p.amount),
      received_at: p.received_at,
      note: p.note,
      created_at: p.created_at,
      updated_at: p.updated_at,
    })),
    orders: orderRows.map((o) => ({ ...o, total: Number(o.total) })),
    statusInfo: history.map((h) => ({
      id: h.id,
      old_status: h.old_status,
      new_status: h.new_status,
      created_at: h.created_at,
    })),
    customer: customer
      ? {
          id: customer.id,
          name: customer.name,
          address: customer.address,
          city: customer.city,
          state: customer.state,
          zip: customer.zip,
          tabc_id: customer.tabc_id,
          contact_name: customer.contact_name,
          contact_email: customer.contact_email,
          contact_phone: customer.contact_phone,
          cash_on_delivery: customer.cash_on_delivery,
          fintech_option: customer.fintech_option,
          fintech_id: customer.fintech_id,
          product_price_tier_id: customer.product_price_tier_id,
          deleted: !!customer.deleted_at,
        }
      : null,
    company: company ? publicCompany(company) : null,
  };
}
export type InvoiceDetail = Awaited<ReturnType<typeof invoiceDetail>>;

// ---- saving -----------------------------------------------------------------------------------------

interface StockLine {
  product_id: number;
  qty: number;
  cents: number;
  price: string;
  on_deal: boolean;
}

/** Sums quantities and amounts per product (a cancelled invoice counts as nothing). */
function perProduct(lines: StockLine[]) {
  const m = new Map<number, StockLine>();
  for (const l of lines) {
    const cur = m.get(l.product_id);
    if (cur) {
      cur.qty += l.qty;
      cur.cents += l.cents;
    } else m.set(l.product_id, { ...l });
  }
  return m;
}

/**
 * Moves stock and the products' sales counters by the difference between the invoice's old and
 * new lines, inside the caller's transaction.
 */
async function applyDifference(
  tx: Tx,
  opts: {
    companyId: number;
    userId: number | null;
    invoiceId: number;
    ref: string;
    inventoryOn: boolean;
    before: StockLine[];
    after: StockLine[];
  },
) {
  const a = perProduct(opts.before);
  const b = perProduct(opts.after);
  const ids = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x - y);
  for (const productId of ids) {
    const old = a.get(productId);
    const now = b.get(productId);
    const dq = (now?.qty ?? 0) - (old?.qty ?? 0);
    const dc = (now?.cents ?? 0) - (old?.cents ?? 0);
    if (dq !== 0 || dc !== 0) {
      await tx
        .update(products)
        .set({
          units_sold: sql`${products.units_sold} + ${dq}`,
          amount_sold: sql`${products.amount_sold} + ${centsToString(dc)}::numeric`,
        })
        .where(and(eq(products.id, productId), eq(products.company_id, opts.companyId)));
    }
    if (opts.inventoryOn && dq !== 0) {
      const [inv] = await tx
        .insert(inventory)
        .values({ company_id: opts.companyId, product_id: productId, qty: -dq })
        .onConflictDoUpdate({
          target: [inventory.company_id, inventory.product_id],
          set: { qty: sql`${inventory.qty} - ${dq}`, updated_at: new Date() },
        })
        .returning({ id: inventory.id });
      const line = now ?? old!;
      await tx.insert(inventoryHistory).values({
        company_id: opts.companyId,
        inventory_id: inv.id,
        product_id: productId,
        qty: -dq,
        source: 'invoice',
        ref_number: opts.ref,
        invoice_id: opts.invoiceId,
        on_deal: line.on_deal,
        unit_price: line.price,
        user_id: opts.userId,
      });
    }
  }
}

async function currentLines(tx: DbOrTx, invoiceId: number): Promise<StockLine[]> {
  const rows = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, invoiceId));
  return rows
    .filter((r) => r.product_id !== null)
    .map((r) => ({
      product_id: r.product_id!,
      qty: r.qty,
      cents: toCents(r.total),
      price: r.price,
      on_deal: r.on_deal,
    }));
}

class DuplicateFound extends Error {
  constructor(public invoiceId: number) {
    super('duplicate invoice');
  }
}

/** POST /invoice (no id) and the full-form PUT /invoice/{id}. Answers the saved invoice. */
export async function saveInvoice(db: Db, actor: Actor, body: InvoiceRequest, invoiceId?: number) {
  const { companyId, userId } = actor;
  const features = await activeFeatureNames(db, companyId);
  const inventoryOn = features.has('inventory');
  const numbering = features.has('customer_invoice_numbering');

  let result: { invoiceId: number; created: boolean };
  try {
    result = await db.transaction(async (tx): Promise<{ invoiceId: number; created: boolean }> => {
      const company = await lockCompany(tx, companyId);
      const existing = invoiceId ? await findInvoiceById(tx, companyId, invoiceId, true) : null;
      if (existing?.status === 'cancelled') throw badRequest(INVOICE_MSG.cancelledEdit);

      const customer = await findCustomer(tx, companyId, body.customer.id);
      if (!existing && customer.deleted_at) throw badRequest(INVOICE_MSG.customerDeleted);

      const productIds = [...new Set(body.items.map((i) => i.product_id))];
      const productRows = await tx
        .select()
        .from(products)
        .where(and(eq(products.company_id, companyId), inArray(products.id, productIds)));
      const byId = new Map(productRows.map((p) => [p.id, p]));
      if (productRows.length !== productIds.length) throw notFound(INVOICE_MSG.productNotFound);
      const types = body.items.map((i) => byId.get(i.product_id)!.product_type);
      if (isTypeMismatch(types, customer.cash_on_delivery)) throw badRequest(INVOICE_MSG.typeMismatch);
      const beer = isBeerInvoice(types);

      let logoId: number | null = existing ? existing.logo_id : company.default_logo_id;
      if (body.logo_id !== undefined) logoId = body.logo_id ?? null;
      if (logoId && (body.logo_id !== undefined || !existing)) {
        const [l] = await tx
          .select({ id: logos.id })
          .from(logos)
          .where(and(eq(logos.id, logoId), eq(logos.company_id, companyId)));
        if (!l) {
          if (body.logo_id) throw notFound(INVOICE_MSG.logoNotFound);
          logoId = null;
        }
      }

      const order = body.order_id
        ? (
            await tx
              .select({ id: orders.id })
              .from(orders)
              .where(and(eq(orders.id, body.order_id), eq(orders.company_id, companyId)))
          )[0]
        : undefined;
      if (body.order_id && !order) throw notFound('Order not found');

      const fingerprint = duplicateFingerprint(customer.id, body.items);
      const taxRate = existing ? existing.tax_rate : company.tax_rate;
      const totals = invoiceTotals(body.items, taxRate);
      const status =
        body.status ?? existing?.status ?? (company.default_invoice_status as InvoiceRequest['status']) ?? 'draft';
      const invoicedAt = body.invoiced_at ?? existing?.invoiced_at ?? todayInTexas();
      const dueAt = body.due_at === undefined ? (existing?.due_at ?? null) : body.due_at;

      // number: a new invoice, or an edit that moves it to the other sequence; allocated under the
      // company row lock before the duplicate check so concurrent duplicates are seen too
      let number = existing?.number ?? 0;
      if (!existing || existing.beer !== beer) number = await allocateNumber(tx, companyId, beer);

      if (!existing && !body.force) {
        const since = new Date(Date.now() - DUPLICATE_WINDOW_HOURS * 3600_000);
        const [dup] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            and(
              eq(invoices.company_id, companyId),
              eq(invoices.customer_id, customer.id),
              eq(invoices.items_fingerprint, fingerprint),
              ne(invoices.status, 'cancelled'),
              sql`${invoices.created_at} >= ${since.toISOString()}`,
            ),
          )
          .orderBy(desc(invoices.created_at))
          .limit(1);
        if (dup) throw new DuplicateFound(dup.id); // rolls back the number taken above
      }

      const values = {
        company_id: companyId,
        number,
        beer,
        customer_id: customer.id,
        status,
        note: body.note,
        company_note: body.company_note,
        logo_id: logoId,
        invoiced_at: invoicedAt,
        due_at: dueAt,
        sub_total: centsToString(toCents(totals.sub_total)),
        tax_total: centsToString(toCents(totals.tax_total)),
        total: centsToString(toCents(totals.total)),
        tax_rate: String(taxRate),
        items_fingerprint: fingerprint,
        updated_at: new Date(),
      };
      let inv: InvoiceRow;
      let before: StockLine[] = [];
      if (existing) {
        before = await currentLines(tx, existing.id);
        [inv] = await tx.update(invoices).set(values).where(eq(invoices.id, existing.id)).returning();
        await tx.delete(invoiceItems).where(eq(invoiceItems.invoice_id, existing.id));
      } else {
        [inv] = await tx
          .insert(invoices)
          .values({ ...values, user_id: userId })
          .returning();
      }

      const itemRows = body.items.map((i, position) => {
        const p = byId.get(i.product_id)!;
        const price = centsToString(toCents(i.price));
        return {
          company_id: companyId,
          invoice_id: inv.id,
          product_id: p.id,
          product_name: p.product,
          product_type: p.product_type,
          product_size: p.product_size,
          qty: i.qty,
          price,
          taxable: i.taxable,
          total: centsToString(lineTotalCents(i.qty, price)),
          position,
          on_deal: i.on_deal,
          scanned: i.scanned,
          last_purchase_price: p.last_purchase_price,
        };
      });
      await tx.insert(invoiceItems).values(itemRows);

      const cancelled = status === 'cancelled';
      await setInvoiceStamps(tx, { companyId, invoiceId: inv.id, userId, ranges: cancelled ? [] : body.stamps });

      const after: StockLine[] = cancelled
        ? []
        : itemRows.map((r) => ({
            product_id: r.product_id,
            qty: r.qty,
            cents: toCents(r.total),
            price: r.price,
            on_deal: r.on_deal,
          }));
      await applyDifference(tx, {
        companyId,
        userId,
        invoiceId: inv.id,
        ref: displayNumber(inv, numbering),
        inventoryOn,
        before,
        after,
      });

      if (!existing || existing.status !== status) {
        await tx.insert(invoiceStatusHistory).values({
          company_id: companyId,
          invoice_id: inv.id,
          old_status: existing?.status ?? null,
          new_status: status,
          user_id: userId,
        });
      }
      // an edit that changes the total changes what is still owed: paid / partially_paid follow it
      if (existing && !cancelled) inv = await applyPaymentStatus(tx, inv, userId);
      if (order)
        await tx
          .insert(orderInvoices)
          .values({ order_id: order.id, invoice_id: inv.id, company_id: companyId })
          .onConflictDoNothing();

      await recordActivity(tx, {
        companyId,
        userId,
        module: 'INVOICE',
        type: existing ? 'UPDATE' : 'CREATE',
        info: { invoiceNumber: inv.number, beer: inv.beer, invoiceId: inv.id },
      });
      return { invoiceId: inv.id, created: !existing };
    });
  } catch (err) {
    // drivers may wrap errors thrown inside a transaction
    const dup = err instanceof DuplicateFound ? err : (err as { cause?: unknown })?.cause;
    if (!(dup instanceof DuplicateFound)) throw err;
    throw conflict(INVOICE_MSG.duplicate, { invoice: await invoiceDetail(db, companyId, dup.invoiceId) });
  }
  return { detail: await invoiceDetail(db, companyId, result.invoiceId), created: result.created };
}

/** PUT /invoice/{id} with only status / invoiced_at / due_at: changes just that. */
export async function changeInvoiceStatus(db: Db, actor: Actor, invoiceId: number, change: InvoiceStatusChange) {
  const { companyId, userId } = actor;
  const inventoryOn = await activeFeatureNames(db, companyId).then((f) => f.has('inventory'));
  const changed = await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const inv = await findInvoiceById(tx, companyId, invoiceId, true);
    const set: Partial<typeof invoices.$inferInsert> = {};
    if (change.status !== undefined && change.status !== inv.status) set.status = change.status;
    if (change.invoiced_at !== undefined && change.invoiced_at !== inv.invoiced_at)
      set.invoiced_at = change.invoiced_at;
    if (change.due_at !== undefined && (change.due_at ?? null) !== inv.due_at) set.due_at = change.due_at ?? null;
    if (Object.keys(set).length === 0) return false;
    if (inv.status === 'cancelled') throw badRequest(INVOICE_MSG.cancelledEdit);

    await tx
      .update(invoices)
      .set({ ...set, updated_at: new Date() })
      .where(eq(invoices.id, inv.id));
    if (set.status) {
      await tx.insert(invoiceStatusHistory).values({
        company_id: companyId,
        invoice_id: inv.id,
        old_status: inv.status,
        new_status: set.status,
        user_id: userId,
      });
      if (set.status === 'cancelled') {
        await releaseInvoiceStamps(tx, { companyId, invoiceId: inv.id, userId });
        await applyDifference(tx, {
          companyId,
          userId,
          invoiceId: inv.id,
          ref: displayNumber(inv),
          inventoryOn,
          before: await currentLines(tx, inv.id),
          after: [],
        });
      }
    }
    await recordActivity(tx, {
      companyId,
      userId,
      module: 'INVOICE',
      type: 'UPDATE',
      info: {
        invoiceNumber: inv.number,
        beer: inv.beer,
        invoiceId: inv.id,
        changes: Object.fromEntries(
          Object.keys(set).map((k) => [k, { old: inv[k as keyof InvoiceRow], new: set[k as keyof typeof set] }]),
        ),
      },
    });
    return true;
  });
  return { detail: await invoiceDetail(db, companyId, invoiceId), changed };
}

/** DELETE /invoice/{number}: owners only, cancelled invoices only. */
export async function deleteInvoice(db: Db, actor: Actor, ref: string) {
  const inv = await findInvoice(db, actor.companyId, ref);
  if (actor.role !== 'owner') throw forbidden(INVOICE_MSG.deleteOwnerOnly);
  if (inv.status !== 'cancelled') throw badRequest(INVOICE_MSG.deleteOnlyCancelled);
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    // stamps went back with the cancel; this is a safety net for any left behind
    await releaseInvoiceStamps(tx, { companyId: actor.companyId, invoiceId: inv.id, userId: actor.userId });
    await tx.delete(invoices).where(and(eq(invoices.id, inv.id), eq(invoices.company_id, actor.companyId)));
    await recordActivity(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      module: 'INVOICE',
      type: 'DELETE',
      info: { invoiceNumber: inv.number, beer: inv.beer, invoiceId: inv.id },
    });
  });
  return { success: true, id: inv.id, number: inv.number, beer: inv.beer };
}

// ---- lists ------------------------------------------------------------------------------------------

export async function recentInvoices(db: DbOrTx, companyId: number, limit = 10) {
  const numbering = await customerNumberingOn(db, companyId);
  const rows = await db
    .select({ inv: invoices, customer_name: customers.name })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .where(eq(invoices.company_id, companyId))
    .orderBy(desc(invoices.created_at), desc(invoices.id))
    .limit(limit);
  return rows.map((r) => ({ ...invoiceSummary(r.inv, numbering), customer_name: r.customer_name }));
}

export async function lastInvoice(db: DbOrTx, companyId: number, customerId: number) {
  await findCustomer(db, companyId, customerId);
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(eq(invoices.company_id, companyId), eq(invoices.customer_id, customerId), ne(invoices.status, 'cancelled')),
    )
    .orderBy(desc(invoices.invoiced_at), desc(invoices.id))
    .limit(1);
  if (!row) throw notFound(INVOICE_MSG.noInvoiceFound);
  return invoiceDetail(db, companyId, row.id);
}
