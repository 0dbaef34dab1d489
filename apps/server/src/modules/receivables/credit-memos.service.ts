/**
 * Credit memos: bottles returned or broken, credited from an invoice. A memo's total is allocated
 * to its invoice up to what the invoice still owes (settled by the payments module, the one writer
 * of paid_total); the rest is on-account credit. Stock comes back when inventory is on; the stamp
 * ledger is never touched (returned stamped bottles keep their stamps).
 */
import { displayNumber } from '@dbo/domain/invoice';
import { centsToString, invoiceTotals, toCents } from '@dbo/domain/money';
import { type CreditMemo, RECEIVABLES_MSG, creditMemoNumber } from '@dbo/domain/receivables';
import type { z } from 'zod';
import type { creditMemoSchema } from '@dbo/domain/receivables';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import { activeFeatureNames } from '../company/company.service.js';
import { users } from '../company/company.tables.js';
import { lockStock } from '../inventory/inventory.ledger.js';
import { returnStock } from '../inventory/inventory.service.js';
import { customerNumberingOn, findInvoice } from '../invoices/invoice-lookup.service.js';
import { invoiceItems, invoices } from '../invoices/invoices.tables.js';
import { recordCreditMemo } from '../payments/credit-memo-writes.js';
import { creditMemoItems, creditMemos, paymentAllocations } from '../payments/payments.tables.js';

type CreditMemoValues = z.output<typeof creditMemoSchema>;

/** What each product of the invoice sold, less what earlier memos credited. */
async function creditable(tx: DbOrTx, invoiceId: number) {
  const lines = await tx
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoice_id, invoiceId))
    .orderBy(asc(invoiceItems.position), asc(invoiceItems.id));
  const earlier = await tx
    .select({ product_id: creditMemoItems.product_id, qty: sql<number>`sum(${creditMemoItems.qty})::int` })
    .from(creditMemoItems)
    .innerJoin(creditMemos, eq(creditMemos.id, creditMemoItems.credit_memo_id))
    .where(eq(creditMemos.invoice_id, invoiceId))
    .groupBy(creditMemoItems.product_id);
  const byProduct = new Map<number, { line: (typeof lines)[number]; sold: number; credited: number }>();
  for (const l of lines) {
    if (l.product_id === null) continue;
    const cur = byProduct.get(l.product_id);
    if (cur) cur.sold += l.qty;
    else byProduct.set(l.product_id, { line: l, sold: l.qty, credited: 0 });
  }
  for (const e of earlier) {
    const cur = e.product_id === null ? undefined : byProduct.get(e.product_id);
    if (cur) cur.credited = Number(e.qty);
  }
  return byProduct;
}

export async function issueCreditMemo(
  db: Db,
  actor: { companyId: number; userId: number },
  invoiceId: number,
  v: CreditMemoValues,
) {
  const { companyId, userId } = actor;
  const inventoryOn = (await activeFeatureNames(db, companyId)).has('inventory');
  const numbering = await customerNumberingOn(db, companyId);
  const id = await db.transaction(async (tx) => {
    // the company lock first (as invoice saves and stock writers take it), then the invoice
    await lockStock(tx, companyId);
    const inv = await findInvoice(tx, companyId, { id: invoiceId }, { lock: true });
    if (inv.status === 'draft' || inv.status === 'cancelled') throw badRequest(RECEIVABLES_MSG.memoNotIssued);
    const can = await creditable(tx, inv.id);
    const qtyOf = new Map<number, number>();
    for (const it of v.items) qtyOf.set(it.product_id, (qtyOf.get(it.product_id) ?? 0) + it.qty);
    const lines = [...qtyOf].map(([productId, qty]) => {
      const c = can.get(productId);
      if (!c) throw badRequest(RECEIVABLES_MSG.memoProductNotOnInvoice);
      const left = c.sold - c.credited;
      if (qty > left) throw badRequest(RECEIVABLES_MSG.memoQtyOver(c.line.product_name, left));
      return { c, qty };
    });
    const totals = invoiceTotals(
      lines.map(({ c, qty }) => ({ qty, price: c.line.price, taxable: c.line.taxable })),
      inv.tax_rate,
    );
    const memo = await recordCreditMemo(tx, {
      companyId,
      userId,
      inv,
      reason: v.reason,
      totals,
      lines: lines.map(({ c, qty }) => ({
        invoice_item_id: c.line.id,
        product_id: c.line.product_id,
        product_name: c.line.product_name,
        qty,
        price: c.line.price,
      })),
    });
    const { number } = memo;
    if (inventoryOn) {
      await returnStock(tx, {
        companyId,
        userId,
        invoiceId: inv.id,
        ref: creditMemoNumber(number),
        lines: lines.map(({ c, qty }) => ({ product_id: c.line.product_id as number, qty, price: c.line.price })),
      });
    }
    await recordActivity(tx, {
      companyId,
      userId,
      module: 'PAYMENT',
      type: 'CREATE',
      info: {
        creditMemo: creditMemoNumber(number),
        invoiceNumber: inv.number,
        beer: inv.beer,
        amount: totals.total,
        label: displayNumber(inv, numbering),
      },
    });
    return memo.id;
  });
  const [memo] = await listCreditMemos(db, companyId, { memoId: id });
  return memo;
}

/** Memos of an invoice, of a customer, or one memo; newest first, with lines and what was applied. */
export async function listCreditMemos(
  db: DbOrTx,
  companyId: number,
  by: { invoiceId?: number; customerId?: number; memoId?: number },
): Promise<CreditMemo[]> {
  const numbering = await customerNumberingOn(db, companyId);
  const rows = await db
    .select({
      m: creditMemos,
      number: invoices.number,
      beer: invoices.beer,
      customer_id: invoices.customer_id,
      // who issued it (a removed user is kept, so still named)
      user: users.name,
    })
    .from(creditMemos)
    .innerJoin(invoices, eq(invoices.id, creditMemos.invoice_id))
    .leftJoin(users, and(eq(users.id, creditMemos.user_id), eq(users.company_id, creditMemos.company_id)))
    .where(
      and(
        eq(creditMemos.company_id, companyId),
        by.invoiceId ? eq(creditMemos.invoice_id, by.invoiceId) : undefined,
        by.customerId ? eq(creditMemos.customer_id, by.customerId) : undefined,
        by.memoId ? eq(creditMemos.id, by.memoId) : undefined,
      ),
    )
    .orderBy(desc(creditMemos.number))
    .limit(500);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.m.id);
  const items = await db
    .select()
    .from(creditMemoItems)
    .where(inArray(creditMemoItems.credit_memo_id, ids))
    .orderBy(asc(creditMemoItems.id));
  const applied = await db
    .select({ id: paymentAllocations.credit_memo_id, amount: sql<string>`sum(${paymentAllocations.amount})` })
    .from(paymentAllocations)
    .where(inArray(paymentAllocations.credit_memo_id, ids))
    .groupBy(paymentAllocations.credit_memo_id);
  return rows.map(({ m, user, ...inv }) => {
    const appliedCents = toCents(applied.find((a) => a.id === m.id)?.amount ?? '0');
    return {
      id: m.id,
      number: m.number,
      number_label: creditMemoNumber(m.number),
      invoice_id: m.invoice_id,
      invoice_label: displayNumber(inv, numbering),
      customer_id: m.customer_id,
      issued_at: m.issued_at,
      reason: m.reason,
      sub_total: Number(m.sub_total),
      tax_total: Number(m.tax_total),
      total: Number(m.total),
      applied: Number(centsToString(appliedCents)),
      on_account: Number(centsToString(toCents(m.total) - appliedCents)),
      items: items
        .filter((i) => i.credit_memo_id === m.id)
        .map((i) => ({
          product_id: i.product_id,
          product_name: i.product_name,
          qty: i.qty,
          price: Number(i.price),
          total: Number(i.total),
        })),
      user_id: m.user_id,
      user,
      created_at: m.created_at,
    };
  });
}

export async function findCreditMemo(db: DbOrTx, companyId: number, memoId: number) {
  const [memo] = await listCreditMemos(db, companyId, { memoId });
  if (!memo) throw notFound(RECEIVABLES_MSG.memoNotFound);
  return memo;
}
