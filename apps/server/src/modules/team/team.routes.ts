import { ROLE_LABELS, type Role } from '@dbo/domain/permissions';
import { idParams } from '@dbo/domain/primitives';
import {
  invitationLookupOut,
  invitationLookupQuery,
  invitationSchema,
  TEAM_MSG,
  teamUserOut,
  teamUserUpdateSchema,
} from '@dbo/domain/team';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import type { App } from '../../lib/http.js';
import { sha256 } from '../../lib/passwords.js';
import { getCompany } from '../company/company.service.js';
import { companies, users } from '../company/company.tables.js';
import { closeStaffSessions } from '../auth/session-end.js';
import { inviteUser, listTeam, removeTeamUser, resendInvitation, teamUser, updateTeamUser } from './team.service.js';

const tags = ['team'];
const action = 'team.manage';

async function mailInvitation(
  app: App,
  companyId: number,
  invitee: { name: string; email: string; role: string },
  token: string,
) {
  const company = await getCompany(app.deps.db, companyId);
  const link = `${app.deps.config.publicUrl}/auth/signup?invitation=${encodeURIComponent(token)}`;
  const role = ROLE_LABELS[invitee.role as Role] ?? invitee.role;
  await app.deps.mailer.send({
    to: invitee.email,
    subject: `You are invited to ${company.name}`,
    text: `Hello ${invitee.name},\n\n${company.name} invites you to its back-office as ${role}.\nOpen this link to choose your password and join:\n${link}\n\nThe link works for 7 days.\n`,
    html: `<p>Hello ${escapeHtml(invitee.name)},</p><p>${escapeHtml(company.name)} invites you to its back-office as ${escapeHtml(role)}.</p><p><a href="${link}">Join ${escapeHtml(company.name)}</a></p><p>The link works for 7 days.</p>`,
  });
}

/** Settings → Team: the owner invites, changes roles, disables and removes staff users. */
export async function privateRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/company/users',
    { config: { action }, schema: { tags, response: { 200: z.array(teamUserOut) } } },
    async (req) => listTeam(db, req.auth.companyId),
  );

  app.post(
    '/company/user-invitation',
    { config: { action }, schema: { tags, body: invitationSchema, response: { 200: teamUserOut } } },
    async (req) => {
      const { user, token } = await inviteUser(db, req.auth.companyId, req.auth.userId, req.body);
      await mailInvitation(app, req.auth.companyId, user, token);
      return teamUser(user);
    },
  );

  app.post(
    '/company/users/:id/resend',
    { config: { action }, schema: { tags, params: idParams, response: { 200: teamUserOut } } },
    async (req) => {
      const { user, token } = await resendInvitation(db, req.auth.companyId, req.auth.userId, req.params.id);
      await mailInvitation(app, req.auth.companyId, user, token);
      return teamUser(user);
    },
  );

  app.put(
    '/company/users/:id',
    {
      config: { action },
      schema: { tags, params: idParams, body: teamUserUpdateSchema, response: { 200: teamUserOut } },
    },
    async (req) => {
      const { user, ended } = await updateTeamUser(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      // a disabled user's open sockets close at once, on every process (Redis adapter)
      if (ended) await closeStaffSessions(app.deps, [user.id], []);
      return teamUser(user);
    },
  );

  app.delete(
    '/company/users/:id',
    { config: { action }, schema: { tags, params: idParams, response: { 200: z.object({ success: z.boolean() }) } } },
    async (req) => {
      await removeTeamUser(db, req.auth.companyId, req.auth.userId, req.params.id);
      await closeStaffSessions(app.deps, [req.params.id], []);
      return { success: true };
    },
  );
}

/** What the invitation link's sign-up page shows before the invitee signs up. */
export async function publicRoutes(app: App) {
  app.get(
    '/auth/invitation',
    { schema: { tags, querystring: invitationLookupQuery, response: { 200: invitationLookupOut } } },
    async (req) => {
      const [row] = await app.deps.db
        .select({ name: users.name, email: users.email, role: users.role, company: companies.name })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.company_id))
        .where(
          and(
            eq(users.invite_token_hash, sha256(req.query.token)),
            gt(users.invite_expires_at, new Date()),
            isNull(users.removed_at),
          ),
        );
      if (!row) throw badRequest(TEAM_MSG.invitationInvalid);
      return row;
    },
  );
}
