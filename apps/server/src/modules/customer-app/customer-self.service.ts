import type { PreferencesRequest } from '@dbo/domain/customer-app';
import { CUSTOMER_APP_MSG } from '@dbo/domain/customer-app';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/passwords.js';
import { hashNewPassword } from '../../lib/password-rules.js';
import { recordActivity } from '../activity/activity.service.js';
import { spendResetToken } from '../auth/reset-token.js';
import { customerPasswordResets } from './customer-app.tables.js';
import { companies } from '../company/company.tables.js';
import { revokeCustomerSessionRows } from '../customers/customer-sessions.service.js';
import { setCustomerUserPassword, setCustomerUserPreferences } from '../customers/customer-users.service.js';
import { customers, customerUsers } from '../customers/customers.tables.js';

/** A reset link stays valid for an hour and works once. */
export const RESET_LINK_MINUTES = 60;

/**
 * What a customer user changes about themself in the customer app (staff changes go through
 * customer-users.service.ts).
 */
export async function customerPreferences(db: Db, customerUserId: number) {
  const [u] = await db
    .select({
      app_notification: customerUsers.app_notification,
      email_notification: customerUsers.email_notification,
      sms_notification: customerUsers.sms_notification,
    })
    .from(customerUsers)
    .where(eq(customerUsers.id, customerUserId));
  return u;
}

export async function saveCustomerPreferences(db: Db, customerUserId: number, prefs: PreferencesRequest) {
  await setCustomerUserPreferences(db, customerUserId, prefs);
  return customerPreferences(db, customerUserId);
}

/**
 * A reset link for a signed-up, enabled customer user of the company the subdomain names (or of
 * any company when none is named). Answers the mail to send, or null: the caller answers the same
 * either way so the form does not reveal which addresses exist.
 */
export async function requestCustomerReset(db: Db, email: string, subdomain: string | undefined) {
  const rows = await db
    .select({ u: customerUsers, subdomain: companies.subdomain, company: companies.name })
    .from(customerUsers)
    .innerJoin(companies, eq(companies.id, customerUsers.company_id))
    .innerJoin(customers, eq(customers.id, customerUsers.customer_id))
    .where(
      and(
        eq(sql`lower(${customerUsers.email})`, email.toLowerCase()),
        subdomain ? eq(companies.subdomain, subdomain) : undefined,
        isNull(customers.deleted_at),
      ),
    );
  const row = rows.find((r) => r.u.password_hash && !r.u.revoked && r.u.is_enable);
  if (!row) return null;
  const token = randomToken();
  await db.insert(customerPasswordResets).values({
    token_hash: sha256(token),
    company_id: row.u.company_id,
    customer_user_id: row.u.id,
    expires_at: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
  });
  return { to: row.u.email, name: row.u.name, company: row.company, subdomain: row.subdomain, token };
}

/**
 * Sets the new password with a valid, unused token; the token is spent in the same statement and
 * every session of the user ends in the same transaction. Answers the user (to close their sockets).
 */
export async function resetCustomerPassword(db: Db, token: string, password: string): Promise<number> {
  const hash = await hashNewPassword(password);
  return db.transaction(async (tx) => {
    const spent = await spendResetToken(tx, customerPasswordResets, token);
    if (!spent) throw badRequest(CUSTOMER_APP_MSG.resetTokenInvalid);
    await setCustomerUserPassword(tx, spent.customer_user_id, hash);
    await recordActivity(tx, {
      companyId: spent.company_id,
      module: 'CUSTOMER',
      type: 'UPDATE',
      info: { customerUser: spent.customer_user_id, passwordReset: true },
    });
    await revokeCustomerSessionRows(tx, { customerUserIds: [spent.customer_user_id] });
    return spent.customer_user_id;
  });
}
