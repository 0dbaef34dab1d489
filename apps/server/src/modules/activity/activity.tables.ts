import { boolean, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/columns.js';
import { companyIdColumn, users } from '../company/company.tables.js';

export const activities = pgTable(
  'activities',
  {
    id: idColumn(),
    company_id: companyIdColumn(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    success: boolean('success').notNull().default(true),
    module: varchar('module', { length: 32 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    info: jsonb('info').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [index('activities_company_created_idx').on(t.company_id, t.created_at.desc(), t.id.desc())],
);
