import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, looseRef, parentId, timestamps } from '../../db/columns.js';
import { companyRow, users } from '../company/company.tables.js';
import { invoices } from '../invoices/invoices.tables.js';

/**
 * Files attached to an invoice and the staff's private notes on it: both are shown and edited on
 * the invoice's documents panel (documents.routes.ts), so this module owns them.
 */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    ...companyRow(),
    invoice_id: parentId('invoice_id', () => invoices.id),
    originalname: text('originalname').notNull(),
    filename: text('filename').notNull(),
    path: text('path').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    note: text('note').notNull().default(''),
    user_id: looseRef('user_id', () => users.id),
    ...timestamps(),
  },
  (t) => [index('invoice_documents_invoice_idx').on(t.invoice_id)],
);

export const invoiceNotes = pgTable(
  'invoice_notes',
  {
    ...companyRow(),
    invoice_id: parentId('invoice_id', () => invoices.id),
    note: text('note').notNull(),
    user_id: looseRef('user_id', () => users.id),
    created_at: createdAt(),
  },
  (t) => [index('invoice_notes_invoice_idx').on(t.invoice_id)],
);
