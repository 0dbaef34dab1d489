import type { Tx } from '../../db/client.js';
import type { companies } from '../company/company.tables.js';
import type { customers } from '../customers/customers.tables.js';
import type { InvoiceReadParts } from './invoice-read.service.js';
import type { invoices } from './invoices.tables.js';

/** What a listener learns of an invoice saved by POST /invoice or the full-form PUT /invoice/{id}. */
export interface InvoiceSaved {
  tx: Tx;
  companyId: number;
  userId: number | null;
  invoiceId: number;
  /** true for a new invoice, false for an edit */
  created: boolean;
  /** the rows as the save left them, so a listener need not read them again */
  invoice: typeof invoices.$inferSelect;
  customer: typeof customers.$inferSelect;
  company: typeof companies.$inferSelect;
  /** the company's features switched on, read when the save began */
  features: ReadonlySet<string>;
  /** the online order the invoice was made from, as sent (the orders module checks it is the company's) */
  orderId: number | null;
  items: readonly {
    product_id: number;
    qty: number;
    price: number;
    /** staff's notes on changing an ordered line's quantity / price (invoicing an order) */
    qty_change_note?: string | null;
    price_change_note?: string | null;
  }[];
}

/** Runs after the transaction committed (events, mail); never inside it. */
export type AfterCommit = () => void | Promise<void>;
export type InvoiceSavedListener = (e: InvoiceSaved) => Promise<AfterCommit | undefined>;

/**
 * What modules above invoices plug into it, per app (modules/wiring.ts lists them): the listeners of
 * a save and of a status change, and the loaders of the parts of the read model they own. A save
 * listener runs inside the invoice's transaction, so what it writes commits or rolls back with the
 * invoice, and a refusal it throws refuses the invoice.
 */
/** The invoice read's statement prepared on one database handle (invoice-read.service.ts). */
export interface PreparedInvoiceRead {
  execute(values: { companyId: number; invoiceId: number }): Promise<unknown[]>;
}

export interface InvoiceHooks {
  saved: readonly InvoiceSavedListener[];
  statusChanged: readonly InvoiceStatusListener[];
  readParts: InvoiceReadParts;
  /** the read prepared per database handle, made with the app's wiring (no module-level state) */
  preparedReads: WeakMap<object, PreparedInvoiceRead>;
}
export interface InvoiceWiring {
  invoices: InvoiceHooks;
}

/** Called by saveInvoice inside its transaction; answers the after-commit work to run. */
export async function invoiceSaved(w: InvoiceWiring, e: InvoiceSaved): Promise<AfterCommit[]> {
  const after: AfterCommit[] = [];
  for (const l of w.invoices.saved) {
    const f = await l(e);
    if (f) after.push(f);
  }
  return after;
}

/** Runs the after-commit work; a failure there (a mail server down) never fails the saved invoice. */
export async function runAfterCommit(after: readonly AfterCommit[], log?: (err: unknown) => void): Promise<void> {
  for (const f of after) {
    try {
      await f();
    } catch (err) {
      log?.(err);
    }
  }
}

/** What a listener learns of a status change by PUT /invoice/{id} with only status / dates. */
export interface InvoiceStatusChanged {
  tx: Tx;
  companyId: number;
  userId: number | null;
  /** the invoice row as the change left it (the new status in it) */
  invoice: typeof invoices.$inferSelect;
  from: string;
  to: string;
}
export type InvoiceStatusListener = (e: InvoiceStatusChanged) => Promise<void>;

/** Called by changeInvoiceStatus inside its transaction. */
export async function invoiceStatusChanged(w: InvoiceWiring, e: InvoiceStatusChanged): Promise<void> {
  for (const l of w.invoices.statusChanged) await l(e);
}
