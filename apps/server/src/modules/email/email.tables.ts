import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, looseRef, parentId } from '../../db/columns.js';
import { companyRow, users } from '../company/company.tables.js';
import { invoices } from '../invoices/invoices.tables.js';

/** One row per invoice email sent (the email log grid). */
export const emailLogs = pgTable(
  'email_logs',
  {
    ...companyRow(),
    invoice_id: parentId('invoice_id', () => invoices.id),
    emailed_to: text('emailed_to').notNull(),
    notes: text('notes').notNull().default(''),
    beer: boolean('beer').notNull().default(false),
    user_id: looseRef('user_id', () => users.id),
    created_at: createdAt(),
  },
  (t) => [
    index('email_logs_company_created_idx').on(t.company_id, t.created_at.desc(), t.id.desc()),
    index('email_logs_invoice_idx').on(t.invoice_id),
  ],
);
