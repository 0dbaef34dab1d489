/**
 * The columns every company table repeats. Each call makes fresh column builders (Drizzle binds a
 * builder to one table), with the same SQL as the hand-written ones, so the database is unchanged.
 */
import { integer, serial, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../modules/company/company.tables.js';

/** `id serial primary key` */
export const idColumn = () => serial('id').primaryKey();

/** `company_id integer not null references companies(id) on delete cascade` */
export const companyIdColumn = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** `created_at timestamptz not null default now()` */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** `updated_at timestamptz not null default now()` */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** id, company_id, created_at, updated_at: spread first into a company table's columns. */
export const companyRowColumns = () => ({
  id: idColumn(),
  company_id: companyIdColumn(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});
