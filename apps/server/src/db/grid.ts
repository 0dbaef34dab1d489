/**
 * The grid builder: AG Grid's filterModel / sortModel / startRow / endRow turned into SQL over a
 * whitelist of columns, and `runGrid`, which answers a grid's page and count in one place.
 *
 * Only OWN keys of a whitelist are columns (a model naming 'constructor' or 'toString' is an unknown
 * column, a 400), and every filter value is checked against its column's type before it reaches
 * SQL: a fraction on an integer column, an impossible day or an unknown filter type is a 400.
 */
import {
  GRID_MSG,
  type ColumnFilter,
  type CombinedFilter,
  type GridQuery,
  type SimpleFilter,
  type SortModelItem,
} from '@dbo/domain/grid';
import { isCalendarDay, LIMITS } from '@dbo/domain/primitives';
import { type AnyColumn, Column, type SQL, and, is, or, sql } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import { badRequest } from '../lib/errors.js';
import type { DbOrTx } from './client.js';

/**
 * text, set, boolean; number (numeric); integer (int4: whole numbers within int4 only; a `number`
 * column that is a Drizzle integer/serial column is taken as integer too); date (a calendar date
 * column); timestamp (compared as its calendar day in Texas).
 */
export type GridColumnType = 'text' | 'number' | 'integer' | 'date' | 'timestamp' | 'set' | 'boolean';
export interface GridColumn {
  /** the column or SQL expression the grid column reads */
  expr: AnyColumn | SQL;
  type: GridColumnType;
  /** false: may be filtered but not sorted */
  sortable?: boolean;
  filterable?: boolean;
}
export type GridColumns = Record<string, GridColumn>;

/** The whitelisted column of a model key, or a 400. Inherited keys ('constructor') are not columns. */
export function gridColumn(columns: GridColumns, key: string): GridColumn {
  if (!Object.hasOwn(columns, key)) throw badRequest(GRID_MSG.unknownColumn(key));
  return columns[key];
}

const INT_COLUMN_TYPES = new Set(['PgInteger', 'PgSerial', 'PgSmallInt', 'PgSmallSerial']);
const isIntegerColumn = (c: GridColumn) =>
  c.type === 'integer' || (c.type === 'number' && is(c.expr, Column) && INT_COLUMN_TYPES.has(c.expr.columnType));

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** numeric(12,2) and friends: far past any stored amount, still exact in a double */
const MAX_NUMBER = 1e15;

/** A number filter value: finite; for an integer column a whole number within int4. */
export function gridNumber(v: unknown, integer = false): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  if (!Number.isFinite(n) || Math.abs(n) > MAX_NUMBER) throw badRequest(GRID_MSG.badModel);
  if (integer && (!Number.isInteger(n) || Math.abs(n) > LIMITS.maxId)) throw badRequest(GRID_MSG.badModel);
  return n;
}

/** A date filter value: a real calendar day 1900..2100 ('YYYY-MM-DD', optionally with a time). */
function gridDay(v: unknown): string {
  const s = typeof v === 'string' ? v.slice(0, 10) : '';
  if (!isCalendarDay(s)) throw badRequest(GRID_MSG.badModel);
  return s;
}

function textCondition(e: AnyColumn | SQL, f: SimpleFilter): SQL {
  const v = f.filter === undefined || f.filter === null ? '' : String(f.filter);
  switch (f.type ?? 'contains') {
    case 'contains':
      return sql`${e}::text ilike ${`%${escapeLike(v)}%`}`;
    case 'notContains':
      return sql`coalesce(${e}::text, '') not ilike ${`%${escapeLike(v)}%`}`;
    case 'equals':
      return sql`lower(${e}::text) = lower(${v})`;
    case 'notEqual':
      return sql`lower(coalesce(${e}::text, '')) <> lower(${v})`;
    case 'startsWith':
      return sql`${e}::text ilike ${`${escapeLike(v)}%`}`;
    case 'endsWith':
      return sql`${e}::text ilike ${`%${escapeLike(v)}`}`;
    case 'blank':
      return sql`(${e} is null or ${e}::text = '')`;
    case 'notBlank':
      return sql`(${e} is not null and ${e}::text <> '')`;
    default:
      throw badRequest(GRID_MSG.badModel);
  }
}

/** blank / notBlank of a number or date column; any other type is a bad model. */
function blankCondition(e: AnyColumn | SQL, type: SimpleFilter['type']): SQL {
  if (type === 'blank') return sql`${e} is null`;
  if (type === 'notBlank') return sql`${e} is not null`;
  throw badRequest(GRID_MSG.badModel);
}

function numberCondition(e: AnyColumn | SQL, f: SimpleFilter, integer: boolean): SQL {
  const n = (v: unknown) => gridNumber(v, integer);
  switch (f.type ?? 'equals') {
    case 'equals':
      return sql`${e} = ${n(f.filter)}`;
    case 'notEqual':
      return sql`${e} <> ${n(f.filter)}`;
    case 'lessThan':
      return sql`${e} < ${n(f.filter)}`;
    case 'lessThanOrEqual':
      return sql`${e} <= ${n(f.filter)}`;
    case 'greaterThan':
      return sql`${e} > ${n(f.filter)}`;
    case 'greaterThanOrEqual':
      return sql`${e} >= ${n(f.filter)}`;
    case 'inRange':
      return sql`${e} between ${n(f.filter)} and ${n(f.filterTo)}`;
    default:
      return blankCondition(e, f.type);
  }
}

/**
 * Dates compare as calendar days. Timestamps are bounded by the Texas day's start and end so the
 * index on the column is used.
 */
function dateCondition(e: AnyColumn | SQL, f: SimpleFilter, timestamp: boolean): SQL {
  const begin = (d: string) =>
    timestamp ? sql`(${d}::date::timestamp at time zone 'America/Chicago')` : sql`${d}::date`;
  const after = (d: string) =>
    timestamp ? sql`((${d}::date + 1)::timestamp at time zone 'America/Chicago')` : sql`(${d}::date + 1)`;
  const d = () => gridDay(f.dateFrom ?? f.filter);
  switch (f.type ?? 'equals') {
    case 'equals': {
      const v = d();
      return sql`(${e} >= ${begin(v)} and ${e} < ${after(v)})`;
    }
    case 'notEqual': {
      const v = d();
      return sql`(${e} < ${begin(v)} or ${e} >= ${after(v)})`;
    }
    case 'lessThan':
      return sql`${e} < ${begin(d())}`;
    case 'lessThanOrEqual':
      return sql`${e} < ${after(d())}`;
    case 'greaterThan':
      return sql`${e} >= ${after(d())}`;
    case 'greaterThanOrEqual':
      return sql`${e} >= ${begin(d())}`;
    case 'inRange':
      return sql`(${e} >= ${begin(gridDay(f.dateFrom))} and ${e} < ${after(gridDay(f.dateTo))})`;
    default:
      return blankCondition(e, f.type);
  }
}

function simpleCondition(column: GridColumn, f: SimpleFilter): SQL {
  const e = column.expr;
  if (column.type === 'set' || f.filterType === 'set') {
    if (!Array.isArray(f.values)) throw badRequest(GRID_MSG.badModel);
    if (f.values.length === 0) return sql`false`;
    return sql`${e}::text in (${sql.join(
      f.values.map((v) => sql`${String(v)}`),
      sql`, `,
    )})`;
  }
  if (column.type === 'boolean') {
    const v = f.filter ?? f.values?.[0];
    const b = v === true || v === 'true' || v === 1 || v === '1';
    return sql`${e} = ${b}`;
  }
  if (column.type === 'number' || column.type === 'integer') return numberCondition(e, f, isIntegerColumn(column));
  if (column.type === 'date' || column.type === 'timestamp') return dateCondition(e, f, column.type === 'timestamp');
  return textCondition(e, f);
}

const isCombined = (f: ColumnFilter): f is CombinedFilter => 'conditions' in f && Array.isArray(f.conditions);

/**
 * One column's filter (simple, or AND/OR of simple ones) as SQL. `condition` turns one simple
 * filter into SQL; by default the column's type decides.
 */
export function combineFilter(f: ColumnFilter, condition: (s: SimpleFilter) => SQL): SQL | undefined {
  if (isCombined(f)) {
    const parts = f.conditions.map(condition);
    return f.operator === 'OR' ? or(...parts) : and(...parts);
  }
  return condition(f);
}

export interface GridClauses {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

export interface GridClauseOptions {
  defaultSort: SortModelItem[];
  /** a unique column: keeps paging stable when sort values repeat */
  tieBreaker: AnyColumn | SQL;
}

/**
 * Turns AG Grid's filterModel/sortModel/startRow/endRow into SQL over a whitelist of columns.
 * An unknown column (or one not filterable/sortable) is a 400.
 */
export function gridClauses(q: GridQuery, columns: GridColumns, opts: GridClauseOptions): GridClauses {
  const conditions: SQL[] = [];
  for (const key of Object.keys(q.filterModel)) {
    const column = gridColumn(columns, key);
    if (column.filterable === false) throw badRequest(GRID_MSG.unknownColumn(key));
    const f = q.filterModel[key];
    if (!f || typeof f !== 'object') throw badRequest(GRID_MSG.badModel);
    const c = combineFilter(f, (s) => simpleCondition(column, s));
    if (c) conditions.push(c);
  }
  const sort = q.sortModel.length ? q.sortModel : opts.defaultSort;
  const orderBy: SQL[] = [];
  let tieDir: 'asc' | 'desc' = 'desc';
  for (const s of sort) {
    const column = gridColumn(columns, s.colId);
    if (column.sortable === false) throw badRequest(GRID_MSG.unknownColumn(s.colId));
    orderBy.push(s.sort === 'asc' ? sql`${column.expr} asc nulls first` : sql`${column.expr} desc nulls last`);
    tieDir = s.sort;
  }
  orderBy.push(tieDir === 'asc' ? sql`${opts.tieBreaker} asc` : sql`${opts.tieBreaker} desc`);
  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy,
    limit: q.endRow - q.startRow,
    offset: q.startRow,
  };
}

// ---- the runner ---------------------------------------------------------------------------------

export interface GridJoin {
  table: PgTable;
  on: SQL;
  kind: 'inner' | 'left';
  /**
   * Grid column keys that read this table. When given, the count joins the table only while a
   * filter names one of them (a to-one join cannot change the count otherwise). Absent: the count
   * always joins it (e.g. the scope reads the joined table).
   */
  countOnlyFor?: string[];
}

export interface GridSpec<TSelect extends SelectedFields> {
  /** the page's select list (a Drizzle selection object) */
  select: TSelect;
  /** the grid's base table */
  from: PgTable;
  /** joins of the page, in order; the count uses them too (see `GridJoin.countOnlyFor`) */
  joins?: GridJoin[];
  /** the whitelist: model key -> column */
  columns: GridColumns;
  query: GridQuery;
  defaultSort: SortModelItem[];
  /** a unique column: keeps paging stable when sort values repeat */
  tieBreaker: AnyColumn | SQL;
  /**
   * Conditions AND-ed with the grid's filters: the tenant (company) scope first, then any fixed
   * or route-parameter filter. Undefined entries are skipped.
   */
  scope: (SQL | undefined)[];
  /**
   * Past this many matching rows, the count is the planner's estimate and the answer carries
   * `count_estimated: true` (keeps a filter over a million rows from counting them all).
   * Absent: the count is exact.
   */
  countCap?: number;
}

/** A row as Drizzle selects `TSelect` (left-joined columns are not marked nullable: use sql<T | null>). */
export type GridRow<TSelect extends SelectedFields> = SelectResult<TSelect, 'partial', Record<string, 'not-null'>>;

export interface GridPage<T> {
  rows: T[];
  count: number;
  count_estimated?: true;
}

/** The part of Drizzle's dynamic select the runner uses (its generic types do not survive TSelect). */
type Dynamic = PromiseLike<unknown[]> & {
  innerJoin(t: PgTable, on: SQL): Dynamic;
  leftJoin(t: PgTable, on: SQL): Dynamic;
  where(w: SQL | undefined): Dynamic;
  orderBy(...o: SQL[]): Dynamic;
  limit(n: number): Dynamic;
  offset(n: number): Dynamic;
  getSQL(): SQL;
  as(alias: string): ReturnType<ReturnType<ReturnType<DbOrTx['select']>['from']>['as']>;
};
function applyJoins(query: unknown, joins: GridJoin[]): Dynamic {
  let q = query as Dynamic;
  for (const j of joins) q = j.kind === 'inner' ? q.innerJoin(j.table, j.on) : q.leftJoin(j.table, j.on);
  return q;
}

/** The planner's estimate of the rows a query answers (EXPLAIN, no run). */
export async function estimateRows(db: DbOrTx, query: SQL): Promise<number> {
  const res = await db.execute(sql`explain (format json) ${query}`);
  const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  return Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * A grid's answer: the page of rows (filtered, sorted, paged by the query over the whitelist),
 * then the count of all matching rows, both under the same scope and joins.
 *
 *   const { rows, count } = await runGrid(db, {
 *     select: { c: customers, tier: priceTiers.name },
 *     from: customers,
 *     joins: [{ table: priceTiers, on: eq(priceTiers.id, customers.product_price_tier_id), kind: 'left', countOnlyFor: ['productPriceTier'] }],
 *     columns, query: q, defaultSort: [{ colId: 'name', sort: 'asc' }], tieBreaker: customers.id,
 *     scope: [eq(customers.company_id, companyId), isNull(customers.deleted_at)],
 *   });
 *
 * `rows` come as Drizzle selects them (map them to the answer's shape after).
 */
export async function runGrid<TSelect extends SelectedFields>(
  db: DbOrTx,
  spec: GridSpec<TSelect>,
): Promise<GridPage<GridRow<TSelect>>> {
  const g = gridClauses(spec.query, spec.columns, { defaultSort: spec.defaultSort, tieBreaker: spec.tieBreaker });
  const where = and(...spec.scope, g.where);
  const joins = spec.joins ?? [];
  const pageQuery = applyJoins(db.select(spec.select).from(spec.from).$dynamic(), joins);
  const filtered = Object.keys(spec.query.filterModel);
  const countJoins = joins.filter((j) => !j.countOnlyFor || j.countOnlyFor.some((k) => filtered.includes(k)));
  const matching = () => applyJoins(db.select({ one: sql`1` }).from(spec.from).$dynamic(), countJoins).where(where);
  // the page and its count are independent: on a pool they run side by side
  const [rows, counted] = await Promise.all([
    pageQuery
      .where(where)
      .orderBy(...g.orderBy)
      .limit(g.limit)
      .offset(g.offset) as unknown as Promise<GridRow<TSelect>[]>,
    countMatching(db, matching, spec.countCap),
  ]);
  return { rows, ...counted };
}

async function countMatching(
  db: DbOrTx,
  matching: () => Dynamic,
  cap: number | undefined,
): Promise<{ count: number; count_estimated?: true }> {
  if (cap === undefined) {
    const [{ n }] = await db.select({ n: sql<string>`count(*)` }).from(matching().as('matching'));
    return { count: Number(n) };
  }
  const [{ n }] = await db.select({ n: sql<string>`count(*)` }).from(
    matching()
      .limit(cap + 1)
      .as('capped'),
  );
  if (Number(n) <= cap) return { count: Number(n) };
  return { count: Math.max(await estimateRows(db, matching().getSQL()), cap + 1), count_estimated: true };
}
