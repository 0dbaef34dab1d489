import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from '../company/company.tables.js';
import { invoices } from '../invoices/invoices.tables.js';

/**
 * Files attached to an invoice and the staff's private notes on it: both are shown and edited on
 * the invoice's documents panel (documents.routes.ts), so this module owns them.
 */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    originalname: text('originalname').notNull(),
    filename: text('filename').notNull(),
    path: text('path').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    note: text('note').notNull().default(''),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_documents_invoice_idx').on(t.invoice_id)],
);

export const invoiceNotes = pgTable(
  'invoice_notes',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_notes_invoice_idx').on(t.invoice_id)],
);
