import { GRID_MSG, type ColumnFilter, type GridQuery, type SimpleFilter, type SortModelItem } from '@dbo/domain/grid';
import { type AnyColumn, type SQL, and, or, sql } from 'drizzle-orm';
import { badRequest } from '../lib/errors.js';

/** date: a calendar date column; timestamp: compared as its calendar day in Texas */
export type GridColumnType = 'text' | 'number' | 'date' | 'timestamp' | 'set' | 'boolean';
export interface GridColumn {
  /** the column or SQL expression the grid column reads */
  expr: AnyColumn | SQL;
  type: GridColumnType;
  /** false: may be filtered but not sorted */
  sortable?: boolean;
  filterable?: boolean;
}
export type GridColumns = Record<string, GridColumn>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function num(v: unknown): number {
  const n = Number(v);
  if (v === null || v === undefined || v === '' || !Number.isFinite(n)) throw badRequest(GRID_MSG.badModel);
  return n;
}

function day(v: unknown): string {
  const s = String(v ?? '').slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) throw badRequest(GRID_MSG.badModel);
  return s;
}

function textCondition(e: AnyColumn | SQL, f: SimpleFilter): SQL | undefined {
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

function numberCondition(e: AnyColumn | SQL, f: SimpleFilter): SQL | undefined {
  switch (f.type ?? 'equals') {
    case 'equals':
      return sql`${e} = ${num(f.filter)}`;
    case 'notEqual':
      return sql`${e} <> ${num(f.filter)}`;
    case 'lessThan':
      return sql`${e} < ${num(f.filter)}`;
    case 'lessThanOrEqual':
      return sql`${e} <= ${num(f.filter)}`;
    case 'greaterThan':
      return sql`${e} > ${num(f.filter)}`;
    case 'greaterThanOrEqual':
      return sql`${e} >= ${num(f.filter)}`;
    case 'inRange':
      return sql`${e} between ${num(f.filter)} and ${num(f.filterTo)}`;
    case 'blank':
      return sql`${e} is null`;
    case 'notBlank':
      return sql`${e} is not null`;
    default:
      throw badRequest(GRID_MSG.badModel);
  }
}

/**
 * Dates compare as calendar days. Timestamps are bounded by the Texas day's start and end so the
 * index on the column is used.
 */
function dateCondition(e: AnyColumn | SQL, f: SimpleFilter, timestamp: boolean): SQL | undefined {
  const begin = (d: string) =>
    timestamp ? sql`(${d}::date::timestamp at time zone 'America/Chicago')` : sql`${d}::date`;
  const after = (d: string) =>
    timestamp ? sql`((${d}::date + 1)::timestamp at time zone 'America/Chicago')` : sql`(${d}::date + 1)`;
  const d = () => day(f.dateFrom ?? f.filter);
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
      return sql`(${e} >= ${begin(day(f.dateFrom))} and ${e} < ${after(day(f.dateTo))})`;
    case 'blank':
      return sql`${e} is null`;
    case 'notBlank':
      return sql`${e} is not null`;
    default:
      throw badRequest(GRID_MSG.badModel);
  }
}

function simpleCondition(column: GridColumn, f: SimpleFilter): SQL | undefined {
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
  if (column.type === 'number') return numberCondition(e, f);
  if (column.type === 'date' || column.type === 'timestamp') return dateCondition(e, f, column.type === 'timestamp');
  return textCondition(e, f);
}

function columnCondition(column: GridColumn, f: ColumnFilter): SQL | undefined {
  if ('conditions' in f && Array.isArray(f.conditions)) {
    const parts = f.conditions.map((c) => simpleCondition(column, c)).filter((c): c is SQL => !!c);
    return f.operator === 'OR' ? or(...parts) : and(...parts);
  }
  return simpleCondition(column, f as SimpleFilter);
}

export interface GridClauses {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/**
 * Turns AG Grid's filterModel/sortModel/startRow/endRow into SQL over a whitelist of columns.
 * An unknown column is a 400. `tieBreaker` keeps paging stable when sort values repeat.
 */
export function gridClauses(
  q: GridQuery,
  columns: GridColumns,
  opts: { defaultSort: SortModelItem[]; tieBreaker: AnyColumn | SQL; extraFilters?: Record<string, unknown> },
): GridClauses {
  const conditions: SQL[] = [];
  for (const [key, f] of Object.entries(q.filterModel)) {
    const column = columns[key];
    if (!column || column.filterable === false) throw badRequest(GRID_MSG.unknownColumn(key));
    if (!f || typeof f !== 'object') throw badRequest(GRID_MSG.badModel);
    const c = columnCondition(column, f);
    if (c) conditions.push(c);
  }
  const sort = q.sortModel.length ? q.sortModel : opts.defaultSort;
  const orderBy: SQL[] = [];
  let tieDir: 'asc' | 'desc' = 'desc';
  for (const s of sort) {
    const column = columns[s.colId];
    if (!column || column.sortable === false) throw badRequest(GRID_MSG.unknownColumn(s.colId));
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
