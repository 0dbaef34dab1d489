/**
 * The columns every table repeats. Each call makes fresh column builders (Drizzle binds a
 * builder to one table), with the same SQL as the hand-written ones, so the database is unchanged.
 * `company_id` lives beside `companies` (company.tables.ts), so this file imports no module.
 */
import { serial, timestamp } from 'drizzle-orm/pg-core';

/** `id serial primary key` */
export const idColumn = () => serial('id').primaryKey();

/** `created_at timestamptz not null default now()` */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** `updated_at timestamptz not null default now()` */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** created_at and updated_at, spread into a table's columns where both stand. */
export const timestamps = () => ({ created_at: createdAt(), updated_at: updatedAt() });
