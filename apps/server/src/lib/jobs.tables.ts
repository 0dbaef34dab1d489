import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

/**
 * The durable job queue (jobs.ts) in the app's own database: work survives a restart, and
 * `FOR UPDATE SKIP LOCKED` plus a lease (`locked_until`) let several server processes share it,
 * each job running once. A job whose process died is claimed again once its lease runs out.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** created (waiting for run_at), active (claimed, lease until locked_until), completed, failed */
    state: varchar('state', { length: 16 }).notNull().default('created'),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(5),
    run_at: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    /** at most one job per key (a scheduled slot, an invoice version): inserts past the first do nothing */
    singleton_key: text('singleton_key').unique(),
    last_error: text('last_error'),
    created_at: createdAt(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('jobs_due_idx').on(t.name, t.run_at).where(sql`${t.state} in ('created', 'active')`)],
);
