import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, looseRef, parentId, updatedAt } from '../../db/columns.js';
import { companyIdColumn, companyRow, users } from '../company/company.tables.js';

export const stampRolls = pgTable(
  'stamp_rolls',
  {
    ...companyRow(),
    prefix: varchar('prefix', { length: 16 }).notNull().default(''),
    from: integer('from').notNull(),
    to: integer('to').notNull(),
    received_at: date('received_at', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    finished: boolean('finished').notNull().default(false),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    user_id: looseRef('user_id', () => users.id),
    created_at: createdAt(),
  },
  (t) => [index('stamp_rolls_company_idx').on(t.company_id, t.prefix, t.from)],
);

/**
 * The ledger: one row per stamp number of every roll, always in exactly one status
 * (AVAILABLE, INVOICED, DESTROYED). Assignment is a conditional UPDATE on these rows, so two
 * transactions can never take the same number.
 */
export const stamps = pgTable(
  'stamps',
  {
    roll_id: parentId('roll_id', () => stampRolls.id),
    number: integer('number').notNull(),
    company_id: companyIdColumn(),
    status: varchar('status', { length: 16 }).notNull().default('AVAILABLE'),
    /** the invoice it went on: a foreign key the database keeps (see INVOICE_LINKS in invoices.tables.ts) */
    invoice_id: integer('invoice_id'),
    assignment_id: integer('assignment_id'),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roll_id, t.number] }),
    index('stamps_roll_status_idx').on(t.roll_id, t.status, t.number),
    index('stamps_invoice_idx').on(t.invoice_id),
  ],
);

/** The stamp log: one entry per range invoiced or destroyed, with who and when. */
export const stampAssignments = pgTable(
  'stamp_assignments',
  {
    ...companyRow(),
    roll_id: parentId('roll_id', () => stampRolls.id),
    prefix: varchar('prefix', { length: 16 }).notNull().default(''),
    from: integer('from').notNull(),
    to: integer('to').notNull(),
    /** INVOICED or DESTROYED */
    status: varchar('status', { length: 16 }).notNull(),
    note: text('note').notNull().default(''),
    /**
     * DESTROYED entries: lost, stolen, voided, destroyed or replacement (TABC's stamp record).
     * Null on invoice entries and on destroys logged before reasons existed (read as 'destroyed').
     */
    reason: varchar('reason', { length: 16 }),
    /** a replacement: the stamp it replaces (a real stamp of the company's rolls) */
    replaces_roll_id: looseRef('replaces_roll_id', () => stampRolls.id),
    replaces_number: integer('replaces_number'),
    /** the invoice it went on: a foreign key the database keeps (see INVOICE_LINKS in invoices.tables.ts) */
    invoice_id: integer('invoice_id'),
    user_id: looseRef('user_id', () => users.id),
    logged_at: timestamp('logged_at', { withTimezone: true }).notNull().defaultNow(),
    /** set when the stamps went back to AVAILABLE (undo destroy, invoice cancelled or edited) */
    released_at: timestamp('released_at', { withTimezone: true }),
    released_by: looseRef('released_by', () => users.id),
  },
  (t) => [
    index('stamp_assignments_company_logged_idx').on(t.company_id, t.logged_at.desc(), t.id.desc()),
    index('stamp_assignments_invoice_idx').on(t.invoice_id),
    index('stamp_assignments_roll_idx').on(t.roll_id, t.from),
  ],
);
