/**
 * The save's statements that do several things at once (issue 37: a save was 31 round trips, each
 * a few tenths of a millisecond of node CPU and a wait on the database):
 * - `openSave`: the company row lock, with everything the save reads before writing (features,
 *   customer, the lines' products, whether the logos named exist) in the same statement;
 * - `insertNewInvoice`: a new invoice's number, the invoice, its lines and its first status, with
 *   the checks that read before writing (the duplicate, the credit law) as columns of the same
 *   statement; a refusal throws and the transaction rolls the writes back.
 */
import { DUPLICATE_WINDOW_HOURS } from '@dbo/domain/invoice';
import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { decodeRow, jsonRow, parsedJson } from '../../db/json-rows.js';
import { notFound } from '../../lib/errors.js';
import { takeInvoiceNumberSql } from '../company/company.service.js';
import { companies, companyFeatures, logos } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { products } from '../products/products.tables.js';
import { invoiceItems, invoiceStatusHistory, invoices } from './invoices.tables.js';

type ProductRow = typeof products.$inferSelect;

const ids = (list: readonly number[]) =>
  list.length
    ? sql.join(
        list.map((id) => sql`${id}::int`),
        sql`, `,
      )
    : sql`null::int`;

/**
 * Locks the company row (every invoice write of a company queues here) and reads, in the same
 * statement, what the save checks before it writes. (A select of one table names its columns
 * unqualified, so the subqueries name the company by its id, never by a column of the outer row.) The reads see the database as it was when the
 * statement began, as the separate reads just after the lock saw it up to a concurrent commit;
 * what races matters (numbers, stamps, duplicates, stock) is read again under the lock by the writes.
 */
export async function openSave(
  tx: Tx,
  companyId: number,
  q: { customerId: number; productIds: readonly number[]; logoIds: readonly number[] },
) {
  const [row] = await tx
    .select({
      company: companies,
      features: sql`(select coalesce(jsonb_agg(${companyFeatures.name}), '[]'::jsonb) from ${companyFeatures}
        where ${companyFeatures.company_id} = ${companyId} and ${companyFeatures.active})`,
      customer: sql`(select ${jsonRow(customers)} from ${customers}
        where ${customers.id} = ${q.customerId} and ${customers.company_id} = ${companyId})`,
      products: sql`(select coalesce(jsonb_agg(${jsonRow(products)}), '[]'::jsonb) from ${products}
        where ${products.company_id} = ${companyId} and ${products.id} in (${ids(q.productIds)}))`,
      logos: sql`(select coalesce(jsonb_agg(${logos.id}), '[]'::jsonb) from ${logos}
        where ${logos.company_id} = ${companyId} and (${logos.id} in (${ids(q.logoIds)})
          or ${logos.id} = (select c.default_logo_id from companies c where c.id = ${companyId})))`,
    })
    .from(companies)
    .where(sql`${companies.id} = ${companyId}`)
    .for('update', { of: companies });
  if (!row) throw notFound('Company not found');
  return {
    company: row.company,
    features: new Set(parsedJson<string[]>(row.features)),
    customer: decodeRow(customers, row.customer),
    products: parsedJson<unknown[]>(row.products).map((p) => decodeRow(products, p) as ProductRow),
    logoIds: new Set(parsedJson<number[]>(row.logos)),
  };
}

/** A record of `table` from an object of its columns' values, for `insert ... select` (only the keys given). */
function recordOf(table: Table, values: Record<string, unknown>) {
  const cols = getTableColumns(table);
  const keys = Object.keys(values).filter((k) => values[k] !== undefined && cols[k]);
  const json: Record<string, unknown> = {};
  for (const k of keys) {
    const v = values[k];
    // json columns go in as JSON; the rest as the text the driver would send
    json[cols[k].name] = v === null || /^json/.test(cols[k].getSQLType()) ? v : cols[k].mapToDriverValue(v);
  }
  return { names: keys.map((k) => sql.identifier(cols[k].name)), json };
}

export interface NewInvoice {
  companyId: number;
  beer: boolean;
  values: Record<string, unknown>;
  items: Record<string, unknown>[];
  userId: number | null;
  /** the duplicate check (a new invoice sent without `force`) */
  duplicate: { customerId: number; fingerprint: string } | null;
  /** extra columns of the statement, read with the writes (the credit-law check) */
  checks?: Record<string, SQL>;
}

/**
 * One statement: the next number of the sequence (the company row is locked by `openSave`), the
 * invoice, its lines, its first status, the same items for the same customer in the last 24 hours
 * (seen as committed when the statement began: every save of the company queues on the lock), and
 * the caller's checks. Answers the invoice as stored, the duplicate's id (or null) and the checks.
 */
export async function insertNewInvoice(tx: Tx, n: NewInvoice) {
  const inv = recordOf(invoices, n.values);
  const items = n.items.map((i) => recordOf(invoiceItems, i));
  const itemNames = items[0]?.names ?? [];
  const since = new Date(Date.now() - DUPLICATE_WINDOW_HOURS * 3600_000).toISOString();
  const checks = Object.entries(n.checks ?? {});
  const result = await tx.execute(sql`
    with num as (${takeInvoiceNumberSql(n.companyId, n.beer)}), ins as (
      insert into ${invoices} (${sql.join(inv.names, sql`, `)}, "number")
      select ${sql.join(
        inv.names.map((c) => sql`r.${c}`),
        sql`, `,
      )}, num.n from jsonb_populate_record(null::invoices, ${JSON.stringify(inv.json)}::jsonb) r, num
      returning *
    ), lines as (
      insert into ${invoiceItems} (${sql.join(itemNames, sql`, `)}, "invoice_id")
      select ${sql.join(
        itemNames.map((c) => sql`r.${c}`),
        sql`, `,
      )}, ins.id from ins, jsonb_populate_recordset(null::invoice_items, ${JSON.stringify(items.map((i) => i.json))}::jsonb) r
      returning 1
    ), status as (
      insert into ${invoiceStatusHistory} (company_id, invoice_id, old_status, new_status, note, user_id)
      select ins.company_id, ins.id, null, ins.status, null, ${n.userId}::int from ins
      returning 1
    )
    select
      (select ${jsonRow(invoices)} from ins as "invoices") as inv,
      (select count(*)::int from lines) + (select count(*)::int from status) as written,
      ${
        n.duplicate
          ? sql`(select ${invoices.id} from ${invoices}
          where ${invoices.company_id} = ${n.companyId} and ${invoices.customer_id} = ${n.duplicate.customerId}
            and ${invoices.items_fingerprint} = ${n.duplicate.fingerprint} and ${invoices.status} <> 'cancelled'
            and ${invoices.created_at} >= ${since}
          order by ${invoices.created_at} desc limit 1)`
          : sql`null::int`
      } as duplicate
      ${
        checks.length
          ? sql`, ${sql.join(
              checks.map(([k, v]) => sql`${v} as ${sql.identifier(k)}`),
              sql`, `,
            )}`
          : sql``
      }`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<
    string,
    unknown
  >[];
  return {
    invoice: decodeRow(invoices, row.inv) as typeof invoices.$inferSelect,
    duplicateId: (row.duplicate as number | null) ?? null,
    checks: row,
  };
}
