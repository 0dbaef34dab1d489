/**
 * Invoice status: the status dialogs (PUT /invoice/{id} with only status / dates), the status the
 * money decides (paid / partially_paid, called by payments and by invoice edits), and deleting a
 * cancelled invoice.
 *
 * A cancelled invoice cannot be edited nor change status again (its stamps went back to the roll
 * and may already be on another invoice).
 */
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@dbo/domain/constants';
import { DELIVERY_MSG } from '@dbo/domain/delivery';
import { INVOICE_MSG, type InvoiceStatusChange, displayNumber } from '@dbo/domain/invoice';
import { centsToString, toCents } from '@dbo/domain/money';
import { isMoneyStatus, statusBeforePayments, statusFromPayments } from '@dbo/domain/payment';
import { STAMP_FREE_STATUSES, stampNeed, stampRuleError } from '@dbo/domain/stamps';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { can, DRAFT_ONLY_MESSAGE } from '@dbo/domain/permissions';
import { recordActivity } from '../activity/activity.service.js';
import { activeFeatureNames } from '../company/company.service.js';
import { applyDifference } from '../inventory/inventory.service.js';
import { releaseInvoiceStamps } from '../stamps/stamps.ledger.js';
import { stamps } from '../stamps/stamps.tables.js';
import { type InvoiceWiring, invoiceStatusChanged } from './invoice-hooks.js';
import { type Actor, type InvoiceKey, type InvoiceRow, findInvoice, lockCompany } from './invoice-lookup.service.js';
import { loadInvoiceDetail } from './invoice-read.service.js';
import { currentStockLines } from './invoice-stock.js';
import { invoiceItems, invoiceStatusHistory, invoices } from './invoices.tables.js';
import { nextVersion } from './invoice-version.js';

/**
 * The stamps precondition (issue 30): an invoice may have any status but draft or cancelled only
 * while it holds exactly the stamps its liquor lines need. Throws the 400 that says how many are
 * missing or extra; the caller's transaction then changes nothing.
 */
export function refuseStampMismatch(status: string, need: number, held: number) {
  const label = INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? status;
  const msg = stampRuleError(status, label, need, held);
  if (msg) throw badRequest(msg);
}

/** The precondition for an invoice as stored (its lines and the stamps the ledger gives it). */
export async function refuseStampMismatchOf(tx: DbOrTx, invoiceId: number, status: string) {
  if (STAMP_FREE_STATUSES.includes(status)) return;
  const lines = await tx
    .select({ product_type: invoiceItems.product_type, qty: invoiceItems.qty })
    .from(invoiceItems)
    .where(eq(invoiceItems.invoice_id, invoiceId));
  const [held] = await tx
    .select({ n: count() })
    .from(stamps)
    .where(and(eq(stamps.invoice_id, invoiceId), eq(stamps.status, 'INVOICED')));
  refuseStampMismatch(status, stampNeed(lines), Number(held?.n ?? 0));
}

/**
 * Status follows the money: sets paid_total to `paidCents` and the status the domain rule
 * derives (writing a history entry when it changes). Runs in the caller's transaction with the
 * invoice row locked. Payments call it after every payment write; an invoice edit calls it
 * because a new total changes what is still owed.
 */
export async function settlePaymentStatus(
  tx: DbOrTx,
  inv: InvoiceRow,
  paidCents: number,
  userId: number | null,
): Promise<InvoiceRow> {
  const history = isMoneyStatus(inv.status)
    ? await tx
        .select({ old_status: invoiceStatusHistory.old_status, new_status: invoiceStatusHistory.new_status })
        .from(invoiceStatusHistory)
        .where(
          and(
            eq(invoiceStatusHistory.invoice_id, inv.id),
            // 'delivered' too: a paid invoice delivered keeps 'paid' with a delivered entry
            inArray(invoiceStatusHistory.new_status, ['paid', 'partially_paid', 'delivered']),
          ),
        )
        .orderBy(desc(invoiceStatusHistory.created_at), desc(invoiceStatusHistory.id))
    : [];
  const status = statusFromPayments({
    status: inv.status,
    totalCents: toCents(inv.total),
    paidCents,
    statusBeforePayments: statusBeforePayments(history),
  });
  // money moving a draft to paid / partially_paid takes it out of draft: the stamps must add up
  if (status !== inv.status && STAMP_FREE_STATUSES.includes(inv.status))
    await refuseStampMismatchOf(tx, inv.id, status);
  const [updated] = await tx
    .update(invoices)
    .set({
      paid_total: centsToString(paidCents),
      status,
      updated_at: new Date(),
      // a new version only when the money or the status moved (an edit's own save already made one)
      ...(status !== inv.status || paidCents !== toCents(inv.paid_total) ? nextVersion(userId) : {}),
    })
    .where(eq(invoices.id, inv.id))
    .returning();
  if (status !== inv.status) await recordStatus(tx, inv, inv.status, status, userId);
  return updated;
}

export async function recordStatus(
  tx: DbOrTx,
  inv: { id: number; company_id: number },
  oldStatus: string | null,
  newStatus: string,
  userId: number | null,
  note: string | null = null,
) {
  await tx.insert(invoiceStatusHistory).values({
    company_id: inv.company_id,
    invoice_id: inv.id,
    old_status: oldStatus,
    new_status: newStatus,
    note,
    user_id: userId,
  });
}

/**
 * The retailer signed for the goods (delivery): the invoice is marked signed (kept four years,
 * never deleted) and its status history says who received it, when and where. The status itself
 * goes to delivered through changeInvoiceStatus (its rules apply); a paid or partially paid
 * invoice keeps the status its money gives, and the delivery writes a 'delivered' entry of its own
 * (old status paid) that carries the note. Runs in the caller's transaction.
 */
export async function markInvoiceSigned(tx: DbOrTx, inv: InvoiceRow, signedAt: Date, note: string) {
  await tx.update(invoices).set({ signed_at: signedAt }).where(eq(invoices.id, inv.id));
  const [last] = await tx
    .select({ id: invoiceStatusHistory.id })
    .from(invoiceStatusHistory)
    .where(and(eq(invoiceStatusHistory.invoice_id, inv.id), eq(invoiceStatusHistory.new_status, 'delivered')))
    .orderBy(desc(invoiceStatusHistory.id))
    .limit(1);
  if (last) await tx.update(invoiceStatusHistory).set({ note }).where(eq(invoiceStatusHistory.id, last.id));
}

/** A cancel gives the stamps back to the roll and the quantities back to stock. */
async function cancelEffects(tx: Tx, actor: Actor, inv: InvoiceRow, inventoryOn: boolean) {
  await releaseInvoiceStamps(tx, { companyId: actor.companyId, invoiceId: inv.id, userId: actor.userId });
  await applyDifference(tx, {
    companyId: actor.companyId,
    userId: actor.userId,
    invoiceId: inv.id,
    ref: displayNumber(inv),
    inventoryOn,
    before: await currentStockLines(tx, inv.id),
    after: [],
  });
}

/** PUT /invoice/{id} with only status / invoiced_at / due_at: changes just that. */
export async function changeInvoiceStatus(
  w: InvoiceWiring,
  db: Db,
  actor: Actor,
  invoiceId: number,
  change: InvoiceStatusChange,
) {
  const { companyId, userId } = actor;
  const inventoryOn = await activeFeatureNames(db, companyId).then((f) => f.has('inventory'));
  const changed = await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const inv = await findInvoice(tx, companyId, { id: invoiceId }, { lock: true });
    const set: Partial<typeof invoices.$inferInsert> = {};
    if (change.status !== undefined && change.status !== inv.status) set.status = change.status;
    if (change.invoiced_at !== undefined && change.invoiced_at !== inv.invoiced_at)
      set.invoiced_at = change.invoiced_at;
    if (change.due_at !== undefined && (change.due_at ?? null) !== inv.due_at) set.due_at = change.due_at ?? null;
    if (Object.keys(set).length === 0) return false;
    if (inv.status === 'cancelled') throw badRequest(INVOICE_MSG.cancelledEdit);
    if (!can(actor.role, 'invoice.edit') && (inv.status !== 'draft' || (set.status ?? 'draft') !== 'draft'))
      throw forbidden(DRAFT_ONLY_MESSAGE(actor.role ?? ''));
    if (set.status) await refuseStampMismatchOf(tx, inv.id, set.status);

    const [after] = await tx
      .update(invoices)
      .set({ ...set, updated_at: new Date(), ...nextVersion(userId) })
      .where(eq(invoices.id, inv.id))
      .returning();
    if (set.status) {
      await recordStatus(tx, inv, inv.status, set.status, userId);
      if (set.status === 'cancelled') await cancelEffects(tx, actor, inv, inventoryOn);
      await invoiceStatusChanged(w, { tx, companyId, userId, invoice: after, from: inv.status, to: set.status });
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
  return { detail: await loadInvoiceDetail(w, db, companyId, invoiceId), changed };
}

/** DELETE /invoice/{number} (or an id with ?by=id): owners only, cancelled invoices only. */
export async function deleteInvoice(db: Db, actor: Actor, key: InvoiceKey) {
  const inv = await findInvoice(db, actor.companyId, key);
  // the retailer's signature is a TABC record: kept four years, whatever the status
  if (inv.signed_at) throw badRequest(DELIVERY_MSG.signedKept);
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
