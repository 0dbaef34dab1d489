import * as api from '@dbo/domain/endpoints/auth';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { routeOf } from '../../lib/endpoint-route.js';
import { notFound } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import type { App } from '../../lib/http.js';
import { userProfile } from '../company/company.service.js';
import { users } from '../company/company.tables.js';
import { AttemptLimiter, limitBy } from './auth.limits.js';
import { closeStaffSessions, endStaffSession } from './session-end.js';
import {
  acceptInvitation,
  createResetToken,
  createSession,
  resetPassword,
  signIn,
  signUp,
  updateProfile,
} from './auth.service.js';

/** A new session of the staff user and its bearer token (what sign-in and sign-up hand out). */
export async function sessionToken(app: App, user: { id: number; company_id: number }): Promise<string> {
  const session = await createSession(app.deps.db, user);
  return app.jwt.sign({ sub: String(user.id), cid: user.company_id, jti: session.id });
}

async function issueToken(app: App, user: { id: number; company_id: number }) {
  const access_token = await sessionToken(app, user);
  const profile = await userProfile(app.deps.db, user.id);
  if (!profile) throw notFound();
  return { access_token, user: profile };
}

const MINUTE = 60_000;
const tags = ['auth'];
const byAddress = (req: FastifyRequest) => `address:${req.ip}`;
const byEmail = (req: FastifyRequest) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `email:${email.toLowerCase()}` : undefined;
};

/** Sign-in, sign-up and password reset: no token needed. */
export async function publicRoutes(app: App) {
  const { rateLimitAuth, rateLimitAuthAddress } = app.deps.config;
  // Counted after validation: per email whatever the address, per address whatever the email.
  const shared = app.deps.sharedLimits;
  const perEmail = new AttemptLimiter(rateLimitAuth, MINUTE, 'signin', shared);
  const perAddress = new AttemptLimiter(rateLimitAuthAddress, MINUTE, 'signin', shared);
  const signUpsPerAddress = new AttemptLimiter(rateLimitAuth, MINUTE, 'signup', shared);
  const attempts = limitBy([
    [perEmail, byEmail],
    [perAddress, byAddress],
  ]);

  app.route({
    ...routeOf(api.signIn, { tags }),
    preHandler: attempts,
    handler: async (req) => {
      const user = await signIn(app.deps.db, req.body.email, req.body.password);
      return issueToken(app, user);
    },
  });

  app.route({
    ...routeOf(api.signUp, { tags }),
    preHandler: limitBy([[signUpsPerAddress, byAddress]]),
    handler: async (req) => {
      // with an invitation's token the invitee joins the inviting company (not a new one)
      const { token, ...body } = req.body;
      const user = token
        ? await acceptInvitation(app.deps.db, { token, name: body.name, password: body.password })
        : await signUp(app.deps.db, body);
      return issueToken(app, user);
    },
  });

  app.route({
    ...routeOf(api.resetRequest, { tags }),
    preHandler: attempts,
    handler: async (req) => {
      const reset = await createResetToken(app.deps.db, req.body.email);
      // The answer is the same for unknown addresses, so the form can't be used to probe accounts.
      if (reset) {
        const link = `${app.deps.config.publicUrl}/auth/change-password?reset-token=${encodeURIComponent(reset.token)}`;
        await app.deps.mailer.send({
          to: reset.user.email,
          subject: 'Reset your password',
          text: `Hello ${reset.user.name},\n\nOpen this link to choose a new password:\n${link}\n\nThe link expires after 23 hours and works once.\n`,
          html: `<p>Hello ${escapeHtml(reset.user.name)},</p><p><a href="${link}">Choose a new password</a></p><p>The link expires after 23 hours and works once.</p>`,
        });
      }
      return { success: true };
    },
  });

  app.route({
    ...routeOf(api.setPassword, { tags }),
    preHandler: limitBy([[perAddress, byAddress]]),
    handler: async (req) => {
      const userId = await resetPassword(app.deps.db, req.body.token, req.body.password);
      await closeStaffSessions(app.deps, [userId], []);
      return { success: true };
    },
  });
}

export async function privateRoutes(app: App) {
  // guessing the current password with a stolen token is limited like sign-in
  const passwordChanges = new AttemptLimiter(
    app.deps.config.rateLimitAuth,
    MINUTE,
    'password-change',
    app.deps.sharedLimits,
  );
  const byUserChangingPassword = (req: FastifyRequest) =>
    (req.body as { password?: unknown } | undefined)?.password ? `user:${req.auth.userId}` : undefined;

  /** The signed-in user's profile; a user removed meanwhile is a 404. */
  const signedInProfile = async (req: FastifyRequest) => {
    const user = await userProfile(app.deps.db, req.auth.userId);
    if (!user) throw notFound();
    return user;
  };

  app.route({
    ...routeOf(api.validateToken, { tags }),
    handler: async (req) => ({ user: await signedInProfile(req) }),
  });

  app.route({
    ...routeOf(api.signOut, { tags }),
    handler: async (req) => {
      // the session ends on every process (awaited) and its sockets close everywhere
      await endStaffSession(app.deps, req.auth.sessionId);
      return { success: true };
    },
  });

  app.route({
    ...routeOf(api.updateProfile, { tags }),
    preHandler: limitBy([[passwordChanges, byUserChangingPassword]]),
    handler: async (req) => {
      const { revokedSessions } = await updateProfile(app.deps.db, req.auth, req.body);
      await closeStaffSessions(app.deps, [req.auth.userId], revokedSessions, { keep: req.auth.sessionId });
      return { user: await signedInProfile(req) };
    },
  });

  app.route({
    ...routeOf(api.notification, { tags }),
    handler: async (req) => {
      const [u] = await app.deps.db
        .select({ email_notification: users.email_notification, app_notification: users.app_notification })
        .from(users)
        .where(eq(users.id, req.auth.userId));
      if (!u) throw notFound();
      return { notification: u };
    },
  });

  app.route({
    ...routeOf(api.saveNotification, { tags }),
    handler: async (req) => {
      await app.deps.db.update(users).set(req.body.notifications).where(eq(users.id, req.auth.userId));
      return { notification: { user: await signedInProfile(req) } };
    },
  });
}
