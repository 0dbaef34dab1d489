/**
 * The aging report: per customer, what is open as of a day in buckets of days past due. One SQL
 * aggregate (GROUPING SETS gives the per-customer rows and the totals row in the same pass); no
 * invoice is looked at one by one in JavaScript.
 *
 * Open as of the day: the invoice was issued by then (not a draft, not cancelled) and its total
 * less what payments received and credit memos issued by then allocated to it is above zero.
 * Due day: the due date, else the invoice date. Days past due are counted on Texas days.
 */
import type { AgingAnswer } from '@dbo/domain/receivables';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';

interface RawRow {
  customer_id: number | null;
  customer: string | null;
  invoices: string;
  current: string;
  d1_30: string;
  d31_60: string;
  d61_90: string;
  over_90: string;
  total: string;
  grand: number;
}

/** The aging SQL (exported for the bench, which times it raw). */
export function agingSql(companyId: number, asOf: string, customerId?: number): SQL {
  const onlyCustomer = customerId ? sql`and i.customer_id = ${customerId}` : sql``;
  return sql`
    with paid as (
      -- what payments received and memos issued by the day allocated, per invoice (one hash aggregate)
      select a.invoice_id, sum(a.amount) as amount
      from payment_allocations a
      left join payments p on p.id = a.payment_id
      left join credit_memos m on m.id = a.credit_memo_id
      where a.company_id = ${companyId} and coalesce(p.received_at, m.issued_at) <= ${asOf}::date
      group by a.invoice_id
    ), open_inv as (
      select i.customer_id,
             i.total - coalesce(paid.amount, 0) as open,
             ${asOf}::date - coalesce(i.due_at, i.invoiced_at) as days
      from invoices i
      left join paid on paid.invoice_id = i.id
      where i.company_id = ${companyId}
        and i.status not in ('draft', 'cancelled')
        and i.invoiced_at <= ${asOf}::date
        ${onlyCustomer}
    )
    select o.customer_id, c.name as customer,
           count(*)::text as invoices,
           coalesce(sum(o.open) filter (where o.days <= 0), 0)::text as current,
           coalesce(sum(o.open) filter (where o.days between 1 and 30), 0)::text as d1_30,
           coalesce(sum(o.open) filter (where o.days between 31 and 60), 0)::text as d31_60,
           coalesce(sum(o.open) filter (where o.days between 61 and 90), 0)::text as d61_90,
           coalesce(sum(o.open) filter (where o.days > 90), 0)::text as over_90,
           coalesce(sum(o.open), 0)::text as total,
           grouping(o.customer_id, c.name) as grand
    from open_inv o
    join customers c on c.id = o.customer_id
    where o.open > 0
    group by grouping sets ((o.customer_id, c.name), ())
    order by grand desc, sum(o.open) desc, c.name
  `;
}

const n = (s: string | null | undefined) => Number(s ?? 0);

export async function agingReport(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  customerId?: number,
): Promise<AgingAnswer> {
  const raw = rowsOf<RawRow>(await db.execute(agingSql(companyId, asOf, customerId)));
  const shape = (r: RawRow | undefined) => ({
    invoices: n(r?.invoices),
    current: n(r?.current),
    d1_30: n(r?.d1_30),
    d31_60: n(r?.d31_60),
    d61_90: n(r?.d61_90),
    over_90: n(r?.over_90),
    total: n(r?.total),
  });
  const grand = raw.find((r) => Number(r.grand) !== 0);
  return {
    as_of: asOf,
    rows: raw
      .filter((r) => Number(r.grand) === 0)
      .map((r) => ({ customer_id: Number(r.customer_id), customer: r.customer ?? '', ...shape(r) })),
    totals: shape(grand),
  };
}
