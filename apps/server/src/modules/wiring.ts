/**
 * The one place where modules plug into the modules below them (README, "How a new feature plugs
 * in"). A lower module never imports a higher one: it declares what it lets others plug in (its
 * `...Wiring` interface) and its services take that as their first argument. buildApp (app.ts)
 * calls createWiring once per app and hands it out as `app.deps.wiring`, so two apps built in one
 * process share none of it. Every list here is complete: the types require each hook and read part,
 * and nothing is registered anywhere else (test/module-state.test.ts keeps module state out).
 */
import type { AppServices } from '../lib/http.js';
import { recordCompanyChange } from './activity/activity.service.js';
import type { CompanyWiring } from './company/company.service.js';
import type { CustomerWiring } from './customers/customers.service.js';
import { receivedPart } from './delivery/delivery-read.service.js';
import { mpowerPart } from './integrations/mpower.service.js';
import { enqueuePosPushOnSave } from './integrations/pos-on-save.js';
import { cloverPart } from './integrations/pos-sync.read.js';
import { itemsForEveryProduct, itemsForNewProducts } from './inventory/inventory.hooks.js';
import { delinquencyFlags } from './invoices/delinquency.service.js';
import type { InvoiceWiring } from './invoices/invoice-hooks.js';
import { invoiceLabels, lastInvoicedPrices, refuseInvoicedProduct } from './invoices/invoice-plugs.js';
import type { InvoiceReadParts } from './invoices/invoice-read.service.js';
import { linkOrderOnSave } from './orders/orders.invoicing.js';
import { invoiceOrderPart } from './orders/orders.service.js';
import { creditLimitCheck } from './payments/credit-limit.js';
import { trimOverpaid } from './payments/overpaid.js';
import { invoicePaymentPart } from './payments/payments.service.js';
import { releaseOnSave, releaseOnStatusChange } from './payments/released.js';
import type { ProductWiring } from './products/product-writes.service.js';
import type { StampWiring } from './stamps/stamps.destroy.js';

export interface Wiring extends CompanyWiring, CustomerWiring, ProductWiring, StampWiring, InvoiceWiring {}

declare module '../lib/http.js' {
  interface AppDeps {
    /** what the modules plug into the ones below them, for this app only */
    wiring: Wiring;
  }
}

/** The parts of an invoice's read model (detail, PDF, email) that modules above invoices own. */
const invoiceReadParts = (): InvoiceReadParts => ({
  payments: invoicePaymentPart,
  orders: invoiceOrderPart,
  mpower: mpowerPart,
  clover: cloverPart,
  received: receivedPart,
});

export function createWiring(deps: AppServices, log: (err: unknown) => void): Wiring {
  return {
    company: {
      // the activity log records the company's own changes (settings, logos, features)
      changed: [recordCompanyChange],
      // switching inventory on gives every product its stock item
      featureOn: { inventory: [itemsForEveryProduct] },
    },
    // the customer grid and page show the credit-law flags judged from the invoices
    customers: { creditFlagsOf: delinquencyFlags },
    products: {
      // a new product gets its stock item while inventory is on
      created: [itemsForNewProducts],
      // an invoiced product cannot be deleted
      deleteGuards: [refuseInvoicedProduct],
      // a customer without a tier pays what they were last invoiced
      lastInvoicedPrices,
    },
    // the destroy tool names the invoices that hold stamps of the range
    stamps: { invoiceLabelsOf: invoiceLabels },
    invoices: {
      // What runs inside an invoice save, in this order, in its transaction: a throw refuses the
      // save and rolls back all of it; the answered functions run after the commit.
      saved: [
        // Bottle POS push / Clover stock job, committed with the invoice (wakes the worker after)
        enqueuePosPushOnSave(deps.jobs),
        // the online order it was made from: linked, the builder's changes recorded (404 when not
        // the company's); staff and the shop hear of it after the commit
        linkOrderOnSave(deps, log),
        // Texas credit limits refuse a save over the customer's limit
        creditLimitCheck,
        // an edit that lowers the total below what was paid gives the excess to on-account credit
        trimOverpaid,
        // a draft or a cancelled invoice is owed nothing: what was paid on it goes back to credit
        releaseOnSave,
      ],
      // what runs inside a status change (PUT /invoice/{id} with only status / dates)
      statusChanged: [releaseOnStatusChange],
      readParts: invoiceReadParts(),
      preparedReads: new WeakMap(),
    },
  };
}

/**
 * The demo's invoice history (seed/demo.ts), written before the app is built: the invoices read
 * as in the app, and no save listener runs (they are the rules of new sales, not of history).
 */
export function historyWiring(): InvoiceWiring {
  return { invoices: { saved: [], statusChanged: [], readParts: invoiceReadParts(), preparedReads: new WeakMap() } };
}
