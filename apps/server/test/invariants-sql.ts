/**
 * The invariants the API does not show, as SQL on the test database: each query answers the rows
 * that break it (none when it holds). One round trip for all of them, as one UNION ALL.
 */
import { type SQL, sql } from 'drizzle-orm';

/** [the invariant, in words; the rows breaking it (as JSON)] */
export const SQL_INVARIANTS = (c: number): [string, SQL][] => [
  [
    '(1) every stamp in exactly one state (AVAILABLE or DESTROYED without an invoice, INVOICED with one)',
    sql`select json_build_object('roll', roll_id, 'number', number, 'status', status, 'invoice', invoice_id)
        from stamps where company_id = ${c}
          and not ((status = 'INVOICED' and invoice_id is not null)
                or (status in ('AVAILABLE', 'DESTROYED') and invoice_id is null))`,
  ],
  [
    '(1) every roll holds exactly its numbers in the ledger',
    sql`select json_build_object('roll', r.id, 'size', r."to" - r."from" + 1, 'stamps', count(s.number))
        from stamp_rolls r left join stamps s on s.roll_id = r.id where r.company_id = ${c}
        group by r.id having count(s.number) <> r."to" - r."from" + 1`,
  ],
  [
    '(1) every non-draft, non-cancelled liquor invoice holds exactly its need of stamps',
    sql`select json_build_object('invoice', i.id, 'number', i.number, 'status', i.status, 'need', n.need,
                                 'held', coalesce(s.held, 0))
        from invoices i
        join (select invoice_id, coalesce(sum(qty) filter (where product_type = 'LIQUOR' and qty > 0), 0) as need
              from invoice_items group by invoice_id) n on n.invoice_id = i.id
        left join (select invoice_id, count(*) as held from stamps where status = 'INVOICED' group by invoice_id) s
          on s.invoice_id = i.id
        where i.company_id = ${c} and i.status not in ('draft', 'cancelled') and coalesce(s.held, 0) <> n.need`,
  ],
  [
    "(2) each product's stock equals the sum of its inventory history",
    sql`select json_build_object('item', i.id, 'product', i.product_id, 'qty', i.qty, 'history', coalesce(sum(h.qty), 0))
        from inventory i left join inventory_history h on h.inventory_id = i.id where i.company_id = ${c}
        group by i.id, i.product_id, i.qty having i.qty <> coalesce(sum(h.qty), 0)`,
  ],
  [
    "(4) each invoice's paid total equals its allocations (payments and credit memos)",
    sql`select json_build_object('invoice', i.id, 'status', i.status, 'paid_total', i.paid_total, 'allocated', coalesce(a.s, 0))
        from invoices i left join (select invoice_id, sum(amount) as s from payment_allocations group by invoice_id) a
          on a.invoice_id = i.id
        where i.company_id = ${c} and i.paid_total <> coalesce(a.s, 0)`,
  ],
  [
    "(4) no invoice's remaining amount (total - paid - credit memos) is below 0",
    sql`select json_build_object('invoice', id, 'status', status, 'total', total, 'paid_total', paid_total)
        from invoices where company_id = ${c} and total - paid_total < 0`,
  ],
  [
    "(3) every allocation is above 0 and on an invoice of its payment's or memo's customer",
    sql`select json_build_object('allocation', a.id, 'amount', a.amount, 'invoice', a.invoice_id)
        from payment_allocations a join invoices i on i.id = a.invoice_id
        left join payments p on p.id = a.payment_id left join credit_memos m on m.id = a.credit_memo_id
        where a.company_id = ${c} and (a.amount < 0 or coalesce(p.customer_id, m.customer_id) <> i.customer_id)`,
  ],
  [
    '(3) no payment or credit memo allocates more than its amount',
    sql`select json_build_object('payment', p.id, 'amount', p.amount, 'allocated', sum(a.amount))
        from payments p join payment_allocations a on a.payment_id = p.id where p.company_id = ${c}
        group by p.id, p.amount having sum(a.amount) > p.amount
        union all
        select json_build_object('memo', m.id, 'total', m.total, 'allocated', sum(a.amount))
        from credit_memos m join payment_allocations a on a.credit_memo_id = m.id where m.company_id = ${c}
        group by m.id, m.total having sum(a.amount) > m.total`,
  ],
  [
    '(6) invoice numbers are unique per sequence (liquor, beer)',
    sql`select json_build_object('number', number, 'beer', beer, 'count', count(*))
        from invoices where company_id = ${c} group by number, beer having count(*) > 1`,
  ],
];

/** One query: each broken invariant's index and up to 5 of its rows. */
export function brokenSql(c: number) {
  const parts = SQL_INVARIANTS(c).map(
    ([, q], i) => sql`select ${i}::int as check, (select json_agg(x) from (select * from (${q}) q limit 5) x) as rows`,
  );
  return sql`select * from (${sql.join(parts, sql` union all `)}) all_checks where rows is not null`;
}

/** Per customer: money received (payments + credit memos), allocated, and a fingerprint of its rows. */
export const customerMoneySql = (c: number) =>
  sql`select c.id,
        coalesce((select sum(amount) from payments where customer_id = c.id), 0)
          + coalesce((select sum(total) from credit_memos where customer_id = c.id), 0) as received,
        coalesce((select sum(a.amount) from payment_allocations a
                    left join payments p on p.id = a.payment_id left join credit_memos m on m.id = a.credit_memo_id
                  where coalesce(p.customer_id, m.customer_id) = c.id), 0) as allocated,
        md5(concat_ws('|', c.deleted_at::text,
          (select string_agg(i::text, ';' order by i.id) from invoices i where i.customer_id = c.id),
          (select string_agg(p::text, ';' order by p.id) from payments p where p.customer_id = c.id),
          (select string_agg(m::text, ';' order by m.id) from credit_memos m where m.customer_id = c.id),
          (select string_agg(a::text, ';' order by a.id) from payment_allocations a
             join invoices i on i.id = a.invoice_id where i.customer_id = c.id))) as fp
      from customers c where c.company_id = ${c} order by c.id`;

/** The stamp ledger's counts per roll and a fingerprint of the stamp log. */
export const stampLedgerSql = (c: number) =>
  sql`select s.roll_id, count(*) filter (where s.status = 'AVAILABLE')::int as available,
        count(*) filter (where s.status = 'INVOICED')::int as invoiced,
        count(*) filter (where s.status = 'DESTROYED')::int as destroyed,
        (select md5(coalesce(string_agg(a::text, ';' order by a.id), '')) from stamp_assignments a
          where a.company_id = ${c}) as log
      from stamps s where s.company_id = ${c} group by s.roll_id order by s.roll_id`;
