import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_GRID_ROWS } from './constants.js';

/** AG Grid's filter model for one column (simple or combined conditions). */
export interface SimpleFilter {
  filterType?: 'text' | 'number' | 'date' | 'set' | 'boolean';
  type?: string;
  filter?: string | number | boolean | null;
  filterTo?: string | number | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  values?: (string | number | null)[];
}
export interface CombinedFilter {
  filterType?: string;
  operator: 'AND' | 'OR';
  conditions: SimpleFilter[];
}
export type ColumnFilter = SimpleFilter | CombinedFilter;
export type FilterModel = Record<string, ColumnFilter>;
export interface SortModelItem {
  colId: string;
  sort: 'asc' | 'desc';
}

export const GRID_MSG = {
  badModel: 'Invalid grid parameters',
  unknownColumn: (c: string) => `Unknown grid column: ${c}`,
} as const;

const jsonParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return Symbol('invalid');
    }
  }, schema.optional());

const filterSchema: z.ZodType<ColumnFilter> = z.looseObject({});

export const gridQuerySchema = z
  .looseObject({
    startRow: z.coerce.number({ error: GRID_MSG.badModel }).int().min(0).default(0),
    endRow: z.coerce.number({ error: GRID_MSG.badModel }).int().min(1).optional(),
    filterModel: jsonParam(z.record(z.string(), filterSchema, { error: GRID_MSG.badModel })),
    sortModel: jsonParam(
      z.array(z.object({ colId: z.string(), sort: z.enum(['asc', 'desc']) }), { error: GRID_MSG.badModel }),
    ),
  })
  .transform((q) => {
    const endRow = q.endRow ?? q.startRow + DEFAULT_PAGE_SIZE;
    return {
      ...q,
      startRow: q.startRow,
      endRow: Math.min(Math.max(endRow, q.startRow + 1), q.startRow + MAX_GRID_ROWS),
      filterModel: (q.filterModel ?? {}) as FilterModel,
      sortModel: (q.sortModel ?? []) as SortModelItem[],
    };
  });
export type GridQuery = z.output<typeof gridQuerySchema>;

export interface GridResult<T> {
  rows: T[];
  count: number;
}
