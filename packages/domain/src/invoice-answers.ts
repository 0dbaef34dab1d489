/**
 * The invoice routes' answers (grid rows, detail, print page, quick search, company stats, files):
 * what the server sends and the web reads. Re-exported by invoice.ts.
 */
import { z } from 'zod';
import { companyOut, logoOut } from './company.js';
import { mpowerInvoiceOut } from './fintech.js';
import { gridAnswer } from './grid.js';
import { addressCardShape, boundedText, customerContactShape, productLabelShape, timestampOut } from './primitives.js';
import { serialRangeOut } from './stamp-record.js';

// ---- answers ------------------------------------------------------------------------------------

/** The fields every invoice row carries (invoiceSummary on the server). */
export const invoiceSummaryOut = z.object({
  id: z.number(),
  number: z.number(),
  beer: z.boolean(),
  display_number: z.string(),
  customer_id: z.number(),
  status: z.string(),
  invoiced_at: z.string(),
  due_at: z.string().nullable(),
  sub_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  paid_total: z.number(),
  created_at: timestampOut,
});
/** GET /invoice/recent, quick search */
export const invoiceListRowOut = invoiceSummaryOut.extend({ customer_name: z.string() });
/** GET /invoice/grid */
export const invoiceGridOut = gridAnswer(
  invoiceListRowOut.extend({ customer: z.object({ id: z.number(), name: z.string(), deleted: z.boolean() }) }),
);
/** GET /invoice/new-number */
export const newNumberOut = z.object({ number: z.number(), beer: z.boolean(), display_number: z.string() });

/** The stamps on an invoice, as serial ranges of their rolls. */
export const stampRangeOut = serialRangeOut;

const invoiceItemProductOut = z.union([
  z.object({
    ...productLabelShape,
    internal_sku: z.string().nullable(),
    product_price: z.number(),
    archived: z.boolean(),
    reorder_level: z.number().nullable(),
  }),
  // the product was deleted: what the line kept
  z.object({ id: z.null(), product: z.string(), product_type: z.string(), product_size: z.string() }),
]);

export const invoiceItemOut = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  product: invoiceItemProductOut,
  product_name: z.string(),
  product_type: z.string(),
  product_size: z.string(),
  qty: z.number(),
  price: z.number(),
  taxable: z.boolean(),
  total: z.number(),
  position: z.number(),
  on_deal: z.boolean(),
  scanned: z.boolean(),
  last_purchase_price: z.number().nullable(),
  below_cost: z.boolean(),
  previousQty: z.number().nullable(),
  newQty: z.number().nullable(),
  previousPrice: z.number().nullable(),
  newPrice: z.number().nullable(),
  qtyChangeNote: z.string().nullable(),
  priceChangeNote: z.string().nullable(),
  /** only with the inventory feature on */
  stock: z
    .object({
      qty: z.number(),
      reorder_level: z.number().nullable(),
      level: z.string(),
      lowStockMarker: z.boolean(),
    })
    .optional(),
});

export const invoicePaymentPartOut = z.object({
  id: z.number(),
  /** what the payment paid on this invoice */
  amount: z.number(),
  /** the payment's money not applied to any invoice: the customer's credit (issue 30) */
  on_account: z.number(),
  received_at: z.string(),
  note: z.string(),
  created_at: timestampOut,
  updated_at: timestampOut,
});
export const invoiceOrderPartOut = z.object({
  id: z.number(),
  order_number: z.number().nullable(),
  status: z.string(),
  total: z.number(),
  ordered_at: timestampOut.nullable(),
  created_at: timestampOut,
});

/** GET /invoice/{ref}, GET /invoice/last and every invoice write. */
export const invoiceDetailOut = invoiceSummaryOut.extend({
  note: z.string(),
  company_note: z.string(),
  tax_rate: z.number(),
  logo_id: z.number().nullable(),
  logo: logoOut.nullable(),
  updated_at: timestampOut,
  /** bumped by every write of the invoice; a full-form PUT may send it back (409 when stale) */
  version: z.number(),
  /** who made this version (null: not known, e.g. a removed user) */
  updated_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  company_id: z.number(),
  balance: z.number(),
  items: z.array(invoiceItemOut),
  stamps: z.array(stampRangeOut),
  stampsCount: z.number(),
  payments: z.array(invoicePaymentPartOut),
  orders: z.array(invoiceOrderPartOut),
  /** the last MPower sync of the invoice (null until one ran) */
  mPowerInvoice: mpowerInvoiceOut.nullable(),
  /** the invoice's last Clover stock push, one entry per product sent (empty: never pushed) */
  cloverApiRequestLog: z.array(
    z.object({ success: z.boolean(), cloverProduct: z.object({ sku: z.string(), product: z.string() }) }),
  ),
  statusInfo: z.array(
    z.object({
      id: z.number(),
      old_status: z.string().nullable(),
      new_status: z.string(),
      note: z.string().nullable().optional(),
      created_at: timestampOut,
      /** who changed the status (null: the system, e.g. a change no user made) */
      user: z.object({ id: z.number(), name: z.string() }).nullable(),
    }),
  ),
  customer: z
    .object({
      ...addressCardShape,
      ...customerContactShape,
      deleted: z.boolean(),
    })
    .nullable(),
  company: companyOut.nullable(),
});

/** DELETE /invoice/{ref} */
export const invoiceDeletedOut = z.object({
  success: z.boolean(),
  id: z.number(),
  number: z.number(),
  beer: z.boolean(),
});

/** GET /company/quick-search */
export const quickSearchOut = z.object({
  invoices: z.array(invoiceListRowOut),
  customers: z.array(z.object({ id: z.number(), name: z.string(), city: z.string(), tabc_id: z.string() })),
});

/** GET /company/stats */
export const companyStatsOut = z.object({
  from: z.string(),
  to: z.string(),
  customerCount: z.number(),
  invoiceCount: z.number(),
  invoiceTotal: z.number(),
  productStats: z.array(
    z.object({
      product_id: z.number().nullable(),
      product: z.string(),
      product_type: z.string(),
      product_size: z.string(),
      invoice: z.string().nullable(),
      total_qty: z.number(),
      total_amount: z.number(),
      total_invoices: z.number(),
    }),
  ),
  orderStats: z.array(z.object({ status: z.string(), count: z.number(), total: z.number() })),
  orderCount: z.number(),
  orderTotal: z.number(),
});

/** What the PDF, the printable page (GET /pdf/invoice/{token}) and the invoice email show. */
export const printableInvoiceOut = z.object({
  id: z.number(),
  number: z.number(),
  beer: z.boolean(),
  number_label: z.string(),
  status: z.string(),
  invoiced_at: z.string(),
  due_at: z.string().nullable(),
  note: z.string(),
  company_note: z.string(),
  sub_total: z.number(),
  tax_total: z.number(),
  tax_rate: z.number(),
  total: z.number(),
  paid_total: z.number(),
  remaining: z.number(),
  created_at: timestampOut,
  company: companyOut,
  logo: logoOut.nullable(),
  customer: z
    .object({
      ...addressCardShape,
      contact_name: z.string(),
      contact_phone: z.string(),
      contact_email: z.string(),
      deleted: z.boolean(),
    })
    .nullable(),
  items: z.array(
    z.object({
      id: z.number(),
      product_id: z.number().nullable(),
      product: z.string(),
      product_type: z.string(),
      product_size: z.string(),
      class: z.string(),
      qty: z.number(),
      price: z.number(),
      taxable: z.boolean(),
      total: z.number(),
    }),
  ),
  stamps: z.array(stampRangeOut),
  stamp_count: z.number(),
  payments: z.array(z.object({ id: z.number(), amount: z.number(), received_at: z.string(), note: z.string() })),
  /** the retailer's signature at the door (delivery), or null before delivery */
  received: z
    .object({ received_by: z.string(), received_at: timestampOut, signature: z.string().nullable() })
    .nullable(),
});
/** GET /pdf/invoice/{token} */
export const printablePageOut = z.object({ invoice: printableInvoiceOut });
/** POST /invoice/pdf {url: true}, GET /invoice/{id}/print-link */
export const printLinkOut = z.object({ url: z.string(), token: z.string(), expires_in: z.string() });
/** CSV / PDF / file answers: sent as a Buffer or string, never through the JSON serializer. */
export const csvOut = z.string().describe('CSV (text/csv)');
/** A file answer (PDF, image) sent as bytes. */
export const fileOut = (what: string) =>
  z.custom<Uint8Array>((v) => v instanceof Uint8Array, { error: `${what} must be bytes` }).describe(what);
export const pdfOut = fileOut('PDF (application/pdf)');
/** The 200 schema of a report answered as its JSON, or the CSV text, or the PDF bytes (?format=). */
export const reportOut = <T extends z.ZodType>(json: T) =>
  z.union([json, z.string(), z.custom<Uint8Array>((v) => v instanceof Uint8Array)]);

/**
 * A public printable page's `{token}`, the same for every kind. The router refuses a path parameter
 * over 1,000 characters (414) before this runs; a signed token, a statement's with its period, is about 250.
 */
export const printTokenParams = z.object({ token: boundedText('Token', 1000) });
/** A public printable page that also answers its PDF: `?format=pdf` for the PDF. */
export const printPageQuery = z.object({ format: z.enum(['json', 'pdf']).optional() });
