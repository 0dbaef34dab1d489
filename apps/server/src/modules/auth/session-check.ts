import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions } from './auth.tables.js';

/** The live staff sessions among these ids, read from the database (never the cache). */
export async function liveStaffSessionIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(inArray(sessions.id, [...new Set(ids)]), isNull(sessions.revoked_at), gt(sessions.expires_at, new Date())),
    );
  return new Set(rows.map((r) => r.id));
}
