/**
 * The staff accounts' writes. The users table is the company module's (the bottom floor, so every
 * module can name a user); auth (sign-in, passwords, profile) and team (invitations, roles,
 * removal) decide what changes and call these, so no other module writes the table
 * (test/module-writes.test.ts).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from './company.tables.js';

export type UserRow = typeof users.$inferSelect;
export type UserChanges = Partial<typeof users.$inferInsert>;

/** A new user of a company (an invitation: no password yet). */
export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [u] = await db.insert(users).values(values).returning();
  return u;
}

/** Changes one user (the caller found it, under its lock where it must); answers the row after. */
export async function updateUser(db: DbOrTx, userId: number, set: UserChanges): Promise<UserRow> {
  const [u] = await db.update(users).set(set).where(eq(users.id, userId)).returning();
  return u;
}

/**
 * Changes the user whose live invitation has this token hash (not expired, not removed); answers
 * the row after, or undefined when no invitation matches.
 */
export async function updateInvitedUser(db: DbOrTx, tokenHash: string, set: UserChanges): Promise<UserRow | undefined> {
  const [u] = await db
    .update(users)
    .set(set)
    .where(
      and(eq(users.invite_token_hash, tokenHash), gt(users.invite_expires_at, new Date()), isNull(users.removed_at)),
    )
    .returning();
  return u;
}
