import { date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from '../company/company.tables.js';
import { invoices } from '../invoices/invoices.tables.js';

/** Payments received against an invoice; their sum is the invoice's paid_total. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    received_at: date('received_at', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_company_received_idx').on(t.company_id, t.received_at.desc(), t.id.desc()),
    index('payments_invoice_idx').on(t.invoice_id),
  ],
);
