/**
 * What the import's planners (import.plan.ts) share: the plan's shape, reading a row's mapped
 * cells, the forms a spreadsheet writes money, days and yes/no in, and counting rows as planned.
 */
import { emptyCounts, type ImportCounts, type ImportError, type RowAction } from '@dbo/domain/import';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { SheetRow } from './import.parse.js';

export interface Writer {
  companyId: number;
  userId: number;
}

/** One row of the plan; `apply` writes it (absent for unchanged and invalid rows). */
export interface PlannedRow {
  row: number;
  action: RowAction;
  values: Record<string, string>;
  message: string | null;
  cells: string[];
  apply?: (db: Db) => Promise<void>;
  /** written with the other `bulk` rows of its batch through `Plan.bulk` (new products) */
  bulk?: unknown;
}

export interface Plan {
  rows: PlannedRow[];
  /** writes many rows in one statement; on failure the runner writes them one by one */
  bulk?: (tx: Tx, rows: PlannedRow[]) => Promise<void>;
  counts: ImportCounts;
  errors: ImportError[];
}

export type Raw = Record<string, string>;

/** Our field -> the row's cell, for the mapped fields only. */
export function mapCells(headers: string[], mapping: Record<string, string>, cells: string[]): Raw {
  const out: Raw = {};
  for (const [field, column] of Object.entries(mapping)) {
    const i = headers.indexOf(column);
    if (i >= 0) out[field] = (cells[i] ?? '').trim();
  }
  return out;
}

/** One message per field (a blank type is 'required', not also 'must be one of'), in the schema's order. */
export function firstMessages(err: z.ZodError): string {
  const byField = new Map<string, string>();
  for (const i of err.issues) if (!byField.has(i.path.join('.'))) byField.set(i.path.join('.'), i.message);
  return [...new Set(byField.values())].join('; ');
}

/** '$1,234.50' and '(12.50)' as a spreadsheet writes them -> '1234.50', '-12.50'. */
export function moneyText(s: string): string {
  const t = s.replace(/[$\s]/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const neg = /^\((.*)\)$/.exec(t);
  return neg ? `-${neg[1]}` : t;
}

/** A day as a sheet writes it: 2026-11-23, 11/23/2026, 11/23/26, 11-23-2026 -> YYYY-MM-DD. */
export function dayText(s: string): string {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s);
  if (iso) return `${iso[1]}-${iso[2].padStart(2, '0')}-${iso[3].padStart(2, '0')}`;
  const us = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})$/.exec(s);
  if (us) {
    const y = us[3].length === 2 ? `20${us[3]}` : us[3];
    return `${y}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`;
  }
  return s;
}

export const YES = /^(y|yes|true|1|x|on)$/i;
export const NO = /^(n|no|false|0|off|)$/i;

export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
export const asStrings = (o: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(fields.map((f) => [f, text(o[f])]));

export function counter() {
  const counts = emptyCounts();
  const errors: ImportError[] = [];
  const rows: PlannedRow[] = [];
  return {
    counts,
    errors,
    rows,
    push(r: PlannedRow) {
      counts[r.action]++;
      if (r.action === 'invalid' && r.message) errors.push({ row: r.row, message: r.message });
      rows.push(r);
    },
  };
}

export function invalid(r: SheetRow, message: string, values: Raw = {}): PlannedRow {
  return { row: r.row, action: 'invalid', values, message, cells: r.cells };
}

/** A row to write, or an unchanged one: that has nothing to write, so its `apply` is left out. */
export function planned(
  r: SheetRow,
  action: Exclude<RowAction, 'invalid'>,
  values: Raw,
  apply: (db: Db) => Promise<void>,
): PlannedRow {
  return {
    row: r.row,
    action,
    values,
    message: null,
    cells: r.cells,
    apply: action === 'unchanged' ? undefined : apply,
  };
}
