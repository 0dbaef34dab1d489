import { CUSTOMER_MSG, refId } from '@dbo/domain/customer';
import * as api from '@dbo/domain/endpoints/customers';
import { gridQuery } from '@dbo/domain/grid';
import { routeOf } from '../../lib/endpoint-route.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import type { App, FastifyRequest } from '../../lib/http.js';
import { AttemptLimiter, limitBy } from '../auth/auth.limits.js';
import {
  CUSTOMER_SESSION_HOURS,
  createCustomerSession,
  endCustomerSessions,
  findCustomerSession,
} from './customer-sessions.service.js';
import {
  allCustomerUsers,
  completeSignUp,
  customerSignIn,
  type InvitationMail,
  invitationMessage,
  inviteCustomerUser,
  listCustomerUsers,
  resendInvitation,
  setNotificationPreferences,
  setPermission,
  setRevoked,
} from './customer-users.service.js';
import {
  autoFillSuggestions,
  createCustomer,
  customerGrid,
  customerTabcExpiration,
  customerWithFlags,
  findCustomer,
  listCustomers,
  listPriceTiers,
  removeCustomer,
  updateCustomer,
} from './customers.service.js';

const tags = ['customer'];

/** Customer-app tokens are signed by the same key but carry kind 'customer'; staff routes refuse them. */
interface CustomerTokenPayload {
  kind: 'customer';
  cu: number;
  cid: number;
  jti: string;
}

/**
 * A customer user's bearer token for the customer app (what its sign-in hands out): a new stored
 * session (customer-sessions.service.ts) whose id is the token's `jti`.
 */
export async function customerToken(app: App, u: { id: number; company_id: number }): Promise<string> {
  const session = await createCustomerSession(app.deps.db, u);
  return app.jwt.sign(
    { kind: 'customer', cu: u.id, cid: u.company_id, jti: session.id } satisfies CustomerTokenPayload,
    { expiresIn: `${CUSTOMER_SESSION_HOURS}h` },
  );
}

/** The customer user of a customer-app token whose session is live; 401 otherwise. */
export async function customerTokenUser(app: App, req: FastifyRequest) {
  let payload: CustomerTokenPayload;
  try {
    payload = await req.jwtVerify<CustomerTokenPayload>();
  } catch {
    throw unauthorized();
  }
  if (payload.kind !== 'customer' || typeof payload.jti !== 'string') throw unauthorized();
  const user = await findCustomerSession(app.deps.db, payload.jti);
  if (!user || user.id !== payload.cu || user.company_id !== payload.cid) throw unauthorized();
  return { user, sessionId: payload.jti };
}

export async function privateRoutes(app: App) {
  const { db, config } = app.deps;

  app.route({
    ...routeOf(api.customers, { tags }),
    handler: async (req) => listCustomers(db, req.auth.companyId),
  });

  app.route({
    ...routeOf(api.customerGrid, { tags }),
    handler: async (req) => customerGrid(app.deps.wiring, db, req.auth.companyId, req.query),
  });

  // the customer screens of the company's other users refresh (after the write committed)
  const changed = <C extends { id: number }>(companyId: number, c: C, deleted?: boolean) => {
    app.deps.emit(companyId, 'customer:update', deleted ? { id: c.id, deleted } : { id: c.id });
    return c;
  };

  app.route({
    ...routeOf(api.createCustomer, { tags }),
    handler: async (req) =>
      changed(req.auth.companyId, await createCustomer(db, req.auth.companyId, req.auth.userId, req.body)),
  });

  app.route({
    ...routeOf(api.autoFillSuggestions, { tags }),
    handler: async (req) => autoFillSuggestions(db, req.query.query),
  });

  app.route({
    ...routeOf(api.allCustomerUsers, { tags }),
    handler: async (req) => {
      const res = await allCustomerUsers(db, req.auth.companyId, gridQuery().parse({ startRow: 0, endRow: 400 }));
      return res.rows;
    },
  });

  /** The users grid; with customerId only that customer's users (/customer/{customerId}/user). */
  app.route({
    ...routeOf(api.customerUserGrid, { tags }),
    handler: async (req) => {
      const { customerId } = req.query;
      if (customerId) await findCustomer(db, req.auth.companyId, customerId);
      return allCustomerUsers(db, req.auth.companyId, req.query, customerId);
    },
  });

  /** The company's price tiers, for the customer form's tier choice. */
  app.route({
    ...routeOf(api.priceTiers, { tags }),
    handler: async (req) => listPriceTiers(db, req.auth.companyId),
  });

  /** Tells the staff screens and the customer user's own sockets (the customer app signs a revoked or disabled user out). */
  const announceAccess = async <U extends { id: number; revoked: boolean; is_enable: boolean }>(
    companyId: number,
    u: U,
  ) => {
    const access = { id: u.id, revoked: u.revoked, is_enable: u.is_enable };
    app.deps.emit(companyId, 'user:access', access);
    app.deps.emitToCustomer(u.id, 'user:access', access);
    // access taken away ends every session and socket; giving it back revives none of them
    if (u.revoked || !u.is_enable) await endCustomerSessions(app.deps, { customerUserIds: [u.id] });
    return u;
  };

  app.route({
    ...routeOf(api.revokeInvitation, { tags }),
    handler: async (req) => {
      const u = await setRevoked(
        db,
        req.auth.companyId,
        req.auth.userId,
        refId(req.body.customerUser),
        req.body.revoke,
      );
      return announceAccess(req.auth.companyId, u);
    },
  });

  app.route({
    ...routeOf(api.setUserPermission, { tags }),
    handler: async (req) => {
      const u = await setPermission(
        db,
        req.auth.companyId,
        req.auth.userId,
        refId(req.body.customerUser),
        req.body.permission,
      );
      return announceAccess(req.auth.companyId, u);
    },
  });

  /** Mails a new or a resent invitation; the answer names the invited user. */
  const mailInvitation = async <U>(invited: { user: U; mail: InvitationMail }) => {
    await app.deps.mailer.send(invitationMessage(invited.mail));
    return { customerUser: invited.user, success: true };
  };

  app.route({
    ...routeOf(api.inviteUser, { tags }),
    handler: async (req) =>
      mailInvitation(await inviteCustomerUser(db, req.auth.companyId, req.auth.userId, config, req.body)),
  });

  // Staff can send a fresh link when the first one got lost or expired.
  app.route({
    ...routeOf(api.resendInvitation, { tags }),
    handler: async (req) =>
      mailInvitation(await resendInvitation(db, req.auth.companyId, req.auth.userId, config, req.params.id)),
  });

  app.route({
    ...routeOf(api.customer, { tags }),
    handler: async (req) => customerWithFlags(app.deps.wiring, db, req.auth.companyId, req.params.id),
  });

  app.route({
    ...routeOf(api.updateCustomer, { tags }),
    handler: async (req) =>
      changed(
        req.auth.companyId,
        await updateCustomer(db, req.auth.companyId, req.auth.userId, req.params.id, req.body),
      ),
  });

  app.route({
    ...routeOf(api.removeCustomer, { tags }),
    handler: async (req) => {
      const removed = await removeCustomer(db, req.auth.companyId, req.auth.userId, req.params.id);
      // its users' sessions and sockets end with it
      await endCustomerSessions(app.deps, { customerId: req.params.id });
      return changed(req.auth.companyId, removed, true);
    },
  });

  app.route({
    ...routeOf(api.tabcExpiration, { tags }),
    handler: async (req, reply) => {
      reply.header('cache-control', 'private, max-age=600');
      return customerTabcExpiration(db, req.auth.companyId, req.params.id);
    },
  });

  app.route({
    ...routeOf(api.customerUsers, { tags }),
    handler: async (req) => listCustomerUsers(db, req.auth.companyId, req.params.customerId),
  });

  app.route({
    ...routeOf(api.setNotificationPreferences, { tags }),
    handler: async (req) => {
      const userId = refId(req.body.customerUser);
      // the path names the customer; the user must be one of that customer's users
      const users = await listCustomerUsers(db, req.auth.companyId, req.params.id);
      if (!users.some((u) => u.id === userId)) throw notFound(CUSTOMER_MSG.userNotFound);
      return setNotificationPreferences(db, req.auth.companyId, req.auth.userId, userId, req.body.preferences);
    },
  });
}

export async function publicRoutes(app: App) {
  const { db } = app.deps;

  // Counted after the body is parsed and validated (a preHandler): per email whatever the address,
  // per address whatever the email, so made-up emails from one address never lock out a real user.
  const { rateLimitAuth, rateLimitAuthAddress } = app.deps.config;
  const perEmail = new AttemptLimiter(rateLimitAuth, 60_000, 'shop-signin', app.deps.sharedLimits);
  const perAddress = new AttemptLimiter(rateLimitAuthAddress, 60_000, 'shop-signin', app.deps.sharedLimits);
  const attempts = limitBy([
    [perEmail, (req) => `cu-email:${String((req.body as { email?: unknown })?.email ?? '').toLowerCase()}`],
    [perAddress, (req) => `cu-address:${req.ip}`],
  ]);

  /** Completes an invitation: the token from the e-mailed link and a password create the account. */
  app.route({
    ...routeOf(api.customerSignUp, { tags }),
    preHandler: attempts,
    handler: async (req) => {
      const user = await completeSignUp(db, req.body);
      return { access_token: await customerToken(app, user), customerUser: user };
    },
  });

  app.route({
    ...routeOf(api.customerSignIn, { tags }),
    preHandler: attempts,
    handler: async (req) => {
      const user = await customerSignIn(db, req.body.email, req.body.password, req.body.subdomain);
      return { access_token: await customerToken(app, user), customerUser: user };
    },
  });

  /** The signed-in customer user; a revoked or disabled user's token stops working at once. */
  app.route({
    ...routeOf(api.customerMe, { tags }),
    handler: async (req) => ({ customerUser: (await customerTokenUser(app, req)).user }),
  });

  /** Customer-app sign-out: this token's session ends and its sockets close, on every process. */
  app.route({
    ...routeOf(api.customerSignOut, { tags }),
    handler: async (req) => {
      const { sessionId } = await customerTokenUser(app, req);
      await endCustomerSessions(app.deps, { sessionIds: [sessionId] });
      return { success: true };
    },
  });
}
