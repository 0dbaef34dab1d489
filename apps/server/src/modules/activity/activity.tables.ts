import { boolean, index, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, looseRef } from '../../db/columns.js';
import { companyRow, users } from '../company/company.tables.js';

export const activities = pgTable(
  'activities',
  {
    ...companyRow(),
    user_id: looseRef('user_id', () => users.id),
    success: boolean('success').notNull().default(true),
    module: varchar('module', { length: 32 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    info: jsonb('info').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [index('activities_company_created_idx').on(t.company_id, t.created_at.desc(), t.id.desc())],
);
