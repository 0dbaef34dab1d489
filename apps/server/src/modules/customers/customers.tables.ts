import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, looseRef, money, parentId, timestamps, updatedAt } from '../../db/columns.js';
import { companyIdColumn, companyRow } from '../company/company.tables.js';

/**
 * Price tiers belong to customers: a tier is how a customer is classed (the customer form picks it);
 * products' pricing reads it through the customers module, so every import runs products -> customers.
 */
export const priceTiers = pgTable(
  'price_tiers',
  {
    ...companyRow(),
    name: text('name').notNull(),
    percentage: numeric('percentage', { precision: 7, scale: 2 }).notNull().default('10'),
    color: varchar('color', { length: 32 }).notNull().default('blue'),
    is_base_tier: boolean('is_base_tier').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index('price_tiers_company_idx').on(t.company_id),
    // one base tier per company, created on demand without races
    uniqueIndex('price_tiers_company_base_uq').on(t.company_id).where(sql`${t.is_base_tier}`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    ...companyRow(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: varchar('state', { length: 32 }).notNull().default('TX'),
    zip: varchar('zip', { length: 16 }).notNull(),
    tabc_id: varchar('tabc_id', { length: 32 }).notNull(),
    aims_id: integer('aims_id'),
    aims_license_type: varchar('aims_license_type', { length: 8 }),
    ydk_est_id: text('ydk_est_id'),
    contact_name: text('contact_name').notNull().default(''),
    contact_email: text('contact_email').notNull().default(''),
    contact_phone: text('contact_phone').notNull().default(''),
    cash_on_delivery: boolean('cash_on_delivery').notNull().default(false),
    /** receivables: the most a customer may owe on credit invoices; null = no limit */
    credit_limit: money('credit_limit'),
    fintech_option: boolean('fintech_option').notNull().default(false),
    fintech_id: text('fintech_id').notNull().default(''),
    product_price_tier_id: looseRef('product_price_tier_id', () => priceTiers.id),
    service_start: date('service_start', { mode: 'string' }),
    /** Removal is soft so the customer's invoices stay readable ('Deleted customer!'). */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('customers_company_name_idx').on(t.company_id, sql`lower(${t.name})`),
    index('customers_company_tabc_idx').on(t.company_id, t.tabc_id),
    index('customers_company_created_idx').on(t.company_id, t.created_at.desc()),
  ],
);

export const customerUsers = pgTable(
  'customer_users',
  {
    ...companyRow(),
    customer_id: parentId('customer_id', () => customers.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number').notNull().default(''),
    password_hash: text('password_hash'),
    is_enable: boolean('is_enable').notNull().default(true),
    revoked: boolean('revoked').notNull().default(false),
    app_notification: boolean('app_notification').notNull().default(true),
    email_notification: boolean('email_notification').notNull().default(true),
    sms_notification: boolean('sms_notification').notNull().default(false),
    invitation_token_hash: text('invitation_token_hash'),
    invited_at: timestamp('invited_at', { withTimezone: true }),
    invitation_updated_at: timestamp('invitation_updated_at', { withTimezone: true }),
    signed_up_at: timestamp('signed_up_at', { withTimezone: true }),
    last_sign_in_at: timestamp('last_sign_in_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_users_company_email_uq').on(t.company_id, sql`lower(${t.email})`),
    index('customer_users_customer_idx').on(t.customer_id),
    index('customer_users_company_created_idx').on(t.company_id, t.created_at.desc()),
  ],
);

/**
 * One row per customer-app token (the `jti` of the token): sign-out, a password reset, disabling,
 * revoking or removing ends it, and a token whose row is revoked or expired answers 401.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: uuid('id').primaryKey(),
    company_id: companyIdColumn(),
    customer_user_id: parentId('customer_user_id', () => customerUsers.id),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('customer_sessions_user_idx').on(t.customer_user_id)],
);

/** TABC license and permit data (public, not per company), loaded by `npm run tabc:import`. */
export const establishments = pgTable(
  'establishments',
  {
    license_id: varchar('license_id', { length: 32 }).notNull(),
    license_type: varchar('license_type', { length: 8 }).notNull(),
    /** permit code as used on invoices, e.g. MB123456 */
    tabc_id: varchar('tabc_id', { length: 32 }).notNull(),
    trade_name: text('trade_name').notNull(),
    owner: text('owner').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    county: text('county').notNull().default(''),
    state: varchar('state', { length: 32 }).notNull().default('TX'),
    zip: varchar('zip', { length: 16 }).notNull().default(''),
    status: text('status').notNull().default(''),
    issue_date: date('issue_date', { mode: 'string' }),
    expiration_date: date('expiration_date', { mode: 'string' }),
    search_text: text('search_text').notNull().default(''),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.license_type, t.license_id] }),
    index('establishments_tabc_idx').on(t.tabc_id),
    index('establishments_search_idx').on(sql`${t.search_text} text_pattern_ops`),
    // word-prefix search ('gruene ha' finds 'Gruene Hall Saloon') stays index-backed on any size
    index('establishments_fts_idx').using('gin', sql`to_tsvector('simple', ${t.search_text})`),
  ],
);

/** TABC delinquent list (credit law), loaded by import. */
export const delinquents = pgTable(
  'delinquents',
  {
    tabc_id: varchar('tabc_id', { length: 32 }).notNull(),
    effective_date: date('effective_date', { mode: 'string' }).notNull(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tabc_id, t.effective_date] })],
);
