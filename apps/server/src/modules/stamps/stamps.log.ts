import { formatDateTime } from '@dbo/domain/dates';
import { GRID_MSG, type GridQuery, type SimpleFilter } from '@dbo/domain/grid';
import { type SQL, and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type GridColumns, gridClauses } from '../../db/grid.js';
import { badRequest } from '../../lib/errors.js';
import { users } from '../company/company.tables.js';
import { invoices } from '../invoices/invoices.tables.js';
import { stampAssignments } from './stamps.tables.js';

const a = stampAssignments;
const invoiceNumberExpr = sql<
  string | null
>`(${invoices.number}::text || case when ${invoices.beer} then 'B' else '' end)`;

const columns: GridColumns = {
  id: { expr: a.id, type: 'number' },
  roll_id: { expr: a.roll_id, type: 'number' },
  prefix: { expr: a.prefix, type: 'text' },
  from: { expr: a.from, type: 'number' },
  to: { expr: a.to, type: 'number' },
  count: { expr: sql`(${a.to} - ${a.from} + 1)`, type: 'number' },
  status: { expr: a.status, type: 'text' },
  note: { expr: a.note, type: 'text' },
  invoice_number: { expr: invoiceNumberExpr, type: 'text' },
  invoice_id: { expr: a.invoice_id, type: 'number' },
  logged_at: { expr: a.logged_at, type: 'timestamp' },
  released_at: { expr: a.released_at, type: 'timestamp' },
  user: { expr: users.name, type: 'text' },
};

const num = (v: unknown) => {
  const n = Number(v);
  if (v === null || v === undefined || v === '' || !Number.isInteger(n)) throw badRequest(GRID_MSG.badModel);
  return n;
};

/** Entries that hold a stamp number (equals) or touch a number range (inRange, >=, <=). */
function numberCondition(f: SimpleFilter): SQL {
  switch (f.type ?? 'equals') {
    case 'equals': {
      const n = num(f.filter);
      return sql`(${a.from} <= ${n} and ${a.to} >= ${n})`;
    }
    case 'inRange':
      return sql`(${a.from} <= ${num(f.filterTo)} and ${a.to} >= ${num(f.filter)})`;
    case 'greaterThanOrEqual':
      return sql`${a.to} >= ${num(f.filter)}`;
    case 'greaterThan':
      return sql`${a.to} > ${num(f.filter)}`;
    case 'lessThanOrEqual':
      return sql`${a.from} <= ${num(f.filter)}`;
    case 'lessThan':
      return sql`${a.from} < ${num(f.filter)}`;
    default:
      throw badRequest(GRID_MSG.badModel);
  }
}

const truthy = (v: unknown) => v === true || v === 'true' || v === '1' || v === 1;

/**
 * Where and order of the stamp log for a grid query. The stamp-number filter is the `number`
 * column of the filter model or the `number_from` / `number_to` query parameters. Entries whose
 * stamps went back to AVAILABLE (undone destroys, cancelled or edited invoices) are kept as
 * history and shown only with `include_released=true`.
 */
function logClauses(companyId: number, q: GridQuery) {
  const extra = q as GridQuery & Record<string, unknown>;
  const { number: numberFilter, ...filterModel } = q.filterModel;
  const g = gridClauses({ ...q, filterModel }, columns, {
    defaultSort: [{ colId: 'logged_at', sort: 'desc' }],
    tieBreaker: a.id,
  });
  const conditions: (SQL | undefined)[] = [eq(a.company_id, companyId), g.where];
  if (!truthy(extra.include_released)) conditions.push(isNull(a.released_at));
  if (numberFilter) {
    if (typeof numberFilter !== 'object') throw badRequest(GRID_MSG.badModel);
    if ('conditions' in numberFilter && Array.isArray(numberFilter.conditions)) {
      const parts = numberFilter.conditions.map(numberCondition);
      conditions.push(numberFilter.operator === 'OR' ? sql`(${sql.join(parts, sql` or `)})` : and(...parts));
    } else conditions.push(numberCondition(numberFilter as SimpleFilter));
  }
  const from = extra.number_from;
  const to = extra.number_to;
  if (from !== undefined && from !== '') conditions.push(sql`${a.to} >= ${num(from)}`);
  if (to !== undefined && to !== '') conditions.push(sql`${a.from} <= ${num(to)}`);
  if (extra.roll_id !== undefined && extra.roll_id !== '') conditions.push(eq(a.roll_id, num(extra.roll_id)));
  return { where: and(...conditions), orderBy: g.orderBy, limit: g.limit, offset: g.offset };
}

const selection = {
  id: a.id,
  roll_id: a.roll_id,
  prefix: a.prefix,
  from: a.from,
  to: a.to,
  count: sql<number>`(${a.to} - ${a.from} + 1)::int`,
  status: a.status,
  note: a.note,
  invoice_id: a.invoice_id,
  invoice_number: invoiceNumberExpr,
  beer: invoices.beer,
  logged_at: a.logged_at,
  released_at: a.released_at,
  user_id: a.user_id,
  user: users.name,
};

/** GET /invoice/stamp/grid: the stamp log, newest first by default. */
export async function stampLogGrid(db: DbOrTx, companyId: number, q: GridQuery) {
  const c = logClauses(companyId, q);
  const rows = await db
    .select(selection)
    .from(a)
    .leftJoin(invoices, eq(invoices.id, a.invoice_id))
    .leftJoin(users, eq(users.id, a.user_id))
    .where(c.where)
    .orderBy(...c.orderBy)
    .limit(c.limit)
    .offset(c.offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(a)
    .leftJoin(invoices, eq(invoices.id, a.invoice_id))
    .leftJoin(users, eq(users.id, a.user_id))
    .where(c.where);
  return { rows, count: Number(n) };
}

/** A CSV download holds at most this many entries (several years of a busy distributor). */
export const STAMP_CSV_MAX_ROWS = 200_000;

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** GET /stamp/download: the stamp log as CSV, same filter and sort as the grid, no paging. */
export async function stampLogCsv(db: DbOrTx, companyId: number, q: GridQuery): Promise<string> {
  const c = logClauses(companyId, q);
  const rows = await db
    .select(selection)
    .from(a)
    .leftJoin(invoices, eq(invoices.id, a.invoice_id))
    .leftJoin(users, eq(users.id, a.user_id))
    .where(c.where)
    .orderBy(...c.orderBy)
    .limit(STAMP_CSV_MAX_ROWS);
  const header = ['Logged At', 'Prefix', 'From', 'To', 'Count', 'Status', 'Invoice', 'Note', 'User', 'Released At'];
  const lines = [header.join(',')];
  for (const r of rows) {
    lines.push(
      [
        formatDateTime(r.logged_at),
        r.prefix,
        `${r.prefix}${r.from}`,
        `${r.prefix}${r.to}`,
        r.count,
        r.status,
        r.invoice_number ?? '',
        r.note,
        r.user ?? '',
        r.released_at ? formatDateTime(r.released_at) : '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
