import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, parentId } from '../../db/columns.js';
import { companyIdColumn } from '../company/company.tables.js';
import { customerUsers } from '../customers/customers.tables.js';

/** Password reset links of customer users: only the token's hash is kept; single use. */
export const customerPasswordResets = pgTable(
  'customer_password_resets',
  {
    token_hash: text('token_hash').primaryKey(),
    company_id: companyIdColumn(),
    customer_user_id: parentId('customer_user_id', () => customerUsers.id),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('customer_password_resets_user_idx').on(t.customer_user_id)],
);
