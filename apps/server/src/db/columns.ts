/**
 * The columns every table repeats. Each call makes fresh column builders (Drizzle binds a
 * builder to one table), with the same SQL as the hand-written ones, so the database is unchanged.
 * `company_id` lives beside `companies` (company.tables.ts), so this file imports no module.
 */
import { type AnyPgColumn, integer, numeric, serial, timestamp } from 'drizzle-orm/pg-core';

/** `id serial primary key` */
export const idColumn = () => serial('id').primaryKey();

/** `created_at timestamptz not null default now()` */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** `updated_at timestamptz not null default now()` */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** created_at and updated_at, spread into a table's columns where both stand. */
export const timestamps = () => ({ created_at: createdAt(), updated_at: updatedAt() });

/**
 * `<name> integer not null references <parent> on delete cascade`: the row is part of its parent
 * (an invoice's items, an order's notes) and goes when the parent goes.
 */
export const parentId = <TName extends string>(name: TName, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/**
 * `<name> integer references <target> on delete set null`: a link that outlives the row it points
 * at (who did it, which product it was), so history stays when that row is deleted.
 */
export const looseRef = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: 'set null' });

/** `<name> numeric(12, 2)`: an amount of money in dollars and cents, as every price and total is stored. */
export const money = <TName extends string>(name: TName) => numeric(name, { precision: 12, scale: 2 });
