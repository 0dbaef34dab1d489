import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, looseRef, money, parentId, timestamps } from '../../db/columns.js';
import { companyRow, logos, users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { products } from '../products/products.tables.js';

/**
 * Columns of lower modules' tables that hold an invoice's id. The database keeps each as a foreign
 * key to invoices.id with on delete set null (made in 0000_init, kept by 0008_invoice_links); the
 * Drizzle schema leaves them undeclared so stamps and inventory need not import this module.
 * test/invoice-links.test.ts checks the constraints are there.
 */
export const INVOICE_LINKS = [
  { table: 'stamps', column: 'invoice_id' },
  { table: 'stamp_assignments', column: 'invoice_id' },
  { table: 'inventory_history', column: 'invoice_id' },
] as const;

export const invoices = pgTable(
  'invoices',
  {
    ...companyRow(),
    number: integer('number').notNull(),
    beer: boolean('beer').notNull().default(false),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    status: varchar('status', { length: 32 }).notNull().default('draft'),
    note: text('note').notNull().default(''),
    company_note: text('company_note').notNull().default(''),
    logo_id: looseRef('logo_id', () => logos.id),
    invoiced_at: date('invoiced_at', { mode: 'string' }).notNull(),
    due_at: date('due_at', { mode: 'string' }),
    sub_total: money('sub_total').notNull().default('0'),
    tax_total: money('tax_total').notNull().default('0'),
    total: money('total').notNull().default('0'),
    paid_total: money('paid_total').notNull().default('0'),
    tax_rate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('8.25'),
    /** fingerprint of customer + items + quantities, for the 24 h duplicate check */
    items_fingerprint: text('items_fingerprint').notNull().default(''),
    /** when the retailer signed for the goods at the door (delivery module): kept four years, never deleted */
    signed_at: timestamp('signed_at', { withTimezone: true }),
    user_id: looseRef('user_id', () => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('invoices_company_number_uq').on(t.company_id, t.beer, t.number),
    index('invoices_company_invoiced_idx').on(t.company_id, t.invoiced_at.desc(), t.id.desc()),
    index('invoices_company_customer_idx').on(t.company_id, t.customer_id, t.invoiced_at.desc()),
    index('invoices_company_status_idx').on(t.company_id, t.status, t.invoiced_at.desc()),
    index('invoices_company_created_idx').on(t.company_id, t.created_at.desc()),
    index('invoices_number_text_idx').on(t.company_id, sql`(${t.number}::text) text_pattern_ops`),
    // grid: number filter/sort and total/due date sorts stay index-backed on a million invoices
    index('invoices_company_number_idx').on(t.company_id, t.number.desc().nullsLast(), t.id.desc()),
    index('invoices_company_total_idx').on(t.company_id, t.total.desc().nullsLast(), t.id.desc()),
    index('invoices_company_due_idx').on(t.company_id, t.due_at.desc().nullsLast(), t.id.desc()),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    ...companyRow(),
    invoice_id: parentId('invoice_id', () => invoices.id),
    product_id: looseRef('product_id', () => products.id),
    /** product name, type and size as invoiced, kept when the product changes or is deleted */
    product_name: text('product_name').notNull(),
    product_type: varchar('product_type', { length: 16 }).notNull(),
    product_size: varchar('product_size', { length: 32 }).notNull().default(''),
    qty: integer('qty').notNull(),
    price: money('price').notNull(),
    taxable: boolean('taxable').notNull().default(true),
    total: money('total').notNull(),
    position: integer('position').notNull().default(0),
    on_deal: boolean('on_deal').notNull().default(false),
    scanned: boolean('scanned').notNull().default(false),
    last_purchase_price: money('last_purchase_price'),
    previous_qty: integer('previous_qty'),
    new_qty: integer('new_qty'),
    previous_price: money('previous_price'),
    new_price: money('new_price'),
    qty_change_note: text('qty_change_note'),
    price_change_note: text('price_change_note'),
  },
  (t) => [
    index('invoice_items_invoice_idx').on(t.invoice_id, t.position),
    index('invoice_items_product_idx').on(t.company_id, t.product_id, t.invoice_id),
  ],
);

export const invoiceStatusHistory = pgTable(
  'invoice_status_history',
  {
    ...companyRow(),
    invoice_id: parentId('invoice_id', () => invoices.id),
    old_status: varchar('old_status', { length: 32 }),
    new_status: varchar('new_status', { length: 32 }).notNull(),
    /** what the change says beyond the status (a delivery: who received it, when and where) */
    note: text('note'),
    user_id: looseRef('user_id', () => users.id),
    created_at: createdAt(),
  },
  (t) => [index('invoice_status_history_invoice_idx').on(t.invoice_id, t.created_at)],
);
