import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { looseRef, timestamps, updatedAt } from '../../db/columns.js';
import { companyIdColumn, companyRow } from '../company/company.tables.js';
import { invoices } from '../invoices/invoices.tables.js';

/**
 * Sync log of every outside service (bottle_pos, clover, fintech, mpower). One sync run has a
 * sync_id; each row is one step or one record with its success_log or error_log.
 */
export const syncLogs = pgTable(
  'sync_logs',
  {
    ...companyRow(),
    service: varchar('service', { length: 16 }).notNull(),
    sync_id: uuid('sync_id').notNull(),
    /** invoice or product */
    type: varchar('type', { length: 16 }).notNull(),
    invoice_id: looseRef('invoice_id', () => invoices.id),
    invoice_ids: jsonb('invoice_ids').$type<number[]>(),
    success: boolean('success').notNull(),
    success_log: jsonb('success_log'),
    error_log: jsonb('error_log'),
    ...timestamps(),
  },
  (t) => [
    index('sync_logs_company_service_idx').on(t.company_id, t.service, t.created_at.desc()),
    index('sync_logs_sync_idx').on(t.sync_id),
    index('sync_logs_invoice_idx').on(t.invoice_id),
  ],
);

/** Fintech, MPower and Clover records per invoice. */
export const mpowerInvoices = pgTable('mpower_invoices', {
  invoice_id: integer('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  company_id: companyIdColumn(),
  response: jsonb('response'),
  error: text('error'),
  updated_at: updatedAt(),
});

/**
 * A company's credentials for one partner (bottle_pos, clover, fintech, mpower): the API key sealed
 * with AES-256-GCM (lib/secrets.ts), never answered whole.
 */
export const companyIntegrations = pgTable(
  'company_integrations',
  {
    company_id: companyIdColumn(),
    name: varchar('name', { length: 16 }).notNull(),
    api_key_sealed: text('api_key_sealed').notNull(),
    /** the last characters of the key, for the masked display without decrypting */
    api_key_hint: varchar('api_key_hint', { length: 8 }).notNull(),
    merchant_id: varchar('merchant_id', { length: 100 }),
    updated_by: integer('updated_by'),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.name] })],
);
