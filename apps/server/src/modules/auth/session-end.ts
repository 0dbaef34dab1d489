import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AppDeps } from '../../lib/http.js';
import { disconnectSessions, disconnectUsers } from '../../lib/realtime.js';
import { sessions } from './auth.tables.js';
import { forgetSession, forgetUserSessions } from './session-cache.js';

/**
 * Revokes every live session of these staff users (except `keep`, the caller's own) in the given
 * transaction or database; answers the revoked session ids. Call `closeStaffSessions` with the
 * same users after the transaction commits.
 */
export async function revokeStaffSessionRows(
  db: DbOrTx,
  userIds: number[],
  opts: { keep?: string } = {},
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(
      and(
        inArray(sessions.user_id, userIds),
        isNull(sessions.revoked_at),
        opts.keep ? ne(sessions.id, opts.keep) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/**
 * After the revocation committed: forgets the sessions in every process's cache (awaited, so the
 * answer that follows cannot overtake it) and closes their sockets on every process (Redis
 * adapter). With `keep`, only the revoked sessions' sockets close; without, every socket of the users.
 */
export async function closeStaffSessions(
  deps: AppDeps,
  userIds: number[],
  revokedSessionIds: string[],
  opts: { keep?: string } = {},
): Promise<void> {
  if (opts.keep) {
    await Promise.all(revokedSessionIds.map((id) => forgetSession(id)));
    disconnectSessions(deps, revokedSessionIds);
  } else {
    await Promise.all(userIds.map((id) => forgetUserSessions(id)));
    disconnectUsers(deps, userIds);
  }
}

/**
 * Ends every session and socket of these staff users, on every process: disabling or removing a
 * user, a role change that must take effect at once. Their tokens answer 401 from then on and
 * re-enabling the user does not revive them (a new sign-in makes a new session).
 */
export async function endStaffSessions(deps: AppDeps, userIds: number[], opts: { keep?: string } = {}) {
  const revoked = await revokeStaffSessionRows(deps.db, userIds, opts);
  await closeStaffSessions(deps, userIds, revoked, opts);
  return revoked;
}

/** Ends one staff session (a sign-out): row revoked, caches forgotten, its sockets closed. */
export async function endStaffSession(deps: AppDeps, sessionId: string) {
  await deps.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
  await forgetSession(sessionId);
  disconnectSessions(deps, [sessionId]);
}
