import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AppDeps } from '../../lib/http.js';
import { disconnectRooms } from '../../lib/realtime.js';
import { customerSessionRoom, customerUserRoom } from '../../lib/realtime-rooms.js';
import { customers, customerSessions, customerUsers } from './customers.tables.js';
import { publicCustomerUser } from './customer-users.service.js';

/** A customer-app token lives 23 hours, as before it was a session. */
export const CUSTOMER_SESSION_HOURS = 23;

export async function createCustomerSession(db: DbOrTx, u: { id: number; company_id: number }) {
  const id = randomUUID();
  const expires = new Date(Date.now() + CUSTOMER_SESSION_HOURS * 3_600_000);
  await db
    .insert(customerSessions)
    .values({ id, company_id: u.company_id, customer_user_id: u.id, expires_at: expires });
  return { id, expires };
}

/**
 * The customer user of a live session: the session not revoked nor expired, the user neither
 * revoked nor disabled, the customer not removed. Checked on every call (one statement), so a
 * change on any process holds on the next request everywhere.
 */
export async function findCustomerSession(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({ u: customerUsers, c: customers })
    .from(customerSessions)
    .innerJoin(customerUsers, eq(customerUsers.id, customerSessions.customer_user_id))
    .innerJoin(customers, eq(customers.id, customerUsers.customer_id))
    .where(
      and(
        eq(customerSessions.id, sessionId),
        isNull(customerSessions.revoked_at),
        gt(customerSessions.expires_at, new Date()),
        isNull(customers.deleted_at),
      ),
    );
  if (!row || row.u.revoked || !row.u.is_enable) return undefined;
  return publicCustomerUser(row.u, row.c);
}

/** The live session ids among these (the socket re-check). */
export async function liveCustomerSessionIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: customerSessions.id })
    .from(customerSessions)
    .innerJoin(customerUsers, eq(customerUsers.id, customerSessions.customer_user_id))
    .innerJoin(customers, eq(customers.id, customerUsers.customer_id))
    .where(
      and(
        inArray(customerSessions.id, ids),
        isNull(customerSessions.revoked_at),
        gt(customerSessions.expires_at, new Date()),
        isNull(customers.deleted_at),
        eq(customerUsers.revoked, false),
        eq(customerUsers.is_enable, true),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export type CustomerSessionScope = { sessionIds: string[] } | { customerUserIds: number[] } | { customerId: number };

/**
 * Revokes the live sessions in scope (in the caller's transaction, if any); answers the customer
 * users whose sessions ended. Call `closeCustomerSockets` with them after the commit.
 */
export async function revokeCustomerSessionRows(db: DbOrTx, scope: CustomerSessionScope): Promise<number[]> {
  if ('sessionIds' in scope && scope.sessionIds.length === 0) return [];
  if ('customerUserIds' in scope && scope.customerUserIds.length === 0) return [];
  const where =
    'sessionIds' in scope
      ? inArray(customerSessions.id, scope.sessionIds)
      : 'customerUserIds' in scope
        ? inArray(customerSessions.customer_user_id, scope.customerUserIds)
        : inArray(
            customerSessions.customer_user_id,
            db
              .select({ id: customerUsers.id })
              .from(customerUsers)
              .where(eq(customerUsers.customer_id, scope.customerId)),
          );
  const rows = await db
    .update(customerSessions)
    .set({ revoked_at: new Date() })
    .where(and(where, isNull(customerSessions.revoked_at)))
    .returning({ user: customerSessions.customer_user_id });
  return [...new Set(rows.map((r) => r.user))];
}

/** Closes, on every process, the sockets of these sessions or of every session of these users. */
export function closeCustomerSockets(deps: AppDeps, target: { sessionIds?: string[]; customerUserIds?: number[] }) {
  disconnectRooms(deps, [
    ...(target.sessionIds ?? []).map(customerSessionRoom),
    ...(target.customerUserIds ?? []).map(customerUserRoom),
  ]);
}

/**
 * Ends the customer-app sessions in scope and closes their sockets on every process: sign-out,
 * a password reset, access disabled or revoked, the customer removed. Re-enabling the user later
 * does not revive these tokens.
 */
export async function endCustomerSessions(deps: AppDeps, scope: CustomerSessionScope): Promise<number[]> {
  if ('customerId' in scope) {
    const users = await deps.db
      .select({ id: customerUsers.id })
      .from(customerUsers)
      .where(eq(customerUsers.customer_id, scope.customerId));
    return endCustomerSessions(deps, { customerUserIds: users.map((u) => u.id) });
  }
  const users = await revokeCustomerSessionRows(deps.db, scope);
  if ('sessionIds' in scope) closeCustomerSockets(deps, { sessionIds: scope.sessionIds });
  else closeCustomerSockets(deps, { customerUserIds: scope.customerUserIds });
  return users;
}
