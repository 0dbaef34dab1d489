import { z } from 'zod';
import { DATE_LIMITS, DEFAULTS, INVOICE_STATUSES, type ProductType } from './constants.js';
import { addDays, notLaterThanDaysAhead, todayInTexas } from './dates.js';
import { toCents } from './money.js';
import { companyOut, logoOut } from './company.js';
import { mpowerInvoiceOut } from './fintech.js';
import { gridAnswer, gridQuerySchema } from './grid.js';
import {
  LIMITS,
  timestampOut,
  boundedInt,
  boundedText,
  calendarDay,
  dbId,
  moneyAmount,
  noteText,
  optionalQueryDay,
  optionalQueryId,
  queryBool,
} from './primitives.js';

/** Messages of the invoice rules (the spec gives none for these, so they are ours, kept stable). */
export const INVOICE_MSG = {
  customerRequired: 'Please select a customer',
  itemsRequired: 'Please add at least one product',
  productRequired: 'Every item needs a product',
  qtyInteger: 'Quantity must be a whole number',
  qtyRange: 'Quantity must be between -999999 and 999999',
  priceMin: "Price can't be negative",
  priceInvalid: 'Price must be a number',
  invoiceDateRequired: 'Invoice date is required',
  invoiceDateInvalid: 'Invoice date must be a valid date',
  invoiceDateTooFar: "Invoice date can't be more than 10 days ahead",
  dueDateInvalid: 'Due date must be a valid date',
  dueDateTooFar: "Due date can't be more than 30 days ahead",
  statusInvalid: 'Please choose a valid invoice status',
  stampRange: 'Stamp range must end in a value at least its start',
  typeMismatch:
    'Liquor/wine and beer can not be on the same invoice. Create a separate beer invoice, unless the customer is cash on delivery.',
  cancelledEdit: "A cancelled invoice can't be edited",
  duplicate: 'Duplicate invoice: the same items and quantities were invoiced to this customer in the last 24 hours',
  noInvoiceFound: 'No invoice found: Sorry you have no previous invoices for this customer',
  invoiceNotFound: 'Invoice not found',
  customerNotFound: 'Customer not found',
  customerDeleted: 'Deleted customer!',
  productNotFound: 'Product not found',
  logoNotFound: 'Logo not found',
  deleteOwnerOnly: 'Only the owner can delete invoices',
  deleteOnlyCancelled: 'Only cancelled invoices can be deleted',
  quickSearchMin: 'Please type at least 3 characters',
  belowCost: 'This item was invoiced below cost.',
  stampRollMissing: 'Stamp roll missing: Please add your current stamp roll before creating an invoice',
  zeroPrice: 'set to $0.00',
  tooManyLines: 'An invoice can have at most 500 lines',
} as const;

/** zod may run the object refinements after a field failed: only judge well-formed days. */
const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** 'YYYY-MM-DD' (1900..2100); a full ISO timestamp (a date picker's value) is its day in Texas. */
const dateString = (msg: string) => calendarDay('Date', msg);

/** Most lines one invoice may have (PostgreSQL's parameter limit is far above this many lines). */
export const MAX_INVOICE_LINES = 500;

/** Empty is 0 (spec); numeric strings are numbers. */
const emptyIsZero = (v: unknown) => (v === '' || v === null || v === undefined ? 0 : v);

/**
 * Lenient about a shape other clients send: `product: {id}` for `product_id` (the builder sends
 * the contract's shape).
 */
const productAlias = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const it = v as Record<string, unknown>;
  const product = it.product as { id?: unknown } | undefined;
  return it.product_id === undefined && product && typeof product === 'object' && product.id !== undefined
    ? { ...it, product_id: product.id }
    : it;
};

/** Lenient about `customer_id` for `customer: {id}`. */
const customerAlias = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const b = v as Record<string, unknown>;
  return b.customer === undefined && b.customer_id !== undefined ? { ...b, customer: { id: b.customer_id } } : b;
};

const invoiceItemObject = z.object({
  product_id: dbId('Product', INVOICE_MSG.productRequired),
  // empty is 0 (spec); negative quantities are returns and allowed
  qty: z.preprocess(
    (v) => {
      const x = emptyIsZero(v);
      return typeof x === 'string' ? Number(x) : x;
    },
    z
      .number({ error: INVOICE_MSG.qtyInteger })
      .int(INVOICE_MSG.qtyInteger)
      .min(-LIMITS.maxQty, INVOICE_MSG.qtyRange)
      .max(LIMITS.maxQty, INVOICE_MSG.qtyRange),
  ),
  price: z.preprocess(
    emptyIsZero,
    moneyAmount('Price', INVOICE_MSG.priceInvalid).pipe(z.number().min(0, INVOICE_MSG.priceMin)),
  ),
  taxable: z.boolean().default(true),
  on_deal: z.boolean().default(false),
  scanned: z.boolean().default(false),
  /**
   * Invoicing an online order: why staff changed the line's quantity / price from what was ordered
   * (spec 2, Order detail: old -> new with notes). Kept only when that value did change; blank is none.
   */
  qty_change_note: noteText('Quantity change note')
    .nullish()
    .transform((v) => v?.trim() || null),
  price_change_note: noteText('Price change note')
    .nullish()
    .transform((v) => v?.trim() || null),
});
export const invoiceItemSchema = z.preprocess(productAlias, invoiceItemObject);
export type InvoiceItemInput = z.infer<typeof invoiceItemSchema>;

export const stampRangeSchema = z
  .object({
    roll_id: dbId('Stamp roll'),
    from: boundedInt('Stamp number', 1, LIMITS.maxId, INVOICE_MSG.stampRange),
    to: boundedInt('Stamp number', 1, LIMITS.maxId, INVOICE_MSG.stampRange),
  })
  .refine((r) => r.to >= r.from, { message: INVOICE_MSG.stampRange, path: ['to'] });

/**
 * POST /invoice and the full-form PUT /invoice/{id}. Date limits are checked against today in
 * Texas at the moment of parsing.
 */
const invoiceRequestObject = z.object({
  customer: z.object({ id: dbId('Customer', INVOICE_MSG.customerRequired) }, { error: INVOICE_MSG.customerRequired }),
  items: z
    .array(invoiceItemSchema, { error: INVOICE_MSG.itemsRequired })
    .min(1, INVOICE_MSG.itemsRequired)
    .max(MAX_INVOICE_LINES, INVOICE_MSG.tooManyLines),
  stamps: z.array(stampRangeSchema).max(LIMITS.maxQty).default([]),
  note: noteText('Note')
    .nullish()
    .transform((v) => v ?? ''),
  company_note: noteText('Company note')
    .nullish()
    .transform((v) => v ?? ''),
  status: z.enum(INVOICE_STATUSES, { error: INVOICE_MSG.statusInvalid }).optional(),
  invoiced_at: dateString(INVOICE_MSG.invoiceDateInvalid).optional(),
  due_at: dateString(INVOICE_MSG.dueDateInvalid).nullish(),
  logo_id: dbId('Logo').nullish(),
  /** create despite a duplicate found in the last 24 hours */
  force: z.boolean().default(false),
  /** an online order this invoice was made from (linked in order_invoices) */
  order_id: dbId('Order').nullish(),
});
export const invoiceRequestSchema = z.preprocess(customerAlias, invoiceRequestObject).superRefine((v, ctx) => {
  if (isDay(v.invoiced_at) && !invoiceDateOk(v.invoiced_at))
    ctx.addIssue({ code: 'custom', message: INVOICE_MSG.invoiceDateTooFar, path: ['invoiced_at'] });
  if (isDay(v.due_at) && !dueDateOk(v.due_at))
    ctx.addIssue({ code: 'custom', message: INVOICE_MSG.dueDateTooFar, path: ['due_at'] });
});
export type InvoiceRequest = z.infer<typeof invoiceRequestSchema>;
/** What a client sends (the aliases aside): the request object's input with its items' input. */
export type InvoiceRequestBody = Omit<z.input<typeof invoiceRequestObject>, 'items'> & {
  items: z.input<typeof invoiceItemObject>[];
};

/** PUT /invoice/{id} with only some of these (no items): changes just that. */
export const invoiceStatusChangeSchema = z
  .object({
    status: z.enum(INVOICE_STATUSES, { error: INVOICE_MSG.statusInvalid }).optional(),
    invoiced_at: dateString(INVOICE_MSG.invoiceDateInvalid).optional(),
    due_at: dateString(INVOICE_MSG.dueDateInvalid).nullish(),
  })
  .superRefine((v, ctx) => {
    if (isDay(v.invoiced_at) && !invoiceDateOk(v.invoiced_at))
      ctx.addIssue({ code: 'custom', message: INVOICE_MSG.invoiceDateTooFar, path: ['invoiced_at'] });
    if (isDay(v.due_at) && !dueDateOk(v.due_at))
      ctx.addIssue({ code: 'custom', message: INVOICE_MSG.dueDateTooFar, path: ['due_at'] });
  });
export type InvoiceStatusChange = z.infer<typeof invoiceStatusChangeSchema>;

/** True when the body carries only status / invoiced_at / due_at (the detail view's dialogs). */
export function isStatusOnlyChange(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const keys = Object.keys(body as object);
  return keys.length > 0 && keys.every((k) => k === 'status' || k === 'invoiced_at' || k === 'due_at');
}

/**
 * PUT /invoice/{id}: a body of only status / invoiced_at / due_at is a status change, anything
 * else is the full form. Answers which, with the parsed values.
 */
export const invoiceUpdateSchema = z.unknown().transform((body, ctx) => {
  const statusOnly = isStatusOnlyChange(body);
  const r = (statusOnly ? invoiceStatusChangeSchema : invoiceRequestSchema).safeParse(body);
  if (!r.success) {
    for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
    return z.NEVER;
  }
  return statusOnly
    ? { kind: 'status' as const, change: r.data as InvoiceStatusChange }
    : { kind: 'full' as const, invoice: r.data as InvoiceRequest };
});

export const invoiceDateOk = (date: string, now: Date = new Date()) =>
  notLaterThanDaysAhead(date, DATE_LIMITS.invoiceDateDaysAhead, now);
export const dueDateOk = (date: string, now: Date = new Date()) =>
  notLaterThanDaysAhead(date, DATE_LIMITS.dueDateDaysAhead, now);
export const maxInvoiceDate = (now: Date = new Date()) => addDays(todayInTexas(now), DATE_LIMITS.invoiceDateDaysAhead);
export const maxDueDate = (now: Date = new Date()) => addDays(todayInTexas(now), DATE_LIMITS.dueDateDaysAhead);

// ---- stock level -------------------------------------------------------------------------------

export type StockLevel = 'OK' | 'LOW' | 'ZERO' | 'NEGATIVE';
export interface StockInfo {
  level: StockLevel;
  /** orange marker: the product's stock is under twice its reorder level */
  lowStockMarker: boolean;
}

/**
 * Stock level of an invoice item: NEGATIVE when qty exceeds stock, ZERO when qty equals stock,
 * LOW when stock minus qty is within (at most) the reorder level, else OK.
 */
export function stockLevel(stock: number, qty: number, reorderLevel: number | null | undefined): StockInfo {
  const reorder = reorderLevel ?? 0;
  let level: StockLevel = 'OK';
  if (qty > stock) level = 'NEGATIVE';
  else if (qty === stock) level = 'ZERO';
  else if (stock - qty <= reorder) level = 'LOW';
  return { level, lowStockMarker: reorder > 0 && stock < reorder * 2 };
}

// ---- product types ------------------------------------------------------------------------------

export const isLiquorOrWine = (t: string) => t === 'LIQUOR' || t === 'WINE';
export const isBeer = (t: string) => t === 'BEER';

/** Liquor/wine and beer together on one invoice, for a customer who is not cash on delivery. */
export function isTypeMismatch(types: readonly (ProductType | string)[], customerCashOnDelivery: boolean): boolean {
  if (customerCashOnDelivery) return false;
  return types.some(isLiquorOrWine) && types.some(isBeer);
}

/**
 * A beer invoice: it has beer and no liquor or wine (non-alcoholic items may ride along). A mixed
 * invoice of a cash-on-delivery customer is numbered in the liquor sequence.
 */
export function isBeerInvoice(types: readonly (ProductType | string)[]): boolean {
  return types.some(isBeer) && !types.some(isLiquorOrWine);
}

/** Stamps needed: the sum of quantities of liquor items with a positive quantity. */
export function stampsNeeded(items: readonly { product_type: string; qty: number }[]): number {
  return items.reduce((n, i) => (i.product_type === 'LIQUOR' && i.qty > 0 ? n + i.qty : n), 0);
}

export function isBelowCost(price: number | string, lastPurchasePrice: number | string | null | undefined): boolean {
  if (lastPurchasePrice === null || lastPurchasePrice === undefined) return false;
  return toCents(price) < toCents(lastPurchasePrice);
}

// ---- numbers -------------------------------------------------------------------------------------

/** '1001', '1001B' for beer; with customer numbering '{customerId}-1001' (and 'B' for beer). */
export function displayNumber(
  inv: { number: number; beer: boolean; customer_id?: number | null },
  customerNumbering = false,
): string {
  const base = `${inv.number}${inv.beer ? 'B' : ''}`;
  return customerNumbering && inv.customer_id ? `${inv.customer_id}-${base}` : base;
}

export interface InvoiceRef {
  number: number;
  beer: boolean;
  customerId?: number;
}

/** Parses '1001', '1001B', '12-1001' or '12-1001B' (case-insensitive); null when not a number. */
export function parseInvoiceRef(ref: string): InvoiceRef | null {
  const m = /^\s*(?:(\d+)-)?(\d+)(b?)\s*$/i.exec(ref);
  if (!m) return null;
  const number = Number(m[2]);
  if (!Number.isSafeInteger(number) || number > 2_147_483_647) return null;
  return {
    number,
    beer: m[3] !== '',
    ...(m[1] ? { customerId: Number(m[1]) } : {}),
  };
}

// ---- duplicates ------------------------------------------------------------------------------------

export const DUPLICATE_WINDOW_HOURS = DEFAULTS.duplicateInvoiceWindowHours;

/** Same customer, same products and quantities (order does not matter). */
export function duplicateFingerprint(
  customerId: number,
  items: readonly { product_id: number; qty: number }[],
): string {
  const byProduct = new Map<number, number>();
  for (const i of items) byProduct.set(i.product_id, (byProduct.get(i.product_id) ?? 0) + i.qty);
  const parts = [...byProduct.entries()]
    .filter(([, q]) => q !== 0)
    .sort((a, b) => a[0] - b[0])
    .map(([p, q]) => `${p}x${q}`);
  return `${customerId}:${parts.join(',')}`;
}

// ---- route contracts -----------------------------------------------------------------------------

/**
 * The shared grid query plus a few named, bounded parameters of the route (e.g. `customerId`):
 * the grid schema parses the AG Grid models, `shape` parses the rest.
 */
export function gridQueryWith<S extends z.ZodRawShape>(shape: S) {
  const extra = z.object(shape);
  return z.looseObject({}).transform((q, ctx) => {
    const grid = gridQuerySchema.safeParse(q);
    const own = extra.safeParse(q);
    if (!grid.success || !own.success) {
      for (const i of [...(grid.error?.issues ?? []), ...(own.error?.issues ?? [])])
        ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
      return z.NEVER;
    }
    return { ...grid.data, ...own.data };
  });
}

/** GET /invoice/grid */
export const invoiceGridQuery = gridQueryWith({ customerId: optionalQueryId('Customer') });
/** GET /invoice/export */
export const invoiceExportQuery = gridQueryWith({
  customerId: optionalQueryId('Customer'),
  type: z.enum(['summary', 'detailed'], { error: 'Export type must be summary or detailed' }).default('summary'),
});
/** GET /invoice/{ref}, DELETE /invoice/{ref}: a number ('1001', '1001B', '7-1001') or an id */
export const invoiceRefParams = z.object({
  ref: boundedText('Invoice', 40).trim().min(1, INVOICE_MSG.invoiceNotFound),
});
/** GET /company/quick-search */
export const quickSearchQuery = z.object({
  query: boundedText('Search', LIMITS.shortText, INVOICE_MSG.quickSearchMin).trim().min(3, INVOICE_MSG.quickSearchMin),
});
/** GET /company/stats (default: this month in Texas) */
export const companyStatsQuery = z.object({
  from: optionalQueryDay('From', 'From must be a date'),
  to: optionalQueryDay('To', 'To must be a date'),
});
/** GET /invoice/new-number */
export const newNumberQuery = z.object({ customerId: optionalQueryId('Customer'), beer: queryBool });
/** GET /invoice/last */
export const lastInvoiceQuery = z.object({ customerId: dbId('Customer', INVOICE_MSG.customerRequired) });

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

export const stampRangeOut = z.object({
  roll_id: z.number(),
  prefix: z.string(),
  from: z.number(),
  to: z.number(),
  count: z.number(),
});

const invoiceItemProductOut = z.union([
  z.object({
    id: z.number(),
    product: z.string(),
    product_type: z.string(),
    product_size: z.string(),
    upc: z.string().nullable(),
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
  amount: z.number(),
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
  company_id: z.number(),
  balance: z.number(),
  items: z.array(invoiceItemOut),
  stamps: z.array(stampRangeOut),
  stampsCount: z.number(),
  payments: z.array(invoicePaymentPartOut),
  orders: z.array(invoiceOrderPartOut),
  /** the last MPower sync of the invoice (null until one ran) */
  mPowerInvoice: mpowerInvoiceOut.nullable(),
  statusInfo: z.array(
    z.object({
      id: z.number(),
      old_status: z.string().nullable(),
      new_status: z.string(),
      created_at: timestampOut,
    }),
  ),
  customer: z
    .object({
      id: z.number(),
      name: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      tabc_id: z.string(),
      contact_name: z.string(),
      contact_email: z.string(),
      contact_phone: z.string(),
      cash_on_delivery: z.boolean(),
      fintech_option: z.boolean(),
      fintech_id: z.string(),
      product_price_tier_id: z.number().nullable(),
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
      id: z.number(),
      name: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      tabc_id: z.string(),
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
