import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { looseRef, money, parentId, timestamps } from '../../db/columns.js';
import { companyRow, users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { invoices } from '../invoices/invoices.tables.js';
import { payments, creditMemos } from '../payments/payments.tables.js';

/** A driver's route for one day. */
export const deliveryRoutes = pgTable(
  'delivery_routes',
  {
    ...companyRow(),
    date: date('date', { mode: 'string' }).notNull(),
    driver_user_id: looseRef('driver_user_id', () => users.id),
    user_id: looseRef('user_id', () => users.id),
    ...timestamps(),
  },
  (t) => [index('delivery_routes_company_date_idx').on(t.company_id, t.date)],
);

/** A stop of a route: one customer's door, in the order the driver goes. */
export const deliveryStops = pgTable(
  'delivery_stops',
  {
    ...companyRow(),
    route_id: parentId('route_id', () => deliveryRoutes.id),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('delivery_stops_route_customer_uq').on(t.route_id, t.customer_id)],
);

/**
 * An invoice on a stop, and once the driver completed it: who received it, when and where, the
 * signature (a PNG/JPEG data URL, kept with the invoice four years), the COD payment and the credit
 * memo for short lines. `client_id` is the phone's id of the completion: a replay records nothing.
 */
export const deliveryInvoices = pgTable(
  'delivery_invoices',
  {
    ...companyRow(),
    route_id: parentId('route_id', () => deliveryRoutes.id),
    stop_id: parentId('stop_id', () => deliveryStops.id),
    invoice_id: parentId('invoice_id', () => invoices.id),
    position: integer('position').notNull().default(0),
    client_id: varchar('client_id', { length: 64 }),
    received_by: text('received_by'),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    signature: text('signature'),
    photo_document_id: integer('photo_document_id'),
    signature_document_id: integer('signature_document_id'),
    lines: text('lines'),
    payment_id: looseRef('payment_id', () => payments.id),
    payment_method: varchar('payment_method', { length: 16 }),
    payment_amount: money('payment_amount'),
    /** what was owed on a COD invoice when the driver came (after any short lines' credit) */
    cod_due: money('cod_due'),
    payment_reference: text('payment_reference'),
    credit_memo_id: looseRef('credit_memo_id', () => creditMemos.id),
    completed_by: looseRef('completed_by', () => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('delivery_invoices_invoice_uq').on(t.invoice_id),
    uniqueIndex('delivery_invoices_client_uq').on(t.company_id, t.client_id),
    index('delivery_invoices_route_idx').on(t.route_id),
  ],
);
