import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, parentId } from '../../db/columns.js';
import { companyIdColumn, users } from '../company/company.tables.js';

/** One row per issued access token; sign-out revokes it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    user_id: parentId('user_id', () => users.id),
    company_id: companyIdColumn(),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Reset links: only a hash of the token is kept; single use. */
export const passwordResets = pgTable('password_resets', {
  token_hash: text('token_hash').primaryKey(),
  user_id: parentId('user_id', () => users.id),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: createdAt(),
});
