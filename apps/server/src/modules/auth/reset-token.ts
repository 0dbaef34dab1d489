import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { sha256 } from '../../lib/passwords.js';

/** A table of reset links (the staff's and the customer users'): only the token's hash is stored. */
type ResetTable = PgTable & { token_hash: PgColumn; expires_at: PgColumn; used_at: PgColumn };

/**
 * Spends a reset link: marks it used in the same statement that finds it unused and unexpired, so
 * of two requests with one link only one gets the row. undefined: no such link, spent or expired.
 */
export async function spendResetToken<T extends ResetTable>(
  tx: Tx,
  table: T,
  token: string,
): Promise<T['$inferSelect'] | undefined> {
  const [spent] = await tx
    .update(table as PgTable)
    .set({ used_at: new Date() })
    .where(and(eq(table.token_hash, sha256(token)), isNull(table.used_at), gt(table.expires_at, new Date())))
    .returning();
  return spent as T['$inferSelect'] | undefined;
}
