import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, looseRef, money, parentId, timestamps } from '../../db/columns.js';
import { companyIdColumn, companyRow, users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { invoiceItems, invoices } from '../invoices/invoices.tables.js';
import { products } from '../products/products.tables.js';

/**
 * Money received from a customer. What it pays is in its allocations (payment_allocations); the
 * amount not allocated yet is the customer's on-account credit.
 */
export const payments = pgTable(
  'payments',
  {
    ...companyRow(),
    customer_id: parentId('customer_id', () => customers.id),
    amount: money('amount').notNull(),
    received_at: date('received_at', { mode: 'string' }).notNull(),
    method: varchar('method', { length: 16 }).notNull().default(''),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    user_id: looseRef('user_id', () => users.id),
    ...timestamps(),
  },
  (t) => [
    index('payments_company_received_idx').on(t.company_id, t.received_at.desc(), t.id.desc()),
    index('payments_customer_idx').on(t.company_id, t.customer_id, t.received_at),
  ],
);

/**
 * A credit memo: bottles returned or broken, credited back to the customer. Its total is applied
 * to its invoice (an allocation) up to what the invoice still owed; the rest is on-account credit.
 */
export const creditMemos = pgTable(
  'credit_memos',
  {
    ...companyRow(),
    number: integer('number').notNull(),
    customer_id: parentId('customer_id', () => customers.id),
    invoice_id: parentId('invoice_id', () => invoices.id),
    issued_at: date('issued_at', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    sub_total: money('sub_total').notNull(),
    tax_total: money('tax_total').notNull(),
    total: money('total').notNull(),
    user_id: looseRef('user_id', () => users.id),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_memos_company_number_uq').on(t.company_id, t.number),
    index('credit_memos_invoice_idx').on(t.invoice_id),
    index('credit_memos_customer_idx').on(t.company_id, t.customer_id, t.issued_at),
  ],
);

export const creditMemoItems = pgTable(
  'credit_memo_items',
  {
    ...companyRow(),
    credit_memo_id: parentId('credit_memo_id', () => creditMemos.id),
    invoice_item_id: looseRef('invoice_item_id', () => invoiceItems.id),
    product_id: looseRef('product_id', () => products.id),
    product_name: text('product_name').notNull(),
    qty: integer('qty').notNull(),
    price: money('price').notNull(),
    total: money('total').notNull(),
  },
  (t) => [
    index('credit_memo_items_memo_idx').on(t.credit_memo_id),
    index('credit_memo_items_product_idx').on(t.product_id),
  ],
);

/** The CM number sequence per company: an upsert takes the next number atomically. */
export const creditMemoCounters = pgTable(
  'credit_memo_counters',
  {
    company_id: companyIdColumn(),
    last_number: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.company_id] })],
);

/**
 * What a payment or a credit memo pays on an invoice. The invoice's paid_total is the sum of its
 * allocations (payments module, settleInvoice); a source's amount not allocated is on account.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    ...companyRow(),
    payment_id: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    credit_memo_id: integer('credit_memo_id').references(() => creditMemos.id, { onDelete: 'cascade' }),
    invoice_id: parentId('invoice_id', () => invoices.id),
    amount: money('amount').notNull(),
    /**
     * made by applying on-account credit (POST /customer/{id}/credit/apply), not when the money
     * came in: a payment whose credit went elsewhere can no longer be edited or deleted
     */
    from_credit: boolean('from_credit').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index('payment_allocations_invoice_idx').on(t.invoice_id),
    index('payment_allocations_payment_idx').on(t.payment_id),
    index('payment_allocations_memo_idx').on(t.credit_memo_id),
    check('payment_allocations_one_source', sql`(${t.payment_id} is null) <> (${t.credit_memo_id} is null)`),
  ],
);
