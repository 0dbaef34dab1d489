import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, looseRef, money, parentId, timestamps } from '../../db/columns.js';
import { companyRow, users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';

export const products = pgTable(
  'products',
  {
    ...companyRow(),
    product: text('product').notNull(),
    product_type: varchar('product_type', { length: 16 }).notNull(),
    product_size: varchar('product_size', { length: 32 }).notNull(),
    product_price: money('product_price').notNull().default('0'),
    last_purchase_price: money('last_purchase_price').notNull().default('0'),
    upc: varchar('upc', { length: 32 }),
    internal_sku: varchar('internal_sku', { length: 64 }),
    effective_date: date('effective_date', { mode: 'string' }),
    archived: boolean('archived').notNull().default(false),
    reorder_level: integer('reorder_level'),
    reorder_qty: integer('reorder_qty'),
    reorder_time_in_days: integer('reorder_time_in_days'),
    distributor: text('distributor'),
    ydk_product_id: text('ydk_product_id'),
    /** Kept up to date by the invoice service so the default sort is index-backed. */
    units_sold: integer('units_sold').notNull().default(0),
    amount_sold: numeric('amount_sold', { precision: 14, scale: 2 }).notNull().default('0'),
    /** the point-of-sale partner that lists this product ('bottle_pos', 'clover') and its id there */
    pos_source: varchar('pos_source', { length: 16 }),
    pos_id: varchar('pos_id', { length: 64 }),
    /**
     * created by a POS sync and not yet opened and saved by staff: hidden from the customers' shop
     * (the product grid's "New from Bottle POS" filter)
     */
    pos_new: boolean('pos_new').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('products_company_name_size_uq').on(t.company_id, t.product, t.product_size),
    uniqueIndex('products_company_pos_uq').on(t.company_id, t.pos_source, t.pos_id),
    index('products_company_sold_idx').on(t.company_id, t.archived, t.units_sold.desc(), t.id),
    index('products_company_name_idx').on(t.company_id, sql`${t.product} text_pattern_ops`),
    index('products_company_upc_idx').on(t.company_id, t.upc),
    // word-prefix search ('vodka', 'handm') without a scan of the catalogue
    index('products_search_idx').using('gin', sql`to_tsvector('simple', ${t.product})`),
    index('products_company_sku_idx').on(t.company_id, t.internal_sku),
    // the grid's default order exactly as the grid builder writes it (desc nulls last, id desc)
    index('products_company_sold_grid_idx').on(
      t.company_id,
      t.archived,
      sql`${t.units_sold} desc nulls last`,
      sql`${t.id} desc`,
    ),
    // the grid's 'equals' filter on the name (the 'already exists' link) compares lower()
    index('products_company_lower_name_idx').on(t.company_id, sql`lower(${t.product})`),
  ],
);

export const priceChanges = pgTable(
  'price_changes',
  {
    ...companyRow(),
    product_id: parentId('product_id', () => products.id),
    /** null: applies to every customer */
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    old_price: money('old_price').notNull(),
    new_price: money('new_price').notNull(),
    effective_date: date('effective_date', { mode: 'string' }).notNull(),
    user_id: looseRef('user_id', () => users.id),
    /** a general change dated ahead is copied into products.product_price once it is due */
    applied: boolean('applied').notNull().default(true),
    /** who changed it: 'user', 'bottle_pos', 'clover' or 'import' (issue 30) */
    source: varchar('source', { length: 16 }).notNull().default('user'),
    /** the buying price (last_purchase_price) before and after, when the change moved it */
    old_cost: money('old_cost'),
    new_cost: money('new_cost'),
    created_at: createdAt(),
  },
  (t) => [
    index('price_changes_product_idx').on(t.product_id, t.effective_date.desc()),
    index('price_changes_pending_idx').on(t.company_id, t.effective_date).where(sql`not ${t.applied}`),
  ],
);
