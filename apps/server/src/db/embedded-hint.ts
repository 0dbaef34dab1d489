import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * The embedded database serves one office well up to about this many invoices (bench/embedded.ts,
 * README): grids, saves and memory do not grow with the data, but a report that reads the whole
 * history (aging: about 1 ms per 1,000 invoices) holds PGlite's one connection, and past this size
 * every other user waits over a quarter of a second whenever anybody opens one. Beyond it the
 * start-up log suggests PostgreSQL.
 */
export const EMBEDDED_COMFORT_INVOICES = 250_000;

/**
 * The hint to print, or null. The count stops one past the limit, so a start never counts millions
 * (PGlite runs no autovacuum, so the planner's row estimate cannot be trusted for this).
 */
export async function embeddedSizeHint(db: Db, comfort = EMBEDDED_COMFORT_INVOICES): Promise<string | null> {
  const res = await db.execute(
    sql`select count(*)::int as n from (select 1 from invoices limit ${comfort + 1}) capped`,
  );
  const n = Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (n <= comfort) return null;
  return (
    `This embedded database holds more than ${comfort.toLocaleString('en-US')} invoices, past what it serves comfortably: ` +
    'move to PostgreSQL with ' +
    '`npm run migrate-to-postgres -- --to postgres://...` and set DATABASE_URL (README, Operations).'
  );
}
