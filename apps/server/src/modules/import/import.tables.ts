import type { ImportCounts, ImportError } from '@dbo/domain/import';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { looseRef, timestamps, updatedAt } from '../../db/columns.js';
import { companyIdColumn, companyRow, users } from '../company/company.tables.js';

/** A row the import refused, kept so the result page can offer it back as a CSV. */
export interface RejectedRow {
  row: number;
  message: string;
  cells: string[];
}

/**
 * One import of one file. The runner writes progress (done, counts) to the row as it goes, so a
 * reload of the page, or another server process, reads where it is.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    ...companyRow(),
    user_id: looseRef('user_id', () => users.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('running'),
    on_error: varchar('on_error', { length: 8 }).notNull(),
    file_name: text('file_name').notNull().default(''),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    counts: jsonb('counts').$type<ImportCounts>().notNull(),
    errors: jsonb('errors').$type<ImportError[]>().notNull().default([]),
    /** the header of the file and every refused row as it was in the file */
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    rejected: jsonb('rejected').$type<RejectedRow[]>().notNull().default([]),
    message: text('message'),
    ...timestamps(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_company_idx').on(t.company_id, t.id.desc()), index('import_jobs_status_idx').on(t.status)],
);

/** The last mapping a company used for each kind, offered again with the next file. */
export const importMappings = pgTable(
  'import_mappings',
  {
    company_id: companyIdColumn(),
    kind: varchar('kind', { length: 16 }).notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.kind] })],
);
