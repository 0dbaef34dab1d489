import { ROLE_LABELS, type Role } from '@dbo/domain/permissions';
import * as api from '@dbo/domain/endpoints/team';
import { TEAM_MSG } from '@dbo/domain/team';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { routeOf } from '../../lib/endpoint-route.js';
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

  app.route({
    ...routeOf(api.teamUsers, { tags }),
    config: { action },
    handler: async (req) => listTeam(db, req.auth.companyId),
  });

  app.route({
    ...routeOf(api.inviteUser, { tags }),
    config: { action },
    handler: async (req) => {
      const { user, token } = await inviteUser(db, req.auth.companyId, req.auth.userId, req.body);
      await mailInvitation(app, req.auth.companyId, user, token);
      return teamUser(user);
    },
  });

  app.route({
    ...routeOf(api.resendInvitation, { tags }),
    config: { action },
    handler: async (req) => {
      const { user, token } = await resendInvitation(db, req.auth.companyId, req.auth.userId, req.params.id);
      await mailInvitation(app, req.auth.companyId, user, token);
      return teamUser(user);
    },
  });

  app.route({
    ...routeOf(api.updateTeamUser, { tags }),
    config: { action },
    handler: async (req) => {
      const { user, ended } = await updateTeamUser(db, req.auth.companyId, req.auth.userId, req.params.id, req.body);
      // a disabled user's open sockets close at once, on every process (Redis adapter)
      if (ended) await closeStaffSessions(app.deps, [user.id], []);
      return teamUser(user);
    },
  });

  app.route({
    ...routeOf(api.removeTeamUser, { tags }),
    config: { action },
    handler: async (req) => {
      await removeTeamUser(db, req.auth.companyId, req.auth.userId, req.params.id);
      await closeStaffSessions(app.deps, [req.params.id], []);
      return { success: true };
    },
  });
}

/** What the invitation link's sign-up page shows before the invitee signs up. */
export async function publicRoutes(app: App) {
  app.route({
    ...routeOf(api.invitation, { tags }),
    handler: async (req) => {
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
  });
}
