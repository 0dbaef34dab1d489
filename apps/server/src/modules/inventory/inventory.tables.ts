import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, looseRef, money, parentId, timestamps } from '../../db/columns.js';
import { companyRow, users } from '../company/company.tables.js';
import { products } from '../products/products.tables.js';

export const inventory = pgTable(
  'inventory',
  {
    ...companyRow(),
    product_id: parentId('product_id', () => products.id),
    qty: integer('qty').notNull().default(0),
    distributor: text('distributor'),
    reorder_level: integer('reorder_level'),
    reorder_qty: integer('reorder_qty'),
    reorder_time_in_days: integer('reorder_time_in_days'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('inventory_product_uq').on(t.company_id, t.product_id),
    index('inventory_company_updated_idx').on(t.company_id, t.updated_at.desc(), t.id.desc()),
  ],
);

export const inventoryHistory = pgTable(
  'inventory_history',
  {
    ...companyRow(),
    inventory_id: parentId('inventory_id', () => inventory.id),
    product_id: looseRef('product_id', () => products.id),
    /** positive added, negative subtracted */
    qty: integer('qty').notNull(),
    /** manual, restock, invoice */
    source: varchar('source', { length: 16 }).notNull(),
    ref_number: text('ref_number'),
    /** the invoice it went on: a foreign key the database keeps (see INVOICE_LINKS in invoices.tables.ts) */
    invoice_id: integer('invoice_id'),
    on_deal: boolean('on_deal').notNull().default(false),
    unit_price: money('unit_price'),
    user_id: looseRef('user_id', () => users.id),
    created_at: createdAt(),
  },
  (t) => [
    index('inventory_history_company_created_idx').on(t.company_id, t.created_at.desc(), t.id.desc()),
    index('inventory_history_product_idx').on(t.product_id, t.created_at.desc()),
  ],
);
