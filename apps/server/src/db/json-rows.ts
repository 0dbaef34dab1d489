/**
 * Rows nested as JSON inside one statement, decoded to exactly what a drizzle select of the same
 * columns answers. A read model that needs an invoice with its lines, stamps and payments then
 * costs one round trip instead of one per part.
 *
 * The values go through the column's own `mapFromDriverValue`, given what the driver would have
 * given: the types drizzle's drivers keep as text (numeric, timestamps, dates, intervals) are sent
 * as text (`::text` prints them as the wire does in the same session), the rest as JSON values
 * (integers, booleans, text, json). So a numeric stays the exact string '25.00' and a timestamp
 * becomes the same Date a plain select gives.
 */
import { type Column, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';

export type JsonColumns = Record<string, Column>;

/** The row `decodeObject` gives for these columns: each column's own data type. */
export type JsonRow<C extends JsonColumns> = { [K in keyof C]: C[K]['_']['data'] };

/** Column types the drivers answer as text, and drizzle maps from that text. */
const AS_TEXT = /^(numeric|decimal|timestamp|date|time|interval)/;

/** The JSON value of one column: text for the types above, the JSON value otherwise. */
function jsonValue(col: Column): SQL {
  return AS_TEXT.test(col.getSQLType()) ? sql`${col}::text` : sql`${col}`;
}

/**
 * `jsonb_build_object` of the columns (an SQL function takes at most 100 arguments: the pairs go
 * in slices of 50, joined with `||`).
 */
export function jsonObject(cols: JsonColumns): SQL {
  const pairs = Object.entries(cols).map(([key, col]) => sql`${key}::text, ${jsonValue(col)}`);
  const slices: SQL[] = [];
  for (let i = 0; i < pairs.length; i += 50)
    slices.push(sql`jsonb_build_object(${sql.join(pairs.slice(i, i + 50), sql`, `)})`);
  return sql.join(slices, sql` || `);
}

/** A whole row of `table` as JSON. */
export const jsonRow = (table: Table): SQL => jsonObject(getTableColumns(table));

/** The object `jsonObject(cols)` built, decoded as a select of the same columns answers it. */
export function decodeObject<T = Record<string, unknown>>(cols: JsonColumns, json: unknown): T {
  const src = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(cols)) {
    const v = src[key];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out as T;
}

/** A whole row of `table` from `jsonRow(table)`; null stays null (a left join that found nothing). */
export function decodeRow<T extends Table>(table: T, json: unknown): T['$inferSelect'] | null {
  if (json === null || json === undefined) return null;
  return decodeObject(getTableColumns(table), json);
}

/** A JSON value as the driver answered it: parsed when the driver gave text. */
export const parsedJson = <T>(json: unknown): T => (typeof json === 'string' ? JSON.parse(json) : json) as T;
