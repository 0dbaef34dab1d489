/**
 * Reports: every figure is a SQL aggregate over the company's invoices in the range (invoice
 * dates are Texas days already); no invoice row is loaded into JavaScript. Cancelled and draft
 * invoices are left out. The SQL builders are exported so bench/reports.ts can time the same
 * statement raw.
 */
import {
  REPORT_REST_KEY,
  REPORT_TOP_PRODUCTS,
  type SalesGroup,
  type SalesReport,
  type SalesRow,
  type StampsReport,
} from '@dbo/domain/report';
import { rangeLabel } from '@dbo/domain/stamps';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';

/** Invoice statuses no report counts. */
const LEFT_OUT = sql`('cancelled', 'draft')`;

const TYPE_LABELS: Record<string, string> = { LIQUOR: 'Liquor', WINE: 'Wine', BEER: 'Beer', 'N/A': 'Other' };
export const productTypeLabel = (t: string) => TYPE_LABELS[t] ?? t;

interface Range {
  companyId: number;
  from: string;
  to: string;
}

/** The counted invoices of the range (alias i). */
const countedInvoices = ({ companyId, from, to }: Range) => sql`
  select i.id, i.customer_id, i.invoiced_at, i.sub_total, i.tax_total, i.total
  from invoices i
  where i.company_id = ${companyId}
    and i.invoiced_at between ${from}::date and ${to}::date
    and i.status not in ${LEFT_OUT}`;

/** The lines of the counted invoices. */
const countedLines = ({ companyId, from, to }: Range) => sql`
  select it.invoice_id, it.product_id, it.product_name, it.product_type, it.product_size, it.qty, it.total,
         i.customer_id, i.invoiced_at
  from invoice_items it
  join invoices i on i.id = it.invoice_id
  where i.company_id = ${companyId}
    and i.invoiced_at between ${from}::date and ${to}::date
    and i.status not in ${LEFT_OUT}`;

/** Columns every builder answers, in this order. */
interface RawRow {
  key: string;
  label: string;
  month: string | null;
  product_type: string | null;
  product_size: string | null;
  invoices: string | number;
  units: string | number | null;
  sub_total: string | null;
  tax_total: string | null;
  amount: string | null;
  average: string | null;
}

function byProduct(r: Range): SQL {
  return sql`
    with l as (${countedLines(r)}),
    p as (
      select coalesce(l.product_id::text, 'name:' || l.product_name) as key,
             max(l.product_name) as label, max(l.product_type) as product_type, max(l.product_size) as product_size,
             count(distinct l.invoice_id) as invoices, sum(l.qty) as units, sum(l.total) as amount
      from l group by 1
    ),
    ranked as (select p.*, row_number() over (order by p.amount desc, p.label, p.key) as rn from p)
    select key, label, null as month, product_type, product_size, invoices, units,
           amount as sub_total, 0 as tax_total, amount, round(amount / nullif(invoices, 0), 2) as average, rn
    from ranked where rn <= ${REPORT_TOP_PRODUCTS}
    union all
    select ${REPORT_REST_KEY}, count(*) || ' other products', null, null, null,
           (select count(distinct l.invoice_id) from l
             where coalesce(l.product_id::text, 'name:' || l.product_name)
                   not in (select key from ranked where rn <= ${REPORT_TOP_PRODUCTS})),
           sum(units), sum(amount), 0, sum(amount), null, ${REPORT_TOP_PRODUCTS + 1}
    from ranked where rn > ${REPORT_TOP_PRODUCTS}
    having count(*) > 0
    order by rn`;
}

function byCustomer(r: Range): SQL {
  return sql`
    with f as (${countedInvoices(r)}),
    c as (
      select f.customer_id, count(*) as invoices, sum(f.sub_total) as sub_total, sum(f.tax_total) as tax_total,
             sum(f.total) as amount
      from f group by f.customer_id
    ),
    u as (select l.customer_id, sum(l.qty) as units from (${countedLines(r)}) l group by l.customer_id)
    select c.customer_id::text as key, cu.name as label, null as month, null as product_type, null as product_size,
           c.invoices, coalesce(u.units, 0) as units, c.sub_total, c.tax_total, c.amount,
           round(c.amount / c.invoices, 2) as average
    from c
    join customers cu on cu.id = c.customer_id
    left join u on u.customer_id = c.customer_id
    order by c.amount desc, cu.name, c.customer_id`;
}

function byType(r: Range): SQL {
  return sql`
    select to_char(l.invoiced_at, 'YYYY-MM') || '|' || l.product_type as key, l.product_type as label,
           to_char(l.invoiced_at, 'YYYY-MM') as month, l.product_type, null as product_size,
           count(distinct l.invoice_id) as invoices, sum(l.qty) as units, sum(l.total) as sub_total, 0 as tax_total,
           sum(l.total) as amount, round(sum(l.total) / count(distinct l.invoice_id), 2) as average
    from (${countedLines(r)}) l
    group by to_char(l.invoiced_at, 'YYYY-MM'), l.product_type
    order by month, l.product_type`;
}

function byMonth(r: Range): SQL {
  return sql`
    with m as (
      select to_char(f.invoiced_at, 'YYYY-MM') as month, count(*) as invoices, sum(f.sub_total) as sub_total,
             sum(f.tax_total) as tax_total, sum(f.total) as amount
      from (${countedInvoices(r)}) f group by 1
    ),
    u as (select to_char(l.invoiced_at, 'YYYY-MM') as month, sum(l.qty) as units from (${countedLines(r)}) l group by 1)
    select m.month as key, m.month as label, m.month, null as product_type, null as product_size, m.invoices,
           coalesce(u.units, 0) as units, m.sub_total, m.tax_total, m.amount, round(m.amount / m.invoices, 2) as average
    from m left join u on u.month = m.month
    order by m.month`;
}

const BUILDERS: Record<SalesGroup, (r: Range) => SQL> = {
  product: byProduct,
  customer: byCustomer,
  type: byType,
  month: byMonth,
};

/** The SQL of one sales report (for the benchmark). */
export const salesReportSql = (groupBy: SalesGroup, r: Range) => BUILDERS[groupBy](r);

/** The totals of the range: invoices and their sums from the invoices, units from their lines. */
export function salesTotalsSql(r: Range): SQL {
  return sql`
    select t.invoices, t.sub_total, t.tax_total, t.total, u.units
    from (select count(*) as invoices, coalesce(sum(f.sub_total), 0) as sub_total,
                 coalesce(sum(f.tax_total), 0) as tax_total, coalesce(sum(f.total), 0) as total
          from (${countedInvoices(r)}) f) t,
         (select coalesce(sum(l.qty), 0) as units from (${countedLines(r)}) l) u`;
}

const money = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));

function toRow(raw: RawRow, groupBy: SalesGroup): SalesRow {
  return {
    key: String(raw.key),
    label: groupBy === 'type' ? productTypeLabel(raw.label) : raw.label,
    month: raw.month,
    product_type: raw.product_type,
    product_size: raw.product_size,
    invoices: Number(raw.invoices),
    units: Number(raw.units ?? 0),
    sub_total: money(raw.sub_total),
    tax_total: money(raw.tax_total),
    amount: money(raw.amount),
    average: money(raw.average),
  };
}

export async function salesReport(db: DbOrTx, r: Range, groupBy: SalesGroup): Promise<SalesReport> {
  const rows = rowsOf<RawRow>(await db.execute(salesReportSql(groupBy, r)));
  const [t] = rowsOf<{ invoices: string; sub_total: string; tax_total: string; total: string; units: string }>(
    await db.execute(salesTotalsSql(r)),
  );
  const invoices = Number(t.invoices);
  const total = money(t.total);
  return {
    from: r.from,
    to: r.to,
    groupBy,
    rows: rows.map((raw) => toRow(raw, groupBy)),
    totals: {
      invoices,
      units: Number(t.units),
      sub_total: money(t.sub_total),
      tax_total: money(t.tax_total),
      total,
      average: invoices ? Math.round((total * 100) / invoices) / 100 : 0,
    },
  };
}

/**
 * Stamps used per month by roll: stamps on counted invoices (month of the invoice date) and
 * stamps destroyed (month of the destruction, Texas), undone and released ranges left out.
 */
export function stampsReportSql({ companyId, from, to }: Range): SQL {
  return sql`
    with inv as (
      select to_char(i.invoiced_at, 'YYYY-MM') as month, a.roll_id, sum(a."to" - a."from" + 1) as n
      from stamp_assignments a
      join invoices i on i.id = a.invoice_id
      where a.company_id = ${companyId} and a.status = 'INVOICED' and a.released_at is null
        and i.company_id = ${companyId}
        and i.invoiced_at between ${from}::date and ${to}::date
        and i.status not in ${LEFT_OUT}
      group by 1, 2
    ),
    des as (
      select to_char((a.logged_at at time zone 'America/Chicago')::date, 'YYYY-MM') as month, a.roll_id,
             sum(a."to" - a."from" + 1) as n
      from stamp_assignments a
      where a.company_id = ${companyId} and a.status = 'DESTROYED' and a.released_at is null
        and (a.logged_at at time zone 'America/Chicago')::date between ${from}::date and ${to}::date
      group by 1, 2
    )
    select coalesce(inv.month, des.month) as month, r.id as roll_id, r.prefix, r."from", r."to",
           coalesce(inv.n, 0) as invoiced, coalesce(des.n, 0) as destroyed
    from inv
    full join des on des.month = inv.month and des.roll_id = inv.roll_id
    join stamp_rolls r on r.id = coalesce(inv.roll_id, des.roll_id)
    order by 1, r.prefix, r."from"`;
}

export async function stampsReport(db: DbOrTx, r: Range): Promise<StampsReport> {
  const rows = rowsOf<{
    month: string;
    roll_id: number;
    prefix: string;
    from: number;
    to: number;
    invoiced: string;
    destroyed: string;
  }>(await db.execute(stampsReportSql(r)));
  return {
    from: r.from,
    to: r.to,
    rows: rows.map((x) => ({
      month: x.month,
      roll_id: Number(x.roll_id),
      roll: rangeLabel(x.prefix, Number(x.from), Number(x.to)),
      invoiced: Number(x.invoiced),
      destroyed: Number(x.destroyed),
    })),
  };
}
