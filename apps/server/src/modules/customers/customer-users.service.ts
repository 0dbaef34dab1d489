import { CUSTOMER_MSG, accessLabel, isPendingInvitation, refId, type CustomerSignUpInput } from '@dbo/domain/customer';
import type { GridQuery } from '@dbo/domain/grid';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { type GridColumns, runGrid } from '../../db/grid.js';
import { badRequest, isUniqueViolation, notFound } from '../../lib/errors.js';
import { randomToken, sha256, verifyPassword } from '../../lib/passwords.js';
import { hashNewPassword } from '../../lib/password-rules.js';
import { recordActivity } from '../activity/activity.service.js';
import { getCompany } from '../company/company.service.js';
import { type ShopUrlConfig, shopPathUrl, shopUrl } from '../../lib/shop-url.js';
import { companies } from '../company/company.tables.js';
import { customers, customerUsers } from './customers.tables.js';
import { findCustomer } from './customers.service.js';

/** An invitation link stays valid for 14 days after it was (re)sent. */
export const INVITATION_DAYS = 14;

type UserRow = typeof customerUsers.$inferSelect;
type CustomerBrief = {
  id: number;
  name: string;
  address: string;
  city: string;
  tabc_id: string;
  deleted_at: Date | null;
};

export function publicCustomerUser(u: UserRow, customer?: CustomerBrief | null) {
  const { password_hash: _p, invitation_token_hash: _t, ...rest } = u;
  return {
    ...rest,
    access: accessLabel(u),
    pending_invitation: isPendingInvitation(u),
    emailInvitation: u.invited_at ? { invited_at: u.invited_at, updated_at: u.invitation_updated_at } : null,
    userActivity: { last_sign_in_at: u.last_sign_in_at, signed_up_at: u.signed_up_at },
    customer: customer ?? null,
  };
}

const customerBrief = {
  id: customers.id,
  name: customers.name,
  address: customers.address,
  city: customers.city,
  tabc_id: customers.tabc_id,
  deleted_at: customers.deleted_at,
};

export async function listCustomerUsers(db: DbOrTx, companyId: number, customerId: number) {
  await findCustomer(db, companyId, customerId);
  const rows = await db
    .select({ u: customerUsers, c: customerBrief })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customer_id))
    .where(and(eq(customerUsers.company_id, companyId), eq(customerUsers.customer_id, customerId)))
    .orderBy(desc(customerUsers.created_at), desc(customerUsers.id));
  return rows.map((r) => publicCustomerUser(r.u, r.c));
}

const userGridColumns: GridColumns = {
  id: { expr: customerUsers.id, type: 'number' },
  name: { expr: customerUsers.name, type: 'text' },
  email: { expr: customerUsers.email, type: 'text' },
  phone_number: { expr: customerUsers.phone_number, type: 'text' },
  is_enable: { expr: customerUsers.is_enable, type: 'boolean' },
  revoked: { expr: customerUsers.revoked, type: 'boolean' },
  access: {
    expr: sql`case when ${customerUsers.revoked} then 'Revoked' when ${customerUsers.is_enable} then 'Enabled' else 'Disabled' end`,
    type: 'set',
  },
  created_at: { expr: customerUsers.created_at, type: 'timestamp' },
  last_sign_in_at: { expr: customerUsers.last_sign_in_at, type: 'timestamp' },
  customer: { expr: customers.name, type: 'text' },
  customer_id: { expr: customerUsers.customer_id, type: 'number' },
};

/**
 * GET /customer/all-users: every customer user of the company. Without paging parameters the
 * whole list (spec shape); with startRow/endRow it answers the grid's {rows, count}.
 */
export async function allCustomerUsers(db: DbOrTx, companyId: number, q: GridQuery, customerId?: number) {
  const { rows, count } = await runGrid(db, {
    select: { u: customerUsers, c: customerBrief },
    from: customerUsers,
    joins: [{ table: customers, on: eq(customers.id, customerUsers.customer_id), kind: 'inner' }],
    columns: userGridColumns,
    query: q,
    defaultSort: [{ colId: 'created_at', sort: 'desc' }],
    tieBreaker: customerUsers.id,
    scope: [
      eq(customerUsers.company_id, companyId),
      customerId ? eq(customerUsers.customer_id, customerId) : undefined,
    ],
  });
  return { rows: rows.map((r) => publicCustomerUser(r.u, r.c)), count };
}

async function findUser(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({ u: customerUsers, c: customerBrief })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customer_id))
    .where(and(eq(customerUsers.id, id), eq(customerUsers.company_id, companyId)));
  if (!row) throw notFound(CUSTOMER_MSG.userNotFound);
  return row;
}

/**
 * The invitation's sign-up link: the distributor's shop (`/shop/{subdomain}/signup`), or the old
 * `/signup` while the company has no subdomain (that page forwards to the shop when it knows it).
 */
export function signUpLink(
  urls: ShopUrlConfig,
  subdomain: string | null,
  v: { name: string; email: string; tabc_id: string | null; token: string },
) {
  const q = new URLSearchParams({ name: v.name, email: v.email, tabc_id: v.tabc_id ?? '', token: v.token });
  const base = subdomain ? shopPathUrl(urls, subdomain) : urls.publicUrl.replace(/\/$/, '');
  return `${base}/signup?${q}`;
}

export interface InvitationMail {
  to: string;
  link: string;
  name: string;
  customerName: string;
  companyName: string;
  /** the shop's address, where the customer comes back to order (null: no subdomain yet) */
  shopUrl: string | null;
}

/** Creates the customer user with a pending invitation; answers the user and the mail to send. */
export async function inviteCustomerUser(
  db: Db,
  companyId: number,
  userId: number,
  urls: ShopUrlConfig,
  input: { values: { name: string; email: string; tabc_id: string | null }; customer: number | { id: number } },
) {
  const customer = await findCustomer(db, companyId, refId(input.customer));
  const token = randomToken();
  const now = new Date();
  try {
    const [u] = await db
      .insert(customerUsers)
      .values({
        company_id: companyId,
        customer_id: customer.id,
        name: input.values.name,
        email: input.values.email,
        invitation_token_hash: sha256(token),
        invited_at: now,
        invitation_updated_at: now,
      })
      .returning();
    await recordActivity(db, {
      companyId,
      userId,
      module: 'CUSTOMER',
      type: 'CREATE',
      info: { customerId: customer.id, customerUser: u.id, invitation: u.email },
    });
    const mail = await invitationMail(
      db,
      companyId,
      urls,
      u,
      customer.name,
      input.values.tabc_id ?? customer.tabc_id,
      token,
    );
    return { user: publicCustomerUser(u, customer), mail };
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(CUSTOMER_MSG.emailRegistered);
    throw err;
  }
}

/** The invitation email of a customer user: the sign-up link carries the user's name, email and permit. */
async function invitationMail(
  db: DbOrTx,
  companyId: number,
  urls: ShopUrlConfig,
  u: { name: string; email: string },
  customerName: string,
  tabcId: string | null,
  token: string,
): Promise<InvitationMail> {
  const company = await getCompany(db, companyId);
  return {
    to: u.email,
    name: u.name,
    customerName,
    companyName: company.name,
    link: signUpLink(urls, company.subdomain, { name: u.name, email: u.email, tabc_id: tabcId, token }),
    shopUrl: company.subdomain ? shopUrl(urls, company.subdomain) : null,
  };
}

/** A new link for a user who has not signed up yet (the old link stops working). */
export async function resendInvitation(db: Db, companyId: number, userId: number, urls: ShopUrlConfig, id: number) {
  const { u, c } = await findUser(db, companyId, id);
  if (u.password_hash) throw badRequest(CUSTOMER_MSG.alreadySignedUp);
  if (u.revoked) throw badRequest(CUSTOMER_MSG.invitationRevoked);
  const token = randomToken();
  const [row] = await db
    .update(customerUsers)
    .set({ invitation_token_hash: sha256(token), invitation_updated_at: new Date() })
    .where(eq(customerUsers.id, id))
    .returning();
  await recordActivity(db, {
    companyId,
    userId,
    module: 'CUSTOMER',
    type: 'UPDATE',
    info: { customerUser: id, invitation: 'resent' },
  });
  const mail = await invitationMail(db, companyId, urls, row, c.name, c.tabc_id, token);
  return { user: publicCustomerUser(row, c), mail };
}

export function invitationMessage(m: InvitationMail) {
  return {
    to: m.to,
    subject: `${m.companyName} invites you to order online`,
    text:
      `Hello ${m.name},\n\n${m.companyName} has invited you to order online for ${m.customerName}.\n\n` +
      `Create your account with this link:\n${m.link}\n\nThe link is valid for ${INVITATION_DAYS} days.\n` +
      (m.shopUrl ? `\nAfterwards, order from ${m.companyName} at ${m.shopUrl} (sign in with this email).\n` : ''),
  };
}

async function updateUser(
  db: Db,
  companyId: number,
  userId: number,
  id: number,
  set: Partial<typeof customerUsers.$inferInsert>,
  type: 'UPDATE' | 'ENABLE' | 'DISABLE',
  info: Record<string, unknown>,
) {
  const { c } = await findUser(db, companyId, id);
  const [u] = await db
    .update(customerUsers)
    .set(set)
    .where(and(eq(customerUsers.id, id), eq(customerUsers.company_id, companyId)))
    .returning();
  await recordActivity(db, { companyId, userId, module: 'CUSTOMER', type, info: { customerUser: id, ...info } });
  return publicCustomerUser(u, c);
}

/** revoke true: access revoked (sign-in refused); false: re-activated. */
export const setRevoked = (db: Db, companyId: number, userId: number, id: number, revoke: boolean) =>
  updateUser(db, companyId, userId, id, { revoked: revoke }, revoke ? 'DISABLE' : 'ENABLE', { revoked: revoke });

/** permission true: access enabled; false: disabled (sign-in refused). */
export const setPermission = (db: Db, companyId: number, userId: number, id: number, permission: boolean) =>
  updateUser(db, companyId, userId, id, { is_enable: permission }, permission ? 'ENABLE' : 'DISABLE', {
    is_enable: permission,
  });

export const setNotificationPreferences = (
  db: Db,
  companyId: number,
  userId: number,
  id: number,
  prefs: { app_notification?: boolean; email_notification?: boolean; sms_notification?: boolean },
) => updateUser(db, companyId, userId, id, prefs, 'UPDATE', { preferences: prefs });

/** The same checks for sign-up and sign-in: revoked, disabled and removed customers are refused. */
function assertAccess(u: UserRow, customerDeleted: boolean) {
  if (u.revoked) throw badRequest(CUSTOMER_MSG.accessRevoked);
  if (!u.is_enable || customerDeleted) throw badRequest(CUSTOMER_MSG.accessDisabled);
}

export async function completeSignUp(db: Db, input: CustomerSignUpInput & { email: string }) {
  const [row] = await db
    .select({ u: customerUsers, c: customerBrief })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customer_id))
    .where(eq(customerUsers.invitation_token_hash, sha256(input.token)));
  if (!row) throw badRequest(CUSTOMER_MSG.invitationInvalid);
  const { u, c } = row;
  const sent = u.invitation_updated_at ?? u.invited_at ?? u.created_at;
  if (Date.now() - new Date(sent).getTime() > INVITATION_DAYS * 86_400_000)
    throw badRequest(CUSTOMER_MSG.invitationInvalid);
  if (u.revoked) throw badRequest(CUSTOMER_MSG.invitationRevoked);
  assertAccess(u, !!c.deleted_at);
  const passwordHash = await hashNewPassword(input.password);
  const now = new Date();
  // the link is single use: the token hash is cleared in the same statement that checks it
  const [saved] = await db
    .update(customerUsers)
    .set({
      name: input.name,
      phone_number: input.phone_number ?? '',
      password_hash: passwordHash,
      invitation_token_hash: null,
      signed_up_at: now,
      last_sign_in_at: now,
    })
    .where(and(eq(customerUsers.id, u.id), eq(customerUsers.invitation_token_hash, sha256(input.token))))
    .returning();
  if (!saved) throw badRequest(CUSTOMER_MSG.invitationInvalid);
  await recordActivity(db, {
    companyId: u.company_id,
    module: 'CUSTOMER',
    type: 'SIGN_IN',
    info: { customerUser: u.id, signUp: true },
  });
  return publicCustomerUser(saved, c);
}

/** Customer-app sign-in. The same email may be a customer user of several distributors. */
export async function customerSignIn(db: Db, email: string, password: string, subdomain?: string | null) {
  const rows = await db
    .select({ u: customerUsers, c: customerBrief, subdomain: companies.subdomain })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customer_id))
    .innerJoin(companies, eq(companies.id, customerUsers.company_id))
    .where(
      and(
        eq(sql`lower(${customerUsers.email})`, email.toLowerCase()),
        subdomain ? eq(companies.subdomain, subdomain.toLowerCase()) : undefined,
      ),
    );
  for (const { u, c } of rows) {
    if (!(await verifyPassword(password, u.password_hash))) continue;
    if (u.revoked || !u.is_enable || c.deleted_at) {
      await recordActivity(db, {
        companyId: u.company_id,
        module: 'CUSTOMER',
        type: 'SIGN_IN',
        success: false,
        info: { customerUser: u.id },
      });
      assertAccess(u, !!c.deleted_at);
    }
    const [saved] = await db
      .update(customerUsers)
      .set({ last_sign_in_at: new Date() })
      .where(eq(customerUsers.id, u.id))
      .returning();
    await recordActivity(db, {
      companyId: u.company_id,
      module: 'CUSTOMER',
      type: 'SIGN_IN',
      info: { customerUser: u.id },
    });
    return publicCustomerUser(saved, c);
  }
  throw badRequest(CUSTOMER_MSG.invalidCredentials);
}

/** A shop user's notification choices (the shop's own settings page). */
export async function setCustomerUserPreferences(
  db: DbOrTx,
  customerUserId: number,
  prefs: Partial<Pick<UserRow, 'app_notification' | 'email_notification' | 'sms_notification'>>,
) {
  await db.update(customerUsers).set(prefs).where(eq(customerUsers.id, customerUserId));
}

/** A shop user's new password (a spent reset link; the caller ends their sessions). */
export async function setCustomerUserPassword(tx: DbOrTx, customerUserId: number, passwordHash: string) {
  await tx.update(customerUsers).set({ password_hash: passwordHash }).where(eq(customerUsers.id, customerUserId));
}
