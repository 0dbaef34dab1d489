import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_GRID_ROWS } from './constants.js';
import { boundedText, LIMITS } from './primitives.js';

export const GRID_MSG = {
  badModel: 'Invalid grid parameters',
  unknownColumn: (c: string) => `Unknown grid column: ${c}`,
} as const;

/** Most conditions a combined filter may carry, and most values a set filter may list. */
export const GRID_LIMITS = { conditions: 8, values: 1000, sorts: 8 } as const;

const FILTER_TYPES = ['text', 'number', 'date', 'set', 'boolean'] as const;

/** A filter value: bounded text (no NUL), a finite number, a boolean or null. */
const filterValue = z.union([boundedText('Grid filter'), z.number().finite(), z.boolean(), z.null()]);

/**
 * AG Grid's filter model for one column. Its value is checked against the column's type by the
 * server's grid builder, which alone knows the column; this schema bounds the shape.
 */
export const simpleFilterSchema = z.object(
  {
    filterType: z.enum(FILTER_TYPES).optional(),
    type: z.string().max(32).optional(),
    filter: filterValue.optional(),
    filterTo: filterValue.optional(),
    dateFrom: boundedText('Grid filter', 32).nullable().optional(),
    dateTo: boundedText('Grid filter', 32).nullable().optional(),
    values: z
      .array(z.union([boundedText('Grid filter'), z.number().finite(), z.null()]))
      .max(GRID_LIMITS.values)
      .optional(),
    // a combined filter's keys make it no simple one (a bad combined filter must not pass as simple)
    operator: z.never().optional(),
    conditions: z.never().optional(),
  },
  { error: GRID_MSG.badModel },
);
export type SimpleFilter = z.output<typeof simpleFilterSchema>;

export const combinedFilterSchema = z.object({
  filterType: z.enum(FILTER_TYPES).optional(),
  operator: z.enum(['AND', 'OR'], { error: GRID_MSG.badModel }),
  conditions: z.array(simpleFilterSchema, { error: GRID_MSG.badModel }).min(1).max(GRID_LIMITS.conditions),
});
export type CombinedFilter = z.output<typeof combinedFilterSchema>;

export const columnFilterSchema = z.union([combinedFilterSchema, simpleFilterSchema], { error: GRID_MSG.badModel });
export type ColumnFilter = SimpleFilter | CombinedFilter;

/**
 * Column id -> filter. A null-prototype object, so a key every JavaScript object has
 * ('constructor', 'toString', '__proto__') is only ever an own key, never an inherited one.
 */
export type FilterModel = Record<string, ColumnFilter>;

const colId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.]+$/, GRID_MSG.badModel);

const filterModelSchema = z
  .preprocess(
    // JSON.parse makes '__proto__' an own key; a record would drop it silently, so refuse it here
    (v) => (v && typeof v === 'object' && Object.hasOwn(v, '__proto__') ? Symbol('invalid') : v),
    z.record(colId, columnFilterSchema, { error: GRID_MSG.badModel }),
  )
  .transform((m): FilterModel => Object.assign(Object.create(null) as FilterModel, m));

export const sortModelItemSchema = z.object({
  colId,
  sort: z.enum(['asc', 'desc'], { error: GRID_MSG.badModel }),
});
export type SortModelItem = z.output<typeof sortModelItemSchema>;

/** A JSON-encoded query parameter ('' and absent are absent; bad JSON is a 400). */
const jsonParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') return v;
    if (v.length > 20_000) return Symbol('too long');
    try {
      return JSON.parse(v);
    } catch {
      return Symbol('invalid');
    }
  }, schema.optional());

const rowIndex = z.coerce
  .number({ error: GRID_MSG.badModel })
  .int(GRID_MSG.badModel)
  .min(0, GRID_MSG.badModel)
  .max(LIMITS.maxId, GRID_MSG.badModel);

/** The paging and model parameters every grid route takes. */
export const gridQueryShape = {
  startRow: rowIndex.default(0),
  endRow: rowIndex.min(1, GRID_MSG.badModel).optional(),
  filterModel: jsonParam(filterModelSchema),
  sortModel: jsonParam(z.array(sortModelItemSchema, { error: GRID_MSG.badModel }).max(GRID_LIMITS.sorts)),
};

interface RawGridQuery {
  startRow: number;
  endRow?: number;
  filterModel?: FilterModel;
  sortModel?: SortModelItem[];
}

function normalise<T extends RawGridQuery>(q: T) {
  const endRow = q.endRow ?? q.startRow + DEFAULT_PAGE_SIZE;
  return {
    ...q,
    endRow: Math.min(Math.max(endRow, q.startRow + 1), q.startRow + MAX_GRID_ROWS),
    filterModel: q.filterModel ?? (Object.create(null) as FilterModel),
    sortModel: q.sortModel ?? [],
  };
}

/**
 * A grid route's querystring: the grid parameters plus the route's own (e.g. `customerId`).
 * Unknown parameters are dropped.
 */
export function gridQuery<E extends z.ZodRawShape = Record<never, never>>(extra?: E) {
  return z
    .object({ ...gridQueryShape, ...(extra ?? ({} as E)) })
    .transform((q) => normalise(q as unknown as RawGridQuery & z.output<z.ZodObject<E>>));
}

/**
 * The grid parameters with any other parameter passed through as bounded text. Kept for routes
 * that still read their extra parameters from `req.query`; new routes declare theirs with
 * `gridQuery({ ... })`.
 */
export const gridQuerySchema = z
  .object(gridQueryShape)
  .catchall(z.union([boundedText('Query parameter'), z.array(boundedText('Query parameter')).max(50)]))
  .transform(normalise);

export interface GridQuery {
  startRow: number;
  endRow: number;
  filterModel: FilterModel;
  sortModel: SortModelItem[];
}

export interface GridResult<T> {
  rows: T[];
  count: number;
}

/** A grid answer's envelope around a row schema. */
export const gridAnswer = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), count: z.number(), count_estimated: z.boolean().optional() });
/** A `GridResult` as an answer: a page of rows and their exact count (lists that never estimate it). */
export const gridResultOut = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), count: z.number() });
