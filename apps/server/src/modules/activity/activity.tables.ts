import { boolean, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from '../company/company.tables.js';

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    success: boolean('success').notNull().default(true),
    module: varchar('module', { length: 32 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    info: jsonb('info').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activities_company_created_idx').on(t.company_id, t.created_at.desc(), t.id.desc())],
);
