import {
  notificationSchema,
  profileSchema,
  resetRequestSchema,
  setPasswordSchema,
  signInSchema,
  signUpSchema,
} from '@dbo/domain/auth';
import { eq } from 'drizzle-orm';
import { notFound } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import type { App } from '../../lib/http.js';
import { users } from '../company/company.tables.js';
import {
  createResetToken,
  createSession,
  resetPassword,
  revokeSession,
  signIn,
  signUp,
  updateProfile,
  userProfile,
} from './auth.service.js';

async function issueToken(app: App, user: { id: number; company_id: number }) {
  const session = await createSession(app.deps.db, user);
  const access_token = app.jwt.sign({ sub: String(user.id), cid: user.company_id, jti: session.id });
  return { access_token, user: await userProfile(app.deps.db, user.id) };
}

/** Sign-in, sign-up and password reset: no token needed. */
export async function publicRoutes(app: App) {
  const limit = {
    rateLimit: {
      max: app.deps.config.rateLimitAuth,
      timeWindow: '1 minute',
      keyGenerator: (req: { ip: string; body?: unknown }) =>
        `${req.ip}:${String((req.body as { email?: string } | undefined)?.email ?? '').toLowerCase()}`,
    },
  };

  app.post('/auth/signin', { schema: { tags: ['auth'], body: signInSchema }, config: limit }, async (req) => {
    const user = await signIn(app.deps.db, req.body.email, req.body.password);
    return issueToken(app, user);
  });

  app.post('/auth/signup', { schema: { tags: ['auth'], body: signUpSchema } }, async (req) => {
    const user = await signUp(app.deps.db, req.body);
    return issueToken(app, user);
  });

  app.post(
    '/auth/reset-request',
    { schema: { tags: ['auth'], body: resetRequestSchema }, config: limit },
    async (req) => {
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
  );

  app.put('/auth/password', { schema: { tags: ['auth'], body: setPasswordSchema } }, async (req) => {
    await resetPassword(app.deps.db, req.body.token, req.body.password);
    return { success: true };
  });
}

export async function privateRoutes(app: App) {
  app.get('/validate_token', { schema: { tags: ['auth'] } }, async (req) => {
    const user = await userProfile(app.deps.db, req.auth.userId);
    if (!user) throw notFound();
    return { user };
  });

  app.post('/auth/signout', { schema: { tags: ['auth'] } }, async (req) => {
    await revokeSession(app.deps.db, req.auth.sessionId);
    return { success: true };
  });

  app.put('/user', { schema: { tags: ['auth'], body: profileSchema } }, async (req) => {
    await updateProfile(app.deps.db, req.auth.userId, req.body);
    return { user: await userProfile(app.deps.db, req.auth.userId) };
  });

  app.get('/company/notification', { schema: { tags: ['auth'] } }, async (req) => {
    const [u] = await app.deps.db
      .select({ email_notification: users.email_notification, app_notification: users.app_notification })
      .from(users)
      .where(eq(users.id, req.auth.userId));
    return { notification: u };
  });

  app.put('/company/notification', { schema: { tags: ['auth'], body: notificationSchema } }, async (req) => {
    await app.deps.db.update(users).set(req.body.notifications).where(eq(users.id, req.auth.userId));
    const user = await userProfile(app.deps.db, req.auth.userId);
    return { notification: { user } };
  });
}
