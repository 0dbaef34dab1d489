import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, looseRef, money, parentId, timestamps } from '../../db/columns.js';
import { companyIdColumn, companyRow, users } from '../company/company.tables.js';
import { customers, customerUsers } from '../customers/customers.tables.js';
import { invoices } from '../invoices/invoices.tables.js';
import { products } from '../products/products.tables.js';

export const orders = pgTable(
  'orders',
  {
    ...companyRow(),
    /** assigned when placed; a draft (the customer user's cart) has none */
    order_number: integer('order_number'),
    customer_id: looseRef('customer_id', () => customers.id),
    customer_user_id: looseRef('customer_user_id', () => customerUsers.id),
    status: varchar('status', { length: 32 }).notNull().default('placed'),
    total: money('total').notNull().default('0'),
    ordered_at: timestamp('ordered_at', { withTimezone: true }),
    /** the shop's own id for an order placed (or queued offline): the same id twice makes one order */
    client_id: varchar('client_id', { length: 64 }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('orders_company_number_uq').on(t.company_id, t.order_number),
    index('orders_company_status_created_idx').on(t.company_id, t.status, t.created_at.desc()),
    index('orders_company_created_idx').on(t.company_id, t.created_at.desc(), t.id.desc()),
    index('orders_customer_created_idx').on(t.company_id, t.customer_id, t.created_at.desc()),
    // the cart: one draft order per customer user, created without races
    uniqueIndex('orders_client_id_uq')
      .on(t.company_id, t.customer_id, t.client_id)
      .where(sql`${t.client_id} is not null`),
    uniqueIndex('orders_one_cart_uq').on(t.customer_user_id).where(sql`${t.status} = 'draft'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    ...companyRow(),
    order_id: parentId('order_id', () => orders.id),
    product_id: looseRef('product_id', () => products.id),
    ydk_product_id: text('ydk_product_id'),
    qty: integer('qty').notNull(),
    price: money('price').notNull(),
    total: money('total').notNull(),
    is_rejected: boolean('is_rejected').notNull().default(false),
    rejection_note: text('rejection_note'),
    is_added: boolean('is_added').notNull().default(false),
    previous_qty: integer('previous_qty'),
    new_qty: integer('new_qty'),
    qty_change_note: text('qty_change_note'),
    previous_price: money('previous_price'),
    new_price: money('new_price'),
    price_change_note: text('price_change_note'),
    /** the invoice that invoiced this line; null while it is still open */
    invoice_id: looseRef('invoice_id', () => invoices.id),
  },
  (t) => [index('order_items_order_idx').on(t.order_id)],
);

export const orderNotes = pgTable(
  'order_notes',
  {
    ...companyRow(),
    order_id: parentId('order_id', () => orders.id),
    note: text('note').notNull(),
    company_user_id: looseRef('company_user_id', () => users.id),
    customer_user_id: looseRef('customer_user_id', () => customerUsers.id),
    created_at: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.order_id)],
);

export const orderInvoices = pgTable(
  'order_invoices',
  {
    order_id: parentId('order_id', () => orders.id),
    invoice_id: parentId('invoice_id', () => invoices.id),
    company_id: companyIdColumn(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.order_id, t.invoice_id] }), index('order_invoices_invoice_idx').on(t.invoice_id)],
);
