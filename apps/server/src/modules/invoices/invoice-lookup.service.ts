/**
 * Finding things an invoice needs: the invoice itself (ONE `findInvoice` for every module, by id,
 * by the staff's reference or by the number the email/PDF payloads send), its customer, the
 * company row lock every invoice write takes, and the short shape lists answer.
 *
 * A reference is a NUMBER (staff links are /invoice/{number}): '1001' is the liquor invoice 1001,
 * '1001B' the beer invoice 1001, '7-1001' (customer numbering) customer 7's invoice 1001. Ids go by
 * `{ id }` (the routes' `?by=id`). Only GET /invoice/{ref} without `by` keeps the spec's "id or
 * number": pure digits that are no invoice's number are then read as an id.
 */
import { INVOICE_ID_INVALID, INVOICE_MSG, displayNumber, parseInvoiceRef } from '@dbo/domain/invoice';
import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findCompanyRow } from '../../lib/company-rows.js';
import { activeFeatureNames, featureOnSql } from '../company/company.service.js';
import { companies } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { invoices } from './invoices.tables.js';

export type InvoiceRow = typeof invoices.$inferSelect;

export interface Actor {
  companyId: number;
  userId: number | null;
  role?: string;
}

export const INVOICE_NUMBER_INVALID = 'Invoice number is invalid';

/**
 * How a caller names an invoice:
 * - `{ id }`: the invoice id (payments, documents, print links);
 * - `{ ref }`: what staff type or link ('1001', '1001B', '7-1001'), a number; with `orId`, pure
 *   digits that are no invoice's number are then read as an id (the spec's GET /invoice/{id or number});
 * - `{ number, beer? }`: the number the PDF and email payloads send; an explicit `beer` flag wins
 *   over the absence of a suffix, and a number that does not parse is a 400.
 */
export type InvoiceKey =
  | { id: number }
  | { ref: string | number; orId?: boolean }
  | { number: string | number; beer?: boolean };

/**
 * The key of GET/DELETE /invoice/{ref}: `?by=number` a number only, `?by=id` an id only (digits
 * only: else a 400; an id past the column's range names no invoice: a 404). Without `by`, the
 * route's default: `orId` for GET (the spec's "id or number", the number first), none for DELETE
 * (the spec's DELETE /invoice/{number}: a delete never guesses).
 */
export function invoiceKeyOf(ref: string, by: 'number' | 'id' | undefined, orId = false): InvoiceKey {
  if (by === 'number') return { ref };
  if (by !== 'id') return { ref, orId };
  if (!/^\d+$/.test(ref.trim())) throw badRequest(INVOICE_ID_INVALID);
  const id = Number(ref.trim());
  return { id: id > 2_147_483_647 ? 0 : id };
}

/** The company's invoice (another company's is a 404), optionally under a row lock. */
export async function findInvoice(
  db: DbOrTx,
  companyId: number,
  key: InvoiceKey,
  opts: { lock?: boolean } = {},
): Promise<InvoiceRow> {
  const one = async (where: SQL | undefined) => {
    const q = db
      .select()
      .from(invoices)
      .where(and(eq(invoices.company_id, companyId), where));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row;
  };
  let row: InvoiceRow | undefined;
  if ('id' in key) {
    row = await one(eq(invoices.id, key.id));
  } else if ('ref' in key) {
    const s = String(key.ref);
    const parsed = parseInvoiceRef(s);
    if (!parsed) throw notFound(INVOICE_MSG.invoiceNotFound);
    row = await one(
      and(
        eq(invoices.number, parsed.number),
        eq(invoices.beer, parsed.beer),
        parsed.customerId ? eq(invoices.customer_id, parsed.customerId) : undefined,
      ),
    );
    const digits = s.trim();
    if (!row && key.orId && /^\d+$/.test(digits) && Number(digits) <= 2_147_483_647)
      row = await one(eq(invoices.id, Number(digits)));
  } else {
    const parsed = parseInvoiceRef(String(key.number));
    if (!parsed || parsed.number < 1) throw badRequest(INVOICE_NUMBER_INVALID);
    row = await one(
      and(
        eq(invoices.number, parsed.number),
        eq(invoices.beer, parsed.beer || !!key.beer),
        parsed.customerId ? eq(invoices.customer_id, parsed.customerId) : undefined,
      ),
    );
  }
  if (!row) throw notFound(INVOICE_MSG.invoiceNotFound);
  return row;
}

export const findCustomer = (db: DbOrTx, companyId: number, id: number) =>
  findCompanyRow(db, customers, companyId, id, INVOICE_MSG.customerNotFound);

/**
 * Every invoice write of a company runs under its company row lock (taken first), so saves,
 * edits and cancels queue instead of deadlocking on stamps and stock rows.
 */
export async function lockCompany(tx: Tx, companyId: number) {
  const [c] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!c) throw notFound('Company not found');
  return c;
}

export async function customerNumberingOn(db: DbOrTx, companyId: number) {
  return (await activeFeatureNames(db, companyId)).has('customer_invoice_numbering');
}

/** `customerNumberingOn` as a column of a read (see `featureOnSql`). */
export const customerNumberingSql = (companyId: number) => featureOnSql(companyId, 'customer_invoice_numbering');

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
