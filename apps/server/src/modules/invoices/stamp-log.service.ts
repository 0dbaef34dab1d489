import { formatDateTime } from '@dbo/domain/dates';
import { GRID_MSG, type GridQuery, type SimpleFilter } from '@dbo/domain/grid';
import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { combineFilter, type GridColumns, type GridJoin, gridClauses, gridNumber, runGrid } from '../../db/grid.js';
import { badRequest } from '../../lib/errors.js';
import { users } from '../company/company.tables.js';
import { invoices } from './invoices.tables.js';
import { stampAssignments } from '../stamps/stamps.tables.js';
import { csvCell } from '../../lib/csv.js';

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

const num = (v: unknown) => gridNumber(v, true);

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

/** The stamp log's own query parameters, beside the grid's. */
export interface StampLogParams {
  include_released?: boolean;
  number_from?: number;
  number_to?: number;
  roll_id?: number;
}

/**
 * Scope of the stamp log for a grid query. The stamp-number filter is the `number` column of the
 * filter model or the `number_from` / `number_to` query parameters. Entries whose stamps went back
 * to AVAILABLE (undone destroys, cancelled or edited invoices) are kept as history and shown only
 * with `include_released=true`.
 */
function logScope(companyId: number, q: GridQuery & StampLogParams) {
  const filterModel = Object.assign(Object.create(null) as GridQuery['filterModel'], q.filterModel);
  const numberFilter = Object.hasOwn(filterModel, 'number') ? filterModel.number : undefined;
  delete filterModel.number;
  const scope: (SQL | undefined)[] = [eq(a.company_id, companyId)];
  if (!q.include_released) scope.push(isNull(a.released_at));
  if (numberFilter) scope.push(combineFilter(numberFilter, numberCondition));
  if (q.number_from !== undefined) scope.push(sql`${a.to} >= ${q.number_from}`);
  if (q.number_to !== undefined) scope.push(sql`${a.from} <= ${q.number_to}`);
  if (q.roll_id !== undefined) scope.push(eq(a.roll_id, q.roll_id));
  return { query: { ...q, filterModel }, scope };
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

const joins: GridJoin[] = [
  { table: invoices, on: eq(invoices.id, a.invoice_id), kind: 'left', countOnlyFor: ['invoice_number'] },
  { table: users, on: eq(users.id, a.user_id), kind: 'left', countOnlyFor: ['user'] },
];
const gridOptions = { defaultSort: [{ colId: 'logged_at', sort: 'desc' as const }], tieBreaker: a.id };

/** GET /invoice/stamp/grid: the stamp log, newest first by default. */
export async function stampLogGrid(db: DbOrTx, companyId: number, q: GridQuery & StampLogParams) {
  const { query, scope } = logScope(companyId, q);
  return runGrid(db, { select: selection, from: a, joins, columns, query, scope, ...gridOptions });
}

/** A CSV download holds at most this many entries (several years of a busy distributor). */
export const STAMP_CSV_MAX_ROWS = 200_000;

/** GET /stamp/download: the stamp log as CSV, same filter and sort as the grid, no paging. */
export async function stampLogCsv(db: DbOrTx, companyId: number, q: GridQuery & StampLogParams): Promise<string> {
  const { query, scope } = logScope(companyId, q);
  const c = gridClauses(query, columns, gridOptions);
  const rows = await db
    .select(selection)
    .from(a)
    .leftJoin(invoices, eq(invoices.id, a.invoice_id))
    .leftJoin(users, eq(users.id, a.user_id))
    .where(and(...scope, c.where))
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
