/**
 * Delivery: the day's routes, the driver's completion of a stop (signature, delivered quantities,
 * cash on delivery) and the rules the route checks before the truck leaves (TABC's 2.4 gallons).
 */
import { z } from 'zod';
import {
  LIMITS,
  boundedInt,
  boundedText,
  calendarDay,
  dbId,
  isCalendarDay,
  moneyAmount,
  moneyOut,
  optionalText,
  timestampOut,
} from './primitives.js';

export const DELIVERY_MSG = {
  routeNotFound: 'Route not found',
  stopNotFound: 'This invoice is on no delivery route',
  noInvoices: 'Put at least one invoice on the route',
  tooManyInvoices: 'A route holds at most 200 invoices',
  duplicateInvoice: 'An invoice is on the list twice',
  driverNotFound: 'Driver not found',
  invoiceNotEligible: (label: string) =>
    `Invoice ${label} cannot go on a route: only invoiced invoices not yet delivered (and not cancelled) can`,
  invoiceOnOtherRoute: (label: string) => `Invoice ${label} is already on another route`,
  removeCompleted: (label: string) => `Invoice ${label} was delivered: it stays on its route`,
  deleteCompleted: 'A route with a delivered stop cannot be deleted',
  stopOrder: 'Stop order must list each stop of the route once',
  receivedBy: "Receiver's printed name is required",
  signature: 'Signature must be a PNG or JPEG image (data URL) of at most 300 KB',
  photo: 'Photo must be a PNG or JPEG image (data URL) of at most 3 MB',
  clientId: 'client_id must be 8 to 64 letters, digits, dashes or underscores',
  completedAt: 'completed_at must be a date and time (ISO 8601), not in the future',
  lineNotOnInvoice: 'A delivered line names an item that is not on the invoice',
  lineOver: (name: string, qty: number) => `Delivered quantity of ${name} cannot be more than ${qty}`,
  reasonRequired: (name: string) => `Say why ${name} was short or refused`,
  paymentMethod: "Payment method must be 'cash' or 'check'",
  paymentAmount: 'Payment amount must be more than 0',
  checkNumber: 'Check number is required for a check',
  cancelled: 'This invoice was cancelled: it cannot be delivered',
  alreadyDelivered: 'This invoice was already delivered',
  signedKept: 'A signed invoice is kept four years (TABC): it cannot be deleted',
  /** the delivered entry of an invoice paid (or partly paid) before the truck came */
  paidBeforeDelivery: (status: string) =>
    status === 'paid'
      ? 'Paid before delivery (status stays paid)'
      : 'Partly paid before delivery (status stays partially paid)',
  lat: 'Latitude must be between -90 and 90',
  lng: 'Longitude must be between -180 and 180',
} as const;

/** One US liquid gallon in millilitres. */
export const ML_PER_GALLON = 3785.411784;
/** A local cartage permit (E) may not deliver less than this per delivery (TABC, P/LP/E course). */
export const MIN_SPIRITS_GALLONS = 2.4;

const UNIT_ML: Record<string, number> = {
  ML: 1,
  CL: 10,
  L: 1000,
  LT: 1000,
  LTR: 1000,
  LITER: 1000,
  LITRE: 1000,
  OZ: 29.5735295625,
  FLOZ: 29.5735295625,
};

/**
 * A product size as written on the product ('750ML', '1.75L', '1 L', '375 ml', '12OZ') in
 * millilitres, or null when it names no volume we know ('24PK', 'KEG', '').
 */
export function sizeToMl(size: string | null | undefined): number | null {
  const s = (size ?? '').toUpperCase().replace(/\s+/g, '').replace(/\.$/, '');
  const m = /^(\d+(?:\.\d+)?|\.\d+)(ML|CL|LTR|LITRE|LITER|LT|L|FLOZ|OZ)$/.exec(s);
  if (!m) return null;
  const n = Number(m[1]);
  if (!Number.isFinite(n) || n <= 0) return null;
  return n * UNIT_ML[m[2]];
}

/** Bottles in a standard case of that size (spirits and wine), or null for a size we cannot case. */
export function bottlesPerCase(size: string | null | undefined): number | null {
  const ml = sizeToMl(size);
  if (ml === null) return null;
  const r = Math.round(ml);
  if (r <= 50) return 120;
  if (r <= 100) return 60;
  if (r <= 200) return 48;
  if (r <= 375) return 24;
  if (r <= 1000) return 12;
  return 6;
}

/** '2 cases 3 bottles' for `qty` bottles of that size; just bottles when the size has no case. */
export function casesAndBottles(qty: number, size: string | null | undefined) {
  const per = bottlesPerCase(size);
  if (!per) return { cases: 0, bottles: qty };
  return { cases: Math.floor(qty / per), bottles: qty % per };
}

export interface SpiritsLine {
  product_type: string;
  product_size: string;
  product_name: string;
  qty: number;
}

/**
 * The distilled spirits (LIQUOR lines) of one delivery in gallons, with the warnings a driver and
 * the office see: under 2.4 gallons, and each liquor size whose volume is unknown (not counted).
 */
export function spiritsCheck(lines: readonly SpiritsLine[]) {
  let ml = 0;
  let liquor = false;
  const unknown = new Set<string>();
  for (const l of lines) {
    if (l.product_type !== 'LIQUOR' || l.qty <= 0) continue;
    liquor = true;
    const per = sizeToMl(l.product_size);
    if (per === null) unknown.add(`${l.product_name} (size '${l.product_size || 'blank'}')`);
    else ml += per * l.qty;
  }
  const gallons = Math.round((ml / ML_PER_GALLON) * 1000) / 1000;
  const warnings: string[] = [];
  if (liquor && ml < MIN_SPIRITS_GALLONS * ML_PER_GALLON)
    warnings.push(
      `Distilled spirits on this stop add up to ${gallons.toFixed(2)} gallons: a local cartage permit may not deliver less than 2.4 gallons in a single delivery`,
    );
  for (const u of unknown) warnings.push(`Unknown size, volume not counted: ${u}`);
  return { spirits_gallons: gallons, warnings };
}

// ---------------------------------------------------------------------------------------------
// Requests

const invoiceIdList = z
  .array(dbId('Invoice id'), { error: DELIVERY_MSG.noInvoices })
  .max(200, DELIVERY_MSG.tooManyInvoices)
  .refine((l) => new Set(l).size === l.length, DELIVERY_MSG.duplicateInvoice);

export const routeCreateSchema = z.object({
  date: calendarDay('Date'),
  driver_user_id: dbId('Driver'),
  invoice_ids: invoiceIdList.refine((l) => l.length > 0, DELIVERY_MSG.noInvoices),
});
export type RouteCreateInput = z.input<typeof routeCreateSchema>;

export const routeUpdateSchema = z.object({
  invoice_ids: invoiceIdList.refine((l) => l.length > 0, DELIVERY_MSG.noInvoices).optional(),
  driver_user_id: dbId('Driver').optional(),
  /** the route's stop ids (as GET answers them) in the new order */
  stop_order: z.array(dbId('Stop id')).max(200, DELIVERY_MSG.stopOrder).optional(),
});
export type RouteUpdateInput = z.input<typeof routeUpdateSchema>;

export const routeDateQuery = z.object({ date: calendarDay('Date') });

/** PNG or JPEG as a base64 data URL, at most `maxBytes` decoded. */
export function imageDataUrl(message: string, maxBytes: number) {
  return z
    .string({ error: message })
    .max(Math.ceil((maxBytes * 4) / 3) + 64, message)
    .refine((s) => isImageDataUrl(s, maxBytes), message);
}

const PNG_MAGIC = 'iVBORw0KGgo';
const JPEG_MAGIC = '/9j/';

/** A `data:image/png;base64,` or `data:image/jpeg;base64,` URL whose bytes are that image. */
export function isImageDataUrl(s: string, maxBytes: number): boolean {
  const m = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/]+={0,2})$/.exec(s);
  if (!m) return false;
  const b64 = m[2];
  if (b64.length % 4 !== 0) return false;
  const bytes = (b64.length / 4) * 3 - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
  if (bytes < 16 || bytes > maxBytes) return false;
  return m[1] === 'png' ? b64.startsWith(PNG_MAGIC) : b64.startsWith(JPEG_MAGIC);
}

export const SIGNATURE_MAX_BYTES = 300 * 1024;
export const PHOTO_MAX_BYTES = 3 * 1024 * 1024;
export const PAYMENT_METHODS_AT_DOOR = ['cash', 'check'] as const;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

export const stopCompleteSchema = z
  .object({
    client_id: z.string({ error: DELIVERY_MSG.clientId }).regex(/^[A-Za-z0-9_-]{8,64}$/, DELIVERY_MSG.clientId),
    received_by: boundedText('Received by', LIMITS.shortText, DELIVERY_MSG.receivedBy)
      .trim()
      .min(1, DELIVERY_MSG.receivedBy),
    signature_png: imageDataUrl(DELIVERY_MSG.signature, SIGNATURE_MAX_BYTES),
    photo: imageDataUrl(DELIVERY_MSG.photo, PHOTO_MAX_BYTES).nullish(),
    lines: z
      .array(
        z.object({
          item_id: dbId('Item id'),
          delivered_qty: boundedInt('Delivered quantity', 0, LIMITS.maxQty),
          reason: optionalText('Reason', 500),
        }),
      )
      .max(500)
      .optional(),
    payment: z
      .object({
        method: z.enum(PAYMENT_METHODS_AT_DOOR, { error: DELIVERY_MSG.paymentMethod }),
        amount: moneyAmount('Amount').refine((n) => n > 0, DELIVERY_MSG.paymentAmount),
        reference: optionalText('Check number', 64),
      })
      .refine((p) => p.method !== 'check' || p.reference !== '', {
        error: DELIVERY_MSG.checkNumber,
        path: ['reference'],
      })
      .nullish(),
    completed_at: z
      .string({ error: DELIVERY_MSG.completedAt })
      .regex(ISO_INSTANT, DELIVERY_MSG.completedAt)
      .refine((s) => {
        const t = Date.parse(s);
        // a phone's clock may run a little fast: ten minutes of grace
        return (
          !Number.isNaN(t) && t <= Date.now() + 10 * 60_000 && isCalendarDay(new Date(t).toISOString().slice(0, 10))
        );
      }, DELIVERY_MSG.completedAt),
    lat: z.number({ error: DELIVERY_MSG.lat }).min(-90, DELIVERY_MSG.lat).max(90, DELIVERY_MSG.lat).nullish(),
    lng: z.number({ error: DELIVERY_MSG.lng }).min(-180, DELIVERY_MSG.lng).max(180, DELIVERY_MSG.lng).nullish(),
  })
  .refine((v) => !v.lines || new Set(v.lines.map((l) => l.item_id)).size === v.lines.length, {
    error: 'An item is listed twice',
    path: ['lines'],
  });
export type StopCompleteInput = z.input<typeof stopCompleteSchema>;
export type StopCompleteValues = z.output<typeof stopCompleteSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const routeLineOut = z.object({
  item_id: z.number(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  product_type: z.string(),
  product_size: z.string(),
  qty: z.number(),
  cases: z.number(),
  bottles: z.number(),
  delivered_qty: z.number().nullable(),
  reason: z.string().nullable(),
});

export const routeInvoiceOut = z.object({
  id: z.number(),
  number_label: z.string(),
  status: z.string(),
  invoiced_at: z.string(),
  total: moneyOut,
  balance: moneyOut,
  cod: z.boolean(),
  lines: z.array(routeLineOut),
  completed: z.boolean(),
  received_by: z.string().nullable(),
  completed_at: timestampOut.nullable(),
  payment: z.object({ method: z.string(), amount: moneyOut, reference: z.string() }).nullable(),
  credit_memo_total: moneyOut.nullable(),
});

export const routeStopOut = z.object({
  id: z.number(),
  position: z.number(),
  customer: z.object({
    id: z.number(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    contact_name: z.string(),
    contact_phone: z.string(),
    maps_url: z.string(),
  }),
  invoices: z.array(routeInvoiceOut),
  spirits_gallons: z.number(),
  cod_amount: moneyOut,
  warnings: z.array(z.string()),
  done: z.boolean(),
});

export const routeOut = z.object({
  id: z.number(),
  date: z.string(),
  driver_user_id: z.number().nullable(),
  driver_name: z.string(),
  stops: z.array(routeStopOut),
  progress: z.object({
    stops: z.number(),
    stops_done: z.number(),
    invoices: z.number(),
    invoices_done: z.number(),
    cod_expected: moneyOut,
    cod_collected: moneyOut,
    /** owed at the stops already completed and not collected there (an open stop is not short yet) */
    cod_short: moneyOut,
    exceptions: z.array(z.string()),
  }),
  updated_at: timestampOut,
});
export type RouteOut = z.infer<typeof routeOut>;
export type RouteStop = z.infer<typeof routeStopOut>;
export type RouteInvoice = z.infer<typeof routeInvoiceOut>;

export const routeListOut = z.array(routeOut);

export const stopCompleteOut = z.object({
  invoice_id: z.number(),
  client_id: z.string(),
  status: z.string(),
  received_by: z.string(),
  completed_at: timestampOut,
  payment_id: z.number().nullable(),
  credit_memo_id: z.number().nullable(),
  duplicate: z.boolean(),
});
export type StopCompleteOut = z.infer<typeof stopCompleteOut>;

export const eligibleInvoiceOut = z.object({
  id: z.number(),
  number_label: z.string(),
  status: z.string(),
  invoiced_at: z.string(),
  total: moneyOut,
  customer_id: z.number(),
  customer_name: z.string(),
  address: z.string(),
  cod: z.boolean(),
  route_id: z.number().nullable(),
});
export const eligibleListOut = z.array(eligibleInvoiceOut);
export type EligibleInvoice = z.infer<typeof eligibleInvoiceOut>;

export const driverOut = z.object({ id: z.number(), name: z.string(), email: z.string(), role: z.string() });
export const driverListOut = z.array(driverOut);
export type Driver = z.infer<typeof driverOut>;

export const reconciliationOut = z.array(
  z.object({
    driver_user_id: z.number().nullable(),
    driver_name: z.string(),
    routes: z.number(),
    cod_expected: moneyOut,
    cash: moneyOut,
    checks: moneyOut,
    check_list: z.array(z.object({ invoice: z.string(), amount: moneyOut, reference: z.string() })),
    /** COD owed at completed stops and not collected (open stops count in stops_open, not here) */
    short: moneyOut,
    stops_open: z.number(),
    /** short or refused lines credited back at the door (credit memos), with the driver's reasons */
    returns: moneyOut,
    return_list: z.array(z.object({ invoice: z.string(), amount: moneyOut, reason: z.string() })),
  }),
);
export type Reconciliation = z.infer<typeof reconciliationOut>;

/** Google Maps search link for an address: opens the phone's maps app. */
export function mapsUrl(parts: readonly (string | null | undefined)[]) {
  const q = parts.filter((p) => p?.trim()).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
}

/** '11/26/2026, 3:04 PM' in Texas (America/Chicago). */
export function texasDateTime(at: Date | string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(at));
}

/** What the invoice PDF and print page say under the retailer's signature. */
export const receivedLine = (name: string, at: Date | string) => `Received by ${name}, ${texasDateTime(at)}`;
