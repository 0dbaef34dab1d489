import { boolean, index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestamps } from '../../db/columns.js';
import { companyIdColumn, users } from '../company/company.tables.js';
import { products } from '../products/products.tables.js';

export const inventory = pgTable(
  'inventory',
  {
    id: idColumn(),
    company_id: companyIdColumn(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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
    id: idColumn(),
    company_id: companyIdColumn(),
    inventory_id: integer('inventory_id')
      .notNull()
      .references(() => inventory.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** positive added, negative subtracted */
    qty: integer('qty').notNull(),
    /** manual, restock, invoice */
    source: varchar('source', { length: 16 }).notNull(),
    ref_number: text('ref_number'),
    /** the invoice it went on: a foreign key the database keeps (see INVOICE_LINKS in invoices.tables.ts) */
    invoice_id: integer('invoice_id'),
    on_deal: boolean('on_deal').notNull().default(false),
    unit_price: numeric('unit_price', { precision: 12, scale: 2 }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('inventory_history_company_created_idx').on(t.company_id, t.created_at.desc(), t.id.desc()),
    index('inventory_history_product_idx').on(t.product_id, t.created_at.desc()),
  ],
);
