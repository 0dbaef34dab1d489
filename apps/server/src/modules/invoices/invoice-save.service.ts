/**
 * Saving an invoice: POST /invoice and the full-form PUT /invoice/{id}. Number, totals, items,
 * stamps, stock and sales counters are written in one transaction under the company row lock.
 *
 * Decisions where the spec is silent (also in the report):
 * - The server assigns exactly the stamp ranges it is sent (the builder fills them with the domain
 *   auto-assignment) and refuses numbers that are not AVAILABLE (400 from the ledger). A draft may
 *   hold any number; any other status but cancelled exactly the liquor quantity (issue 30: 400
 *   'This invoice needs 2 more TABC stamps before it can be Delivered'). A cancelled invoice keeps
 *   no stamps.
 * - A beer invoice has beer and no liquor/wine. Editing an invoice so that the beer flag flips
 *   gives it a fresh number in the other sequence (numbers are never reused).
 * - Tax uses the company rate when the invoice is created; later edits keep the rate stored on the
 *   invoice, so changing the company rate does not rewrite old invoices.
 * - New invoices for a deleted customer are refused ('Deleted customer!'); existing ones stay
 *   editable.
 */
import { defaultDueDate } from '@dbo/domain/credit-law';
import { todayInTexas } from '@dbo/domain/dates';
import {
  INVOICE_MSG,
  type InvoiceRequest,
  displayNumber,
  duplicateFingerprint,
  isBeerInvoice,
  isTypeMismatch,
} from '@dbo/domain/invoice';
import { centsToString, invoiceTotals, lineTotalCents, toCents } from '@dbo/domain/money';
import { stampNeed, totalStamps } from '@dbo/domain/stamps';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { can, DRAFT_ONLY_MESSAGE } from '@dbo/domain/permissions';
import { recordActivity } from '../activity/activity.service.js';
import { takeInvoiceNumber } from '../company/company.service.js';
import { companies } from '../company/company.tables.js';
import { delinquentSaleCheck, refuseDelinquentSale } from './delinquency.service.js';
import { insertNewInvoice, openSave } from './invoice-save.sql.js';
import { applyDifference } from '../inventory/inventory.service.js';
import { type AfterCommit, type InvoiceWiring, invoiceSaved, runAfterCommit } from './invoice-hooks.js';
import type { products } from '../products/products.tables.js';
import { setInvoiceStamps } from '../stamps/stamps.ledger.js';
import {
  type Actor,
  type InvoiceRow,
  customerNumberingOn,
  findCustomer,
  findInvoice,
} from './invoice-lookup.service.js';
import { loadInvoiceDetail } from './invoice-read.service.js';
import { recordStatus, refuseStampMismatch, settlePaymentStatus } from './invoice-status.service.js';
import { currentStockLines, stockLine } from './invoice-stock.js';
import type { StockLine } from '../inventory/inventory.service.js';
import { invoiceItems, invoices } from './invoices.tables.js';
import { nextVersion, refuseStaleEdit } from './invoice-version.js';

type Company = typeof companies.$inferSelect;
type ProductRow = typeof products.$inferSelect;

// ---- numbers -------------------------------------------------------------------------------------

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

// ---- the steps of a save ------------------------------------------------------------------------------

/** The products of the lines (all the company's), and whether the invoice is a beer invoice. */
function lineProducts(rows: ProductRow[], body: InvoiceRequest, cashOnDelivery: boolean) {
  const productIds = new Set(body.items.map((i) => i.product_id));
  if (rows.length !== productIds.size) throw notFound(INVOICE_MSG.productNotFound);
  const byId = new Map(rows.map((p) => [p.id, p]));
  const types = body.items.map((i) => (byId.get(i.product_id) as ProductRow).product_type);
  if (isTypeMismatch(types, cashOnDelivery)) throw badRequest(INVOICE_MSG.typeMismatch);
  return { byId, beer: isBeerInvoice(types) };
}

/**
 * The invoice's logo: the one sent, else the invoice's own, else (new invoices) the default;
 * `found` holds those of them that are the company's logos (read by `openSave`).
 */
function resolveLogo(company: Company, body: InvoiceRequest, existing: InvoiceRow | null, found: Set<number>) {
  let logoId: number | null = existing ? existing.logo_id : company.default_logo_id;
  if (body.logo_id !== undefined) logoId = body.logo_id ?? null;
  if (logoId && (body.logo_id !== undefined || !existing) && !found.has(logoId)) {
    if (body.logo_id) throw notFound(INVOICE_MSG.logoNotFound);
    logoId = null;
  }
  return logoId;
}

class DuplicateFound extends Error {
  constructor(public invoiceId: number) {
    super('duplicate invoice');
  }
}

/** What invoicing an order changed on one product's invoice lines (ordered -> invoiced, with notes). */
export interface InvoiceLineChange {
  product_id: number;
  previous_qty: number | null;
  new_qty: number | null;
  previous_price: string | null;
  new_price: string | null;
  qty_change_note: string | null;
  price_change_note: string | null;
}

const changeColumns = {
  previous_qty: invoiceItems.previous_qty,
  new_qty: invoiceItems.new_qty,
  previous_price: invoiceItems.previous_price,
  new_price: invoiceItems.new_price,
  qty_change_note: invoiceItems.qty_change_note,
  price_change_note: invoiceItems.price_change_note,
};

/**
 * The orders module records on the invoice's own lines what invoicing the order changed (spec 1's
 * invoice item: previousQty/newQty, previousPrice/newPrice, qtyChangeNote, priceChangeNote), in the
 * invoice's transaction.
 */
export async function recordLineChanges(tx: Tx, invoiceId: number, changes: readonly InvoiceLineChange[]) {
  for (const { product_id, ...set } of changes)
    await tx
      .update(invoiceItems)
      .set(set)
      .where(and(eq(invoiceItems.invoice_id, invoiceId), eq(invoiceItems.product_id, product_id)));
}

/** The invoice's lines as stored (without the invoice id), keeping what invoicing an order recorded. */
function itemRowsOf(
  companyId: number,
  body: InvoiceRequest,
  byId: Map<number, ProductRow>,
  kept: Map<number, Omit<InvoiceLineChange, 'product_id'>>,
) {
  return body.items.map((i, position) => {
    const p = byId.get(i.product_id) as ProductRow;
    const price = centsToString(toCents(i.price));
    return {
      ...kept.get(p.id),
      company_id: companyId,
      product_id: p.id,
      product_name: p.product,
      product_type: p.product_type,
      product_size: p.product_size,
      qty: i.qty,
      price,
      // the columns' defaults, spelled out: every line sends the same columns
      taxable: i.taxable ?? true,
      total: centsToString(lineTotalCents(i.qty, price)),
      position,
      on_deal: i.on_deal ?? false,
      scanned: i.scanned ?? false,
      last_purchase_price: p.last_purchase_price,
    };
  });
}

/**
 * Replaces an edited invoice's lines; answers them as stored. An edit keeps what invoicing its order
 * recorded on a product's lines (the order's history does not change when the invoice is edited).
 */
async function writeItems(tx: Tx, inv: InvoiceRow, body: InvoiceRequest, byId: Map<number, ProductRow>) {
  const kept = new Map<number, Omit<InvoiceLineChange, 'product_id'>>();
  const before = await tx
    .select({ product_id: invoiceItems.product_id, ...changeColumns })
    .from(invoiceItems)
    .where(eq(invoiceItems.invoice_id, inv.id));
  for (const { product_id, ...change } of before)
    if (product_id !== null && Object.values(change).some((v) => v !== null)) kept.set(product_id, change);
  const rows = itemRowsOf(inv.company_id, body, byId, kept).map((r) => ({ ...r, invoice_id: inv.id }));
  await tx.delete(invoiceItems).where(eq(invoiceItems.invoice_id, inv.id));
  await tx.insert(invoiceItems).values(rows);
  return rows;
}

// ---- save --------------------------------------------------------------------------------------------

interface SaveContext {
  actor: Actor;
  body: InvoiceRequest;
  invoiceId?: number;
  /** an invoice recorded after the fact (the demo's history): the rules on new sales do not apply */
  history?: boolean;
}

/** The whole save inside its transaction; answers the saved invoice's id. */
async function saveInTransaction(w: InvoiceWiring, tx: Tx, ctx: SaveContext) {
  const { body, actor } = ctx;
  const { companyId, userId } = actor;
  const opened = await openSave(tx, companyId, {
    customerId: body.customer.id,
    productIds: [...new Set(body.items.map((i) => i.product_id))],
    logoIds: body.logo_id ? [body.logo_id] : [],
  });
  const { company, features } = opened;
  const inventoryOn = features.has('inventory');
  const numbering = features.has('customer_invoice_numbering');
  const existing = ctx.invoiceId ? await findInvoice(tx, companyId, { id: ctx.invoiceId }, { lock: true }) : null;
  if (existing?.status === 'cancelled') throw badRequest(INVOICE_MSG.cancelledEdit);
  if (existing) await refuseStaleEdit(tx, existing, body.version);
  const customer = opened.customer;
  if (!customer) throw notFound(INVOICE_MSG.customerNotFound);
  if (!existing && customer.deleted_at) throw badRequest(INVOICE_MSG.customerDeleted);
  const { byId, beer } = lineProducts(opened.products, body, customer.cash_on_delivery);
  // Texas credit law: no new liquor or wine sale to a delinquent retailer (not for the demo's history)
  const liquorOrWine = [...byId.values()].some((p) => p.product_type === 'LIQUOR' || p.product_type === 'WINE');
  const creditLaw = !existing && liquorOrWine && !ctx.history;
  const status =
    body.status ?? existing?.status ?? (company.default_invoice_status as InvoiceRequest['status']) ?? 'draft';
  let logoId: number | null;
  try {
    logoId = resolveLogo(company, body, existing, opened.logoIds);
    // a draft-only role (sales) writes drafts and keeps them drafts
    if (
      !can(actor.role, existing ? 'invoice.edit' : 'invoice.create') &&
      (status !== 'draft' || (existing && existing.status !== 'draft'))
    )
      throw forbidden(DRAFT_ONLY_MESSAGE(actor.role ?? ''));
  } catch (refusal) {
    // the credit law refuses first (its reads otherwise ride in the new invoice's write)
    if (creditLaw) await refuseDelinquentSale(tx, company, customer, numbering);
    throw refusal;
  }

  const fingerprint = duplicateFingerprint(customer.id, body.items);
  const taxRate = existing ? existing.tax_rate : company.tax_rate;
  const totals = invoiceTotals(body.items, taxRate);

  const invoicedAt = body.invoiced_at ?? existing?.invoiced_at ?? todayInTexas();
  // a new invoice sent without a due date gets the credit-law default (beer / cash on delivery: due on delivery)
  const dueAt =
    body.due_at !== undefined
      ? body.due_at
      : existing
        ? existing.due_at
        : defaultDueDate({
            invoiceDay: invoicedAt,
            beer,
            cashOnDelivery: customer.cash_on_delivery || company.cash_on_delivery,
          }).due_at;
  const values = {
    company_id: companyId,
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
    ...nextVersion(userId),
  };
  const itemsAfter = (inv: InvoiceRow) =>
    itemRowsOf(companyId, body, byId, new Map()).map((r) => ({ ...r, invoice_id: inv.id }));
  let inv: InvoiceRow;
  let itemRows: ReturnType<typeof itemsAfter>;
  let before: StockLine[] = [];
  if (existing) {
    // an edit that moves the invoice to the other sequence takes a number there, under the company lock
    const number = existing.beer !== beer ? await takeInvoiceNumber(tx, companyId, beer) : existing.number;
    before = await currentStockLines(tx, existing.id);
    [inv] = await tx
      .update(invoices)
      .set({ ...values, number })
      .where(eq(invoices.id, existing.id))
      .returning();
    itemRows = await writeItems(tx, inv, body, byId);
    if (existing.status !== status) await recordStatus(tx, inv, existing.status, status, userId);
  } else {
    // the number, the invoice, its lines and first status in one statement, with the duplicate and
    // credit-law reads (seen after the company lock, so concurrent duplicates are seen too)
    const check = creditLaw ? delinquentSaleCheck(company, customer, numbering) : null;
    const created = await insertNewInvoice(tx, {
      companyId,
      beer,
      values: { ...values, version: 1, user_id: userId },
      items: itemRowsOf(companyId, body, byId, new Map()),
      userId,
      duplicate: body.force ? null : { customerId: customer.id, fingerprint },
      checks: check?.columns,
    });
    check?.refuse(created.checks);
    if (created.duplicateId !== null) throw new DuplicateFound(created.duplicateId);
    inv = created.invoice;
    itemRows = itemsAfter(inv);
  }
  const cancelled = status === 'cancelled';
  await setInvoiceStamps(tx, {
    companyId,
    invoiceId: inv.id,
    userId,
    ranges: cancelled ? [] : body.stamps,
    created: !existing,
  });
  await applyDifference(tx, {
    companyId,
    userId,
    invoiceId: inv.id,
    ref: displayNumber(inv, numbering),
    inventoryOn,
    before,
    after: cancelled ? [] : itemRows.map(stockLine),
  });
  // an edit that changes the total changes what is still owed: paid / partially_paid follow it
  if (existing && !cancelled) inv = await settlePaymentStatus(tx, inv, toCents(inv.paid_total), userId);
  // stamps are a precondition: any status but draft / cancelled holds exactly the liquor lines' need
  refuseStampMismatch(inv.status, stampNeed(itemRows), cancelled ? 0 : totalStamps(body.stamps));
  // listeners above this module record what this save did to their rows, in this transaction (the
  // orders module links the order, refuses an unknown one with a 404)
  const afterCommit = await invoiceSaved(w, {
    tx,
    companyId,
    userId,
    invoiceId: inv.id,
    created: !existing,
    invoice: inv,
    customer,
    company,
    features,
    orderId: body.order_id ?? null,
    items: body.items,
  });

  await recordActivity(tx, {
    companyId,
    userId,
    module: 'INVOICE',
    type: existing ? 'UPDATE' : 'CREATE',
    info: { invoiceNumber: inv.number, beer: inv.beer, invoiceId: inv.id },
  });
  return { invoiceId: inv.id, created: !existing, afterCommit };
}

/** POST /invoice (no id) and the full-form PUT /invoice/{id}. Answers the saved invoice. */
export async function saveInvoice(
  w: InvoiceWiring,
  db: Db,
  actor: Actor,
  body: InvoiceRequest,
  invoiceId?: number,
  opts: { history?: boolean } = {},
) {
  const ctx: SaveContext = { actor, body, invoiceId, history: opts.history };
  let result: { invoiceId: number; created: boolean; afterCommit: AfterCommit[] };
  try {
    result = await db.transaction((tx) => saveInTransaction(w, tx, ctx));
  } catch (err) {
    // drivers may wrap errors thrown inside a transaction
    const dup = err instanceof DuplicateFound ? err : (err as { cause?: unknown })?.cause;
    if (!(dup instanceof DuplicateFound)) throw err;
    throw conflict(INVOICE_MSG.duplicate, { invoice: await loadInvoiceDetail(w, db, actor.companyId, dup.invoiceId) });
  }
  await runAfterCommit(result.afterCommit);
  return { detail: await loadInvoiceDetail(w, db, actor.companyId, result.invoiceId), created: result.created };
}
