/**
 * A stop completed at the door (POST /delivery/stop/{invoiceId}/complete), in one transaction:
 * the invoice becomes delivered through the invoice status service, short or refused lines become a
 * credit memo through the receivables service (stock back, stamps kept), the COD payment is a
 * payment of the customer through the payments service (what is over the invoice stays on account),
 * and the invoice is signed (kept four years). The phone's `client_id` makes a replay answer the
 * first completion and record nothing. After the commit the signature (and photo) join the invoice's
 * documents and a copy of the signed invoice goes to the customer's email.
 */
import { DELIVERY_MSG, receivedLine, type StopCompleteOut, type StopCompleteValues } from '@dbo/domain/delivery';
import { toDay } from '@dbo/domain/dates';
import { can } from '@dbo/domain/permissions';
import { centsToString, toCents } from '@dbo/domain/money';
import { isMoneyStatus } from '@dbo/domain/payment';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { customers } from '../customers/customers.tables.js';
import { saveDocument } from '../documents/documents.service.js';
import { sendInvoiceEmail } from '../email/email.service.js';
import { findInvoice, lockCompany } from '../invoices/invoice-lookup.service.js';
import type { InvoiceWiring } from '../invoices/invoice-hooks.js';
import { changeInvoiceStatus, markInvoiceSigned, recordStatus } from '../invoices/invoice-status.service.js';
import { invoiceItems } from '../invoices/invoices.tables.js';
import { addCustomerPayment } from '../payments/customer-payments.service.js';
import { issueCreditMemo } from '../receivables/credit-memos.service.js';
import { isCod } from './delivery-read.service.js';
import { deliveryInvoices, deliveryRoutes } from './delivery.tables.js';

type DeliveryRow = typeof deliveryInvoices.$inferSelect;

interface Actor {
  companyId: number;
  userId: number;
  role?: string;
}

function answer(row: DeliveryRow, status: string, duplicate: boolean): StopCompleteOut {
  return {
    invoice_id: row.invoice_id,
    client_id: row.client_id ?? '',
    status,
    received_by: row.received_by ?? '',
    completed_at: row.completed_at ?? new Date(),
    payment_id: row.payment_id,
    credit_memo_id: row.credit_memo_id,
    duplicate,
  };
}

async function replayOf(db: DbOrTx, companyId: number, invoiceId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(deliveryInvoices)
    .where(and(eq(deliveryInvoices.company_id, companyId), eq(deliveryInvoices.client_id, clientId)));
  if (!row) return null;
  if (row.invoice_id !== invoiceId) throw badRequest('This client_id was already used for another invoice');
  const inv = await findInvoice(db, companyId, { id: invoiceId });
  return answer(row, inv.status, true);
}

/** The lines the driver could not hand over, as credit memo items per product, with the reasons. */
function shortLines(items: (typeof invoiceItems.$inferSelect)[], lines: StopCompleteValues['lines']) {
  const byId = new Map(items.map((i) => [i.id, i]));
  const credit = new Map<number, number>();
  const reasons: string[] = [];
  for (const l of lines ?? []) {
    const it = byId.get(l.item_id);
    if (!it) throw badRequest(DELIVERY_MSG.lineNotOnInvoice);
    if (l.delivered_qty > it.qty) throw badRequest(DELIVERY_MSG.lineOver(it.product_name, it.qty));
    if (l.delivered_qty === it.qty) continue;
    if (!l.reason) throw badRequest(DELIVERY_MSG.reasonRequired(it.product_name));
    if (it.product_id === null) throw badRequest(`${it.product_name} has no product left to credit`);
    credit.set(it.product_id, (credit.get(it.product_id) ?? 0) + it.qty - l.delivered_qty);
    reasons.push(`${it.product_name}: ${l.delivered_qty} of ${it.qty} delivered (${l.reason})`);
  }
  return { items: [...credit].map(([product_id, qty]) => ({ product_id, qty })), reasons };
}

export async function completeStop(
  deps: { db: Db; mailer: Mailer; dataDir: string; wiring: InvoiceWiring; log?: (err: unknown) => void },
  actor: Actor,
  invoiceId: number,
  v: StopCompleteValues,
): Promise<StopCompleteOut> {
  const { db } = deps;
  const { companyId, userId } = actor;
  const replay = await replayOf(db, companyId, invoiceId, v.client_id);
  if (replay) return replay;
  const completedAt = new Date(v.completed_at);
  const result = await db.transaction(async (tx) => {
    // the services below open savepoints in this transaction: one commit or nothing
    const txDb = tx as unknown as Db;
    await lockCompany(tx, companyId);
    const [di] = await tx
      .select()
      .from(deliveryInvoices)
      .where(and(eq(deliveryInvoices.company_id, companyId), eq(deliveryInvoices.invoice_id, invoiceId)))
      .for('update');
    if (!di) {
      await findInvoice(tx, companyId, { id: invoiceId }); // another company's invoice: 404 as usual
      throw notFound(DELIVERY_MSG.stopNotFound);
    }
    if (!can(actor.role, 'delivery.manage')) {
      // a driver completes only the stops of their own routes
      const [route] = await tx
        .select({ driver: deliveryRoutes.driver_user_id })
        .from(deliveryRoutes)
        .where(eq(deliveryRoutes.id, di.route_id));
      if (route?.driver !== userId) throw notFound(DELIVERY_MSG.stopNotFound);
    }
    if (di.client_id === v.client_id) return { row: di, duplicate: true };
    if (di.completed_at) throw conflict(DELIVERY_MSG.alreadyDelivered);
    const inv = await findInvoice(tx, companyId, { id: invoiceId }, { lock: true });
    if (inv.status === 'cancelled') throw badRequest(DELIVERY_MSG.cancelled);
    if (inv.status === 'draft') throw badRequest(DELIVERY_MSG.invoiceNotEligible(String(inv.number)));
    const [customer] = await tx.select().from(customers).where(eq(customers.id, inv.customer_id));
    const items = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, inv.id));
    const short = shortLines(items, v.lines);

    // paid (or partly paid) before the truck came: the status stays what its money says, and the
    // history gets a delivered entry of its own saying so (a later refund then goes back to delivered)
    const paidBefore = isMoneyStatus(inv.status) ? inv.status : null;
    if (paidBefore) await recordStatus(tx, inv, paidBefore, 'delivered', userId);
    else if (inv.status !== 'delivered')
      // the delivered status is part of the driver's own delivery (delivery.own), not an edit of the
      // invoice: the status service's rules apply, its edit-screen role check does not
      await changeInvoiceStatus(deps.wiring, txDb, { companyId, userId, role: 'owner' }, inv.id, {
        status: 'delivered',
      });

    let creditMemoId: number | null = null;
    if (short.items.length) {
      const memo = await issueCreditMemo(txDb, { companyId, userId }, inv.id, {
        items: short.items,
        reason: `Delivery: ${short.reasons.join('; ')}`,
      });
      creditMemoId = memo.id;
    }
    const after = await findInvoice(tx, companyId, { id: inv.id });
    const owedCents = Math.max(toCents(after.total) - toCents(after.paid_total), 0);
    let paymentId: number | null = null;
    if (v.payment) {
      const allocCents = Math.min(toCents(v.payment.amount), owedCents);
      const paid = await addCustomerPayment(txDb, companyId, userId, inv.customer_id, {
        amount: v.payment.amount,
        method: v.payment.method,
        reference: v.payment.reference,
        paid_at: toDay(completedAt.toISOString()),
        note: `Collected on delivery, received by ${v.received_by}`,
        allocations: allocCents > 0 ? [{ invoice_id: inv.id, amount: Number(centsToString(allocCents)) }] : [],
      });
      paymentId = paid.id;
    }
    const place =
      v.lat !== undefined && v.lat !== null && v.lng !== undefined && v.lng !== null
        ? ` at ${v.lat.toFixed(5)}, ${v.lng.toFixed(5)}`
        : '';
    const before = paidBefore ? `${DELIVERY_MSG.paidBeforeDelivery(paidBefore)}. ` : '';
    // in Texas time, as the PDF's line reads
    await markInvoiceSigned(tx, inv, completedAt, `${before}${receivedLine(v.received_by, completedAt)}${place}`);
    const [row] = await tx
      .update(deliveryInvoices)
      .set({
        client_id: v.client_id,
        received_by: v.received_by,
        completed_at: completedAt,
        lat: v.lat ?? null,
        lng: v.lng ?? null,
        signature: v.signature_png,
        lines: JSON.stringify(
          (v.lines ?? []).map((l) => ({ item_id: l.item_id, delivered_qty: l.delivered_qty, reason: l.reason })),
        ),
        payment_id: paymentId,
        payment_method: v.payment?.method ?? null,
        payment_amount: v.payment ? v.payment.amount.toFixed(2) : null,
        payment_reference: v.payment?.reference ?? null,
        cod_due: isCod(inv, customer) ? centsToString(owedCents) : null,
        credit_memo_id: creditMemoId,
        completed_by: userId,
        updated_at: new Date(),
      })
      .where(eq(deliveryInvoices.id, di.id))
      .returning();
    return { row, duplicate: false, email: customer.contact_email.trim() };
  });
  const inv = await findInvoice(db, companyId, { id: invoiceId });
  if (!result.duplicate) await afterCompletion(deps, actor, result.row, v, inv.number, inv.beer, result.email ?? '');
  return answer(result.row, inv.status, result.duplicate);
}

const dataUrlBytes = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
const extOf = (url: string) => (url.startsWith('data:image/png') ? 'png' : 'jpg');

/** Documents and the customer's copy: after the commit, and a failure here never undoes the delivery. */
async function afterCompletion(
  deps: { db: Db; mailer: Mailer; dataDir: string; wiring: InvoiceWiring; log?: (err: unknown) => void },
  actor: Actor,
  row: DeliveryRow,
  v: StopCompleteValues,
  number: number,
  beer: boolean,
  email: string,
) {
  const { db, dataDir } = deps;
  const keep = async (url: string, name: string, column: 'signature_document_id' | 'photo_document_id') => {
    const doc = await saveDocument(db, dataDir, actor.companyId, actor.userId, row.invoice_id, {
      filename: `${name}.${extOf(url)}`,
      buffer: dataUrlBytes(url),
      note: receivedLine(v.received_by, v.completed_at),
    });
    await db
      .update(deliveryInvoices)
      .set({ [column]: doc.id })
      .where(eq(deliveryInvoices.id, row.id));
  };
  const steps: (() => Promise<unknown>)[] = [() => keep(v.signature_png, 'signature', 'signature_document_id')];
  if (v.photo) steps.push(() => keep(v.photo as string, 'delivery-photo', 'photo_document_id'));
  if (email.includes('@'))
    steps.push(() =>
      sendInvoiceEmail(deps.wiring, db, deps.mailer, dataDir, {
        companyId: actor.companyId,
        userId: actor.userId,
        number: String(number),
        beer,
        emails: [email],
        notes: `Signed on delivery by ${v.received_by}.`,
      }),
    );
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      deps.log?.(err);
    }
  }
}
