import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, parentId, timestamps, updatedAt } from '../../db/columns.js';

export const companies = pgTable(
  'companies',
  {
    id: idColumn(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: varchar('state', { length: 32 }).notNull().default('TX'),
    zip: varchar('zip', { length: 16 }).notNull().default(''),
    tabc_id: varchar('tabc_id', { length: 32 }).notNull().default(''),
    has_fintech: boolean('has_fintech').notNull().default(false),
    fintech_id: text('fintech_id').notNull().default(''),
    show_prices: boolean('show_prices').notNull().default(true),
    sort_inv_products: boolean('sort_inv_products').notNull().default(false),
    default_invoice_note: text('default_invoice_note').notNull().default(''),
    starting_invoice_number: integer('starting_invoice_number').notNull().default(1),
    subdomain: varchar('subdomain', { length: 63 }),
    default_invoice_status: varchar('default_invoice_status', { length: 32 }).notNull().default('draft'),
    default_logo_id: integer('default_logo_id'),
    cash_on_delivery: boolean('cash_on_delivery').notNull().default(false),
    stamp_threshold: integer('stamp_threshold').notNull().default(500),
    /** legal holidays for the credit law's business days; null = the Texas state holidays (the seed) */
    holidays: jsonb('holidays').$type<{ date: string; name: string }[]>(),
    tax_rate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('8.25'),
    /** Counters for allocating numbers under the company row lock; see invoices service. */
    last_invoice_number: integer('last_invoice_number').notNull().default(0),
    last_beer_invoice_number: integer('last_beer_invoice_number').notNull().default(0),
    last_order_number: integer('last_order_number').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('companies_subdomain_uq').on(t.subdomain)],
);

/** `company_id integer not null references companies(id) on delete cascade`: every company table's owner. */
export const companyIdColumn = () => parentId('company_id', () => companies.id);

/** `id` and `company_id`, the first two columns of every table a company owns rows in. */
export const companyRow = () => ({ id: idColumn(), company_id: companyIdColumn() });

export const users = pgTable(
  'users',
  {
    ...companyRow(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    role: varchar('role', { length: 16 }).notNull().default('office'),
    password_hash: text('password_hash').notNull(),
    app_notification: boolean('app_notification').notNull().default(true),
    email_notification: boolean('email_notification').notNull().default(true),
    /** false: disabled by an owner (no sign-in, sessions ended) */
    active: boolean('active').notNull().default(true),
    /** removed from the team: kept so every record still names them, never signs in again */
    removed_at: timestamp('removed_at', { withTimezone: true }),
    last_sign_in_at: timestamp('last_sign_in_at', { withTimezone: true }),
    /** a pending invitation: only the hash of the mailed token; null once signed up */
    invite_token_hash: text('invite_token_hash'),
    invite_expires_at: timestamp('invite_expires_at', { withTimezone: true }),
    invited_at: timestamp('invited_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_invite_token_uq').on(t.invite_token_hash),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.company_id),
  ],
);

export const logos = pgTable(
  'logos',
  {
    ...companyRow(),
    path: text('path').notNull(),
    originalname: text('originalname').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('logos_company_idx').on(t.company_id)],
);

export const companyFeatures = pgTable(
  'company_features',
  {
    ...companyRow(),
    name: varchar('name', { length: 64 }).notNull(),
    active: boolean('active').notNull().default(false),
    ignore_pricing: boolean('ignore_pricing').notNull().default(false),
    access_requested_at: timestamp('access_requested_at', { withTimezone: true }),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('company_features_uq').on(t.company_id, t.name)],
);
