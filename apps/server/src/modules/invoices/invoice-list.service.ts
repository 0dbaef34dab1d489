/**
 * Read side: the invoice grid, recent and last invoices and quick search (the CSV and the rows
 * other modules export: invoice-export.service.ts; the company stats: reports/company-stats.service.ts).
 *
 * Grid count: an exact count is cheap while the company's matching rows are few; past COUNT_CAP
 * matching rows the count switches to the planner's estimate (EXPLAIN), so a filter over a
 * million invoices never counts them all. The answer then carries `count_estimated: true`.
 */
import { INVOICE_MSG } from '@dbo/domain/invoice';
import type { GridQuery } from '@dbo/domain/grid';
import { type SQL, and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { estimateRows, type GridColumns, gridClauses } from '../../db/grid.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { customers } from '../customers/customers.tables.js';
import { invoices } from './invoices.tables.js';
import { customerNumberingOn, customerNumberingSql, findCustomer, invoiceSummary } from './invoice-lookup.service.js';
import type { InvoiceWiring } from './invoice-hooks.js';
import { loadInvoiceDetail } from './invoice-read.service.js';

export const COUNT_CAP = 10_000;

export const invoiceGridColumns: GridColumns = {
  id: { expr: invoices.id, type: 'number' },
  number: { expr: invoices.number, type: 'number' },
  display_number: {
    expr: sql`(${invoices.number}::text || case when ${invoices.beer} then 'B' else '' end)`,
    type: 'text',
    sortable: false,
  },
  beer: { expr: invoices.beer, type: 'boolean' },
  customer: { expr: customers.name, type: 'text' },
  customer_name: { expr: customers.name, type: 'text' },
  customer_id: { expr: invoices.customer_id, type: 'number' },
  status: { expr: invoices.status, type: 'set' },
  invoiced_at: { expr: invoices.invoiced_at, type: 'date' },
  due_at: { expr: invoices.due_at, type: 'date' },
  sub_total: { expr: invoices.sub_total, type: 'number' },
  tax_total: { expr: invoices.tax_total, type: 'number' },
  total: { expr: invoices.total, type: 'number' },
  paid_total: { expr: invoices.paid_total, type: 'number' },
  created_at: { expr: invoices.created_at, type: 'timestamp' },
};

/** The grid's filters and sort for a company (and one customer): the grid and the exports use it. */
export function gridWhere(companyId: number, q: GridQuery, customerId?: number) {
  const g = gridClauses(q, invoiceGridColumns, {
    defaultSort: [{ colId: 'invoiced_at', sort: 'desc' }],
    tieBreaker: invoices.id,
  });
  const conds: (SQL | undefined)[] = [eq(invoices.company_id, companyId), g.where];
  if (customerId) conds.push(eq(invoices.customer_id, customerId));
  const needsCustomer = Object.keys(q.filterModel).some((k) => k === 'customer' || k === 'customer_name');
  return { g, where: and(...conds), needsCustomer };
}

export async function countInvoices(db: DbOrTx, where: SQL | undefined, joinCustomer: boolean) {
  const base = db.select({ one: sql`1` }).from(invoices);
  const inner = (joinCustomer ? base.innerJoin(customers, eq(customers.id, invoices.customer_id)) : base)
    .where(where)
    .limit(COUNT_CAP + 1);
  const [{ n }] = await db.select({ n: sql<string>`count(*)` }).from(inner.as('capped'));
  const capped = Number(n);
  if (capped <= COUNT_CAP) return { count: capped, estimated: false };
  const full = (
    joinCustomer
      ? db.select({ one: sql`1` }).from(invoices).innerJoin(customers, eq(customers.id, invoices.customer_id))
      : db.select({ one: sql`1` }).from(invoices)
  ).where(where);
  const estimate = await estimateRows(db, full.getSQL());
  return { count: Math.max(estimate, COUNT_CAP + 1), estimated: true };
}

export async function invoiceGrid(db: DbOrTx, companyId: number, q: GridQuery, customerId?: number) {
  const { g, where, needsCustomer } = gridWhere(companyId, q, customerId);
  // the page (with the company's numbering setting) and its count: on a pool they run side by side
  const [rows, { count, estimated }] = await Promise.all([
    db
      .select({
        inv: invoices,
        customer_name: customers.name,
        customer_deleted_at: customers.deleted_at,
        numbering: customerNumberingSql(companyId),
      })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customer_id))
      .where(where)
      .orderBy(...g.orderBy)
      .limit(g.limit)
      .offset(g.offset),
    countInvoices(db, where, needsCustomer),
  ]);
  return {
    rows: rows.map((r) => ({
      ...invoiceSummary(r.inv, r.numbering),
      customer_name: r.customer_name,
      customer: { id: r.inv.customer_id, name: r.customer_name, deleted: !!r.customer_deleted_at },
    })),
    count,
    ...(estimated ? { count_estimated: true } : {}),
  };
}

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

/** The customer's latest invoice that is not cancelled (the builder's 'last invoice'). */
export async function lastInvoice(w: InvoiceWiring, db: DbOrTx, companyId: number, customerId: number) {
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
  return loadInvoiceDetail(w, db, companyId, row.id);
}

// ---- quick search --------------------------------------------------------------------------------------

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Invoices whose number starts with the digits typed ('1001', '1001B', '7-1001'; index-backed by
 * the text_pattern_ops index on number::text) and customers whose name or TABC id contains the
 * text. Five of each.
 */
export async function quickSearch(db: DbOrTx, companyId: number, query: string, limit = 5) {
  const q = query.trim();
  if (q.length < 3) throw badRequest('Please type at least 3 characters');
  const m = /^#?(?:(\d+)-)?(\d+)(b?)$/i.exec(q);
  const invoiceSearch = () => {
    if (!m) return [];
    const conds: SQL[] = [
      eq(invoices.company_id, companyId),
      sql`(${invoices.number}::text) like ${`${escapeLike(m[2])}%`}`,
    ];
    if (m[3]) conds.push(eq(invoices.beer, true));
    if (m[1]) conds.push(eq(invoices.customer_id, Number(m[1])));
    return db
      .select({ inv: invoices, customer_name: customers.name, numbering: customerNumberingSql(companyId) })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customer_id))
      .where(and(...conds))
      .orderBy(sql`(${invoices.number}::text)`, asc(invoices.beer))
      .limit(limit);
  };
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  // the two searches are independent: on a pool they run side by side
  const [invoiceRows, customerRows] = await Promise.all([
    invoiceSearch(),
    db
      .select({
        id: customers.id,
        name: customers.name,
        city: customers.city,
        tabc_id: customers.tabc_id,
      })
      .from(customers)
      .where(
        and(
          eq(customers.company_id, companyId),
          isNull(customers.deleted_at),
          sql`(lower(${customers.name}) like ${pattern} or lower(${customers.tabc_id}) like ${pattern})`,
        ),
      )
      .orderBy(sql`lower(${customers.name})`, asc(customers.id))
      .limit(limit),
  ]);
  return {
    invoices: invoiceRows.map((r) => ({ ...invoiceSummary(r.inv, r.numbering), customer_name: r.customer_name })),
    customers: customerRows,
  };
}
