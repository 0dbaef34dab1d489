import { randomUUID } from 'node:crypto';
import { DEFAULTS } from '@dbo/domain/constants';
import { MSG } from '@dbo/domain/auth';
import { TEAM_MSG } from '@dbo/domain/team';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { badRequest, isUniqueViolation } from '../../lib/errors.js';
import { randomToken, sha256, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { hashNewPassword } from '../../lib/password-rules.js';
import { recordActivity } from '../activity/activity.service.js';
import { createCompanyWithOwner } from '../company/company-create.js';
import { users } from '../company/company.tables.js';
import { updateInvitedUser, updateUser } from '../company/users.service.js';
import { passwordResets, sessions } from './auth.tables.js';
import { spendResetToken } from './reset-token.js';
import {
  cachedSession,
  forgetSession,
  forgetUserSessions,
  type LiveSession,
  rememberSession,
} from './session-cache.js';

const HOUR = 3_600_000;

export async function createSession(db: Db, user: { id: number; company_id: number }) {
  const id = randomUUID();
  const expires = new Date(Date.now() + DEFAULTS.sessionHours * HOUR);
  await db.insert(sessions).values({ id, user_id: user.id, company_id: user.company_id, expires_at: expires });
  return { id, expires };
}

export async function findLiveSession(db: Db, id: string): Promise<LiveSession | undefined> {
  const hit = cachedSession(id);
  if (hit) return hit;
  const [s] = await db
    .select({
      id: sessions.id,
      user_id: sessions.user_id,
      company_id: sessions.company_id,
      role: users.role,
      expires_at: sessions.expires_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.id, id),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date()),
        // a disabled or removed user is signed out everywhere at once
        eq(users.active, true),
        isNull(users.removed_at),
      ),
    );
  if (s) rememberSession(s);
  return s;
}

export async function revokeSession(db: Db, id: string) {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, id));
  await forgetSession(id);
}

export async function signIn(db: Db, email: string, password: string) {
  const [u] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  // an unknown email pays the same hash work as a known one: the timing tells nothing; so does an
  // invitee who has not signed up yet (no password) or a user removed from the team
  const known = u && !u.removed_at && !u.invite_token_hash && u.password_hash ? u : undefined;
  const ok = known ? await verifyPassword(password, known.password_hash) : await verifyAgainstDummy(password);
  if (!u || !known || !ok) {
    if (u)
      await recordActivity(db, {
        companyId: u.company_id,
        userId: u.id,
        module: 'AUTH',
        type: 'SIGN_IN',
        success: false,
      });
    throw badRequest(MSG.invalidCredentials);
  }
  if (!u.active) throw badRequest(TEAM_MSG.disabled);
  await updateUser(db, u.id, { last_sign_in_at: new Date() });
  await recordActivity(db, { companyId: u.company_id, userId: u.id, module: 'AUTH', type: 'SIGN_IN' });
  return u;
}

export async function signUp(
  db: Db,
  input: { name: string; title: string; email: string; password: string; company_name?: string },
) {
  const passwordHash = await hashNewPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const { company, user } = await createCompanyWithOwner(tx, {
        companyName: input.company_name || `${input.name}'s Company`,
        email: input.email,
        name: input.name,
        title: input.title,
        passwordHash,
      });
      await recordActivity(tx, { companyId: company.id, userId: user.id, module: 'AUTH', type: 'CREATE' });
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(MSG.emailTaken);
    throw err;
  }
}

/**
 * An invitee's sign-up: the invitation (a live token) becomes a signed-up user of the inviting
 * company with the invited email and role. Answers the user; a used or expired token is a 400.
 */
export async function acceptInvitation(db: Db, input: { token: string; name: string; password: string }) {
  const hash = await hashNewPassword(input.password);
  return db.transaction(async (tx) => {
    const u = await updateInvitedUser(tx, sha256(input.token), {
      name: input.name,
      password_hash: hash,
      invite_token_hash: null,
      invite_expires_at: null,
      last_sign_in_at: new Date(),
      updated_at: new Date(),
    });
    if (!u) throw badRequest(TEAM_MSG.invitationInvalid);
    if (!u.active) throw badRequest(TEAM_MSG.disabled);
    await recordActivity(tx, {
      companyId: u.company_id,
      userId: u.id,
      module: 'TEAM',
      type: 'CREATE',
      info: { joined: u.email, role: u.role },
    });
    return u;
  });
}

/** Creates a single-use reset token valid 23 hours; answers undefined for an unknown email. */
export async function createResetToken(db: Db, email: string) {
  const [u] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!u) return undefined;
  const token = randomToken();
  await db.insert(passwordResets).values({
    token_hash: sha256(token),
    user_id: u.id,
    expires_at: new Date(Date.now() + DEFAULTS.resetLinkHours * HOUR),
  });
  return { token, user: u };
}

export async function resetPassword(db: Db, token: string, password: string) {
  const hash = await hashNewPassword(password);
  const userId = await db.transaction(async (tx) => {
    const r = await spendResetToken(tx, passwordResets, token);
    if (!r) throw badRequest(MSG.resetTokenInvalid);
    await updateUser(tx, r.user_id, { password_hash: hash, updated_at: new Date() });
    // a new password ends every open session
    await tx
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(and(eq(sessions.user_id, r.user_id), isNull(sessions.revoked_at)));
    return r.user_id;
  });
  await forgetUserSessions(userId);
  return userId;
}

/**
 * Name and, with the current password, a new password. A new password signs out every other
 * session of the user (answered so their sockets can be closed); this one stays signed in.
 */
export async function updateProfile(
  db: Db,
  auth: { userId: number; sessionId: string },
  input: { name: string; password?: string; current_password?: string },
): Promise<{ revokedSessions: string[] }> {
  const set: Partial<typeof users.$inferInsert> = { name: input.name, updated_at: new Date() };
  if (input.password) {
    if (!input.current_password) throw badRequest(MSG.currentPasswordRequired);
    const [u] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, auth.userId));
    if (!u || !(await verifyPassword(input.current_password, u.hash))) throw badRequest(MSG.currentPasswordWrong);
    set.password_hash = await hashNewPassword(input.password);
  }
  const result = await db.transaction(async (tx) => {
    await updateUser(tx, auth.userId, set);
    if (!set.password_hash) return { revokedSessions: [] };
    const revoked = await tx
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(and(eq(sessions.user_id, auth.userId), isNull(sessions.revoked_at), ne(sessions.id, auth.sessionId)))
      .returning({ id: sessions.id });
    return { revokedSessions: revoked.map((r) => r.id) };
  });
  await Promise.all(result.revokedSessions.map((id) => forgetSession(id)));
  return result;
}
