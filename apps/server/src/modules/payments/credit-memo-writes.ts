/**
 * The payments module's writes of a credit memo (its tables: memos, their lines, the counter and
 * the allocation to the invoice). The receivables module judges what may be credited and calls
 * this inside its transaction.
 */
import { todayInTexas } from '@dbo/domain/dates';
import { centsToString, lineTotalCents, toCents } from '@dbo/domain/money';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { InvoiceRow } from '../invoices/invoice-lookup.service.js';
import { settleInvoice } from './payments.service.js';
import { creditMemoCounters, creditMemoItems, creditMemos, paymentAllocations } from './payments.tables.js';

export interface CreditMemoLine {
  invoice_item_id: number;
  product_id: number | null;
  product_name: string;
  qty: number;
  price: string;
}

/** The next CM number: one atomic upsert, so concurrent memos never share a number. */
async function nextMemoNumber(tx: Tx, companyId: number): Promise<number> {
  const [r] = await tx
    .insert(creditMemoCounters)
    .values({ company_id: companyId, last_number: 1 })
    .onConflictDoUpdate({
      target: creditMemoCounters.company_id,
      set: { last_number: sql`${creditMemoCounters.last_number} + 1` },
    })
    .returning({ n: creditMemoCounters.last_number });
  return r.n;
}

/**
 * Records a memo of the invoice with its lines (numbered CM-n), and applies it to the invoice up
 * to what the invoice still owes (settling its status); the rest stays on account.
 */
export async function recordCreditMemo(
  tx: Tx,
  m: {
    companyId: number;
    userId: number;
    inv: InvoiceRow;
    reason: string;
    totals: { sub_total: number; tax_total: number; total: number };
    lines: readonly CreditMemoLine[];
  },
) {
  const { companyId, userId, inv, totals } = m;
  const number = await nextMemoNumber(tx, companyId);
  const [memo] = await tx
    .insert(creditMemos)
    .values({
      company_id: companyId,
      number,
      customer_id: inv.customer_id,
      invoice_id: inv.id,
      issued_at: todayInTexas(),
      reason: m.reason,
      sub_total: totals.sub_total.toFixed(2),
      tax_total: totals.tax_total.toFixed(2),
      total: totals.total.toFixed(2),
      user_id: userId,
    })
    .returning();
  await tx.insert(creditMemoItems).values(
    m.lines.map((l) => ({
      company_id: companyId,
      credit_memo_id: memo.id,
      invoice_item_id: l.invoice_item_id,
      product_id: l.product_id,
      product_name: l.product_name,
      qty: l.qty,
      price: l.price,
      total: centsToString(lineTotalCents(l.qty, l.price)),
    })),
  );
  // applied to the invoice up to what it still owes; the rest stays on account
  const applyCents = Math.min(toCents(memo.total), Math.max(toCents(inv.total) - toCents(inv.paid_total), 0));
  if (applyCents > 0) {
    await tx.insert(paymentAllocations).values({
      company_id: companyId,
      credit_memo_id: memo.id,
      invoice_id: inv.id,
      amount: centsToString(applyCents),
    });
    await settleInvoice(tx, inv, userId);
  }
  return memo;
}
