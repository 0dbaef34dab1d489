import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../db/client.js';
import { notFound } from './errors.js';

/** A table whose rows each belong to one company (README: every table carries `company_id`). */
type CompanyTable = PgTable & { id: PgColumn; company_id: PgColumn };

function selectCompanyRow(db: DbOrTx, table: CompanyTable, companyId: number, id: number) {
  return db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.company_id, companyId)));
}

/**
 * The whole row `id` of `table` if it is the company's, else a 404 with `message`: another
 * company's row answers exactly as a missing one, so ids of other companies leak nothing.
 */
export async function findCompanyRow<T extends CompanyTable>(
  db: DbOrTx,
  table: T,
  companyId: number,
  id: number,
  message: string,
): Promise<T['$inferSelect']> {
  const [row] = await selectCompanyRow(db, table, companyId, id);
  if (!row) throw notFound(message);
  return row as T['$inferSelect'];
}

/** findCompanyRow, and the row stays locked (FOR UPDATE) until the transaction ends. */
export async function lockCompanyRow<T extends CompanyTable>(
  tx: Tx,
  table: T,
  companyId: number,
  id: number,
  message: string,
): Promise<T['$inferSelect']> {
  const [row] = await selectCompanyRow(tx, table, companyId, id).for('update');
  if (!row) throw notFound(message);
  return row as T['$inferSelect'];
}
