import { z } from 'zod';
import { DATE_LIMITS, DEFAULTS, INVOICE_STATUSES, type ProductType } from './constants.js';
import { addDays, notLaterThanDaysAhead, todayInTexas } from './dates.js';
import { toCents } from './money.js';
import { gridQuerySchema } from './grid.js';
import {
  LIMITS,
  boundedInt,
  boundedText,
  calendarDay,
  dbId,
  moneyAmount,
  noteText,
  optionalNote,
  optionalQueryId,
  periodQueryShape,
  queryBool,
} from './primitives.js';

export * from './invoice-answers.js';

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
  /** PUT /invoice/{id} sent with a version older than the stored one (409) */
  changedSince: (name: string) => `This invoice was changed by ${name} since you opened it`,
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
  note: optionalNote('Note'),
  company_note: optionalNote('Company note'),
  status: z.enum(INVOICE_STATUSES, { error: INVOICE_MSG.statusInvalid }).optional(),
  invoiced_at: dateString(INVOICE_MSG.invoiceDateInvalid).optional(),
  due_at: dateString(INVOICE_MSG.dueDateInvalid).nullish(),
  logo_id: dbId('Logo').nullish(),
  /** create despite a duplicate found in the last 24 hours */
  force: z.boolean().default(false),
  /** an online order this invoice was made from (linked in order_invoices) */
  order_id: dbId('Order').nullish(),
  /**
   * PUT: the invoice's `version` as the client loaded it. A save whose version is no longer the
   * stored one is refused (409) rather than overwriting the newer change; without it the save
   * goes through as before.
   */
  version: z.number().int().min(1).max(2_147_483_647).optional(),
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
/**
 * GET /invoice/{ref}, DELETE /invoice/{ref}: the invoice NUMBER ('1001', '1001B', '7-1001', the
 * staff screen's /invoice/{number}); `?by=id` reads the ref as the invoice id only, `?by=number` as
 * the number only, so a client that says which can never land on the other invoice. Without `by`,
 * GET keeps the spec's "id or number" (the number first, then the id); DELETE takes a number.
 */
export const invoiceRefParams = z.object({
  ref: boundedText('Invoice', 40).trim().min(1, INVOICE_MSG.invoiceNotFound),
});
export const INVOICE_ID_INVALID = 'Invoice id must be a whole number';
export const invoiceRefQuery = z.object({
  by: z.enum(['number', 'id'], { error: "by must be 'number' or 'id'" }).optional(),
});
/** GET /company/quick-search */
export const quickSearchQuery = z.object({
  query: boundedText('Search', LIMITS.shortText, INVOICE_MSG.quickSearchMin).trim().min(3, INVOICE_MSG.quickSearchMin),
});
/** GET /company/stats (default: this month in Texas) */
export const companyStatsQuery = z.object(periodQueryShape({ from: 'From must be a date', to: 'To must be a date' }));
/** GET /invoice/new-number */
export const newNumberQuery = z.object({ customerId: optionalQueryId('Customer'), beer: queryBool });
/** GET /invoice/last */
export const lastInvoiceQuery = z.object({ customerId: dbId('Customer', INVOICE_MSG.customerRequired) });
