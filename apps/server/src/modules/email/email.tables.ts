import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../db/columns.js';
import { companyIdColumn, users } from '../company/company.tables.js';
import { invoices } from '../invoices/invoices.tables.js';

/** One row per invoice email sent (the email log grid). */
export const emailLogs = pgTable(
  'email_logs',
  {
    id: idColumn(),
    company_id: companyIdColumn(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    emailed_to: text('emailed_to').notNull(),
    notes: text('notes').notNull().default(''),
    beer: boolean('beer').notNull().default(false),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('email_logs_company_created_idx').on(t.company_id, t.created_at.desc(), t.id.desc()),
    index('email_logs_invoice_idx').on(t.invoice_id),
  ],
);
