import { INVITATION_DAYS, type InvitationInput, TEAM_MSG, type TeamUser } from '@dbo/domain/team';
import { MSG } from '@dbo/domain/auth';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, isUniqueViolation, notFound } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/passwords.js';
import { recordActivity } from '../activity/activity.service.js';
import { forgetUserSessions } from '../auth/session-cache.js';
import { revokeStaffSessionRows } from '../auth/session-end.js';
import { companies, users } from '../company/company.tables.js';
import { insertUser, updateUser } from '../company/users.service.js';

type UserRow = typeof users.$inferSelect;

export function teamUser(u: UserRow): TeamUser {
  const status = u.invite_token_hash ? 'invited' : u.active ? 'active' : 'disabled';
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    status,
    active: u.active,
    last_sign_in_at: u.last_sign_in_at,
    invited_at: u.invited_at,
    created_at: u.created_at,
  };
}

/** The company's staff (not the removed), owners first, then by name. */
export async function listTeam(db: Db, companyId: number): Promise<TeamUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.company_id, companyId), isNull(users.removed_at)))
    .orderBy(sql`${users.role} <> 'owner'`, asc(users.name), asc(users.id));
  return rows.map(teamUser);
}

const DAY = 86_400_000;

/** A new invitation token on the user row (only its hash is kept); answers the token to mail. */
function newInvitation() {
  const token = randomToken();
  return {
    token,
    set: {
      invite_token_hash: sha256(token),
      invite_expires_at: new Date(Date.now() + INVITATION_DAYS * DAY),
      invited_at: new Date(),
    },
  };
}

export async function inviteUser(
  db: Db,
  companyId: number,
  actorId: number,
  input: InvitationInput & { role: string },
) {
  const { token, set } = newInvitation();
  try {
    return await db.transaction(async (tx) => {
      const u = await insertUser(tx, {
        company_id: companyId,
        name: input.name,
        email: input.email,
        role: input.role,
        password_hash: '',
        ...set,
      });
      await recordActivity(tx, {
        companyId,
        userId: actorId,
        module: 'TEAM',
        type: 'INVITE',
        info: { id: u.id, email: u.email, role: u.role },
      });
      return { user: u, token };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(MSG.emailTaken);
    throw err;
  }
}

async function findTeamUser(db: Db | Tx, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.company_id, companyId), isNull(users.removed_at)));
  const [u] = lock ? await q.for('update') : await q;
  if (!u) throw notFound(TEAM_MSG.userNotFound);
  return u;
}

export async function resendInvitation(db: Db, companyId: number, actorId: number, id: number) {
  const { token, set } = newInvitation();
  return db.transaction(async (tx) => {
    const u = await findTeamUser(tx, companyId, id, true);
    if (!u.invite_token_hash) throw badRequest(TEAM_MSG.notInvited);
    const updated = await updateUser(tx, u.id, set);
    await recordActivity(tx, {
      companyId,
      userId: actorId,
      module: 'TEAM',
      type: 'INVITE',
      info: { id, resend: true },
    });
    return { user: updated, token };
  });
}

/** Whether another signed-up, active owner of the company would remain (the company row is locked). */
async function anotherActiveOwner(tx: Tx, companyId: number, exceptId: number): Promise<boolean> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role, 'owner'),
        eq(users.active, true),
        isNull(users.removed_at),
        isNull(users.invite_token_hash),
        ne(users.id, exceptId),
      ),
    );
  return (row?.n ?? 0) > 0;
}

const isActiveOwner = (u: UserRow) => u.role === 'owner' && u.active && !u.invite_token_hash;

async function endSessions(tx: Tx, userId: number) {
  await revokeStaffSessionRows(tx, [userId]);
}

/**
 * A new role and/or active flag. Answers the user and whether their sessions ended (disabled):
 * the caller closes their sockets. The last active owner is never demoted or disabled.
 */
export async function updateTeamUser(
  db: Db,
  companyId: number,
  actorId: number,
  id: number,
  change: { role?: string; active?: boolean },
) {
  const result = await db.transaction(async (tx) => {
    const u = await findTeamUser(tx, companyId, id, true);
    const demoted = change.role !== undefined && change.role !== 'owner';
    const disabled = change.active === false;
    if (isActiveOwner(u) && (demoted || disabled) && !(await anotherActiveOwner(tx, companyId, u.id)))
      throw badRequest(TEAM_MSG.lastOwner(disabled ? 'disabled' : 'demoted'));
    const set: Partial<typeof users.$inferInsert> = { updated_at: new Date() };
    if (change.role !== undefined) set.role = change.role;
    if (change.active !== undefined) set.active = change.active;
    const updated = await updateUser(tx, u.id, set);
    const ended = disabled && u.active;
    if (ended) await endSessions(tx, u.id);
    if (change.role !== undefined && change.role !== u.role)
      await recordActivity(tx, {
        companyId,
        userId: actorId,
        module: 'TEAM',
        type: 'ROLE_CHANGE',
        info: { id, email: u.email, from: u.role, to: change.role },
      });
    if (change.active !== undefined && change.active !== u.active)
      await recordActivity(tx, {
        companyId,
        userId: actorId,
        module: 'TEAM',
        type: change.active ? 'ENABLE' : 'DISABLE',
        info: { id, email: u.email },
      });
    return { user: updated, ended };
  });
  // the role is read with the session: a cached session must not keep the old role (or stay alive)
  await forgetUserSessions(id);
  return result;
}

/**
 * Removes a user from the team: never signs in again, sessions end; the row stays (renamed email,
 * so the address may be invited again) so every record still names them.
 */
export async function removeTeamUser(db: Db, companyId: number, actorId: number, id: number) {
  await db.transaction(async (tx) => {
    const u = await findTeamUser(tx, companyId, id, true);
    if (isActiveOwner(u) && !(await anotherActiveOwner(tx, companyId, u.id)))
      throw badRequest(TEAM_MSG.lastOwner('removed'));
    await updateUser(tx, u.id, {
      removed_at: new Date(),
      active: false,
      invite_token_hash: null,
      invite_expires_at: null,
      email: `removed-${u.id}-${u.email}`,
      updated_at: new Date(),
    });
    await endSessions(tx, u.id);
    await recordActivity(tx, {
      companyId,
      userId: actorId,
      module: 'TEAM',
      type: 'DELETE',
      info: { id, email: u.email },
    });
  });
  forgetUserSessions(id);
}
