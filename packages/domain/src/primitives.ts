/**
 * Bounded building blocks for every request schema. Input is refused where it enters, with a
 * clear message, so nothing odd (NUL bytes, ids past int4, over-long text, impossible dates,
 * amounts past numeric(12,2)) ever reaches the database as a 500.
 */
import { z } from 'zod';
import { toDay } from './dates.js';

export const LIMITS = {
  /** PostgreSQL int4 */
  maxId: 2_147_483_647,
  /** numeric(12,2) */
  maxMoney: 99_999_999.99,
  /** a line quantity or a stock count */
  maxQty: 999_999,
  /** names, addresses, emails: anything one line long */
  shortText: 255,
  /** notes and free text */
  longText: 5000,
  minYear: 1900,
  maxYear: 2100,
} as const;

export const PRIMITIVE_MSG = {
  nul: 'Text must not contain NUL characters',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  id: (label: string) => `${label} must be a whole number from 1 to ${LIMITS.maxId}`,
  day: (label: string) => `${label} must be a valid date (YYYY-MM-DD)`,
  dayRange: (label: string) => `${label} must be between ${LIMITS.minYear} and ${LIMITS.maxYear}`,
  money: (label: string) => `${label} must be an amount between -99999999.99 and 99999999.99`,
  int: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}`,
} as const;

const hasNul = (s: string) => s.includes('\u0000');

/** '' and null (an empty query parameter, a cleared field) are absent. */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A numeric string is its number; anything else goes to the schema as it came. */
export const numberFromText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/**
 * Text of at most `max` characters without NUL bytes. `label` names the field in the message.
 * Not trimmed: call `.trim()` on the result where the rule wants it.
 */
export function boundedText(label: string, max: number = LIMITS.shortText, error?: string) {
  return z
    .string(error ? { error } : undefined)
    .max(max, PRIMITIVE_MSG.tooLong(label, max))
    .refine((s) => !hasNul(s), PRIMITIVE_MSG.nul);
}

/** Required text: trimmed, not empty, at most `max` characters (its column), no NUL. */
export const requiredText = (message: string, label: string, max: number = LIMITS.shortText) =>
  boundedText(label, max, message).trim().min(1, { error: message });
export const ZIP_MSG = 'Zip must be 5 digits, or ZIP+4 (78701 or 78701-1234)';
/** A US zip code: 5 digits, or ZIP+4 (the hyphen optional, as TABC's data writes it). */
export const zipCode = (requiredMessage: string) =>
  boundedText('Zip', 16, requiredMessage)
    .trim()
    // an empty zip says only that it is required
    .min(1, { error: requiredMessage, abort: true })
    .regex(/^\d{5}(-?\d{4})?$/, { error: ZIP_MSG });
/** Optional text: trimmed; missing or null is ''. */
export const optionalText = (label: string, max: number = LIMITS.shortText) =>
  boundedText(label, max)
    .trim()
    .nullish()
    .transform((v) => v ?? '');

/** Free text (notes): longText characters at most. */
export const noteText = (label = 'Note', max: number = LIMITS.longText) => boundedText(label, max);
/** An optional note: trimmed, longText characters at most; missing or null is ''. */
export const optionalNote = (label = 'Note') => optionalText(label, LIMITS.longText);

/** A database id: a whole number 1..2^31-1 (strings of digits too, for params and queries). */
export function dbId(label = 'Id', message?: string) {
  const msg = message ?? PRIMITIVE_MSG.id(label);
  return z.coerce.number({ error: msg }).int(msg).min(1, msg).max(LIMITS.maxId, msg);
}

/** `{ id }` path params. */
export const idParams = z.object({ id: dbId('Id') });

/** An optional id in a query string ('' is absent). */
export const optionalQueryId = (label = 'Id') => z.preprocess(blankToUndefined, dbId(label).optional());

/** A boolean in a query string: true, 'true' and '1' are true. */
export const queryBool = z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional();

/** True for a real calendar day 'YYYY-MM-DD' between 1900 and 2100. */
export function isCalendarDay(d: unknown): d is string {
  if (typeof d !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const t = Date.parse(`${d}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== d) return false;
  const y = Number(d.slice(0, 4));
  return y >= LIMITS.minYear && y <= LIMITS.maxYear;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A calendar day 'YYYY-MM-DD' (1900..2100). A full ISO timestamp (a date picker's value) is taken
 * as its day in Texas. `message` replaces the default message when given.
 */
export function calendarDay(label = 'Date', message?: string) {
  const bad = message ?? PRIMITIVE_MSG.day(label);
  return z.preprocess(
    (v) => (typeof v === 'string' && ISO_TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v)) ? toDay(v) : v),
    z
      .string({ error: bad })
      .regex(/^\d{4}-\d{2}-\d{2}$/, bad)
      .refine((d) => isCalendarDay(d) || !isCalendarDayShape(d), message ?? PRIMITIVE_MSG.dayRange(label))
      .refine((d) => isCalendarDayShape(d), bad),
  );
}

/** A well-formed day of any year (range checked apart, so its message can say so). */
function isCalendarDayShape(d: string): boolean {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
}

/** An optional day in a query string ('' is absent). */
export const optionalQueryDay = (label = 'Date', message?: string) =>
  z.preprocess(blankToUndefined, calendarDay(label, message).optional());

/**
 * An optional period in a query string: `from` and `to` days ('' is absent), each with the
 * route's own message. Spread it into the query's object; the route fills in missing ends.
 */
export const periodQueryShape = (msg: { from: string; to: string }) => ({
  from: optionalQueryDay('From', msg.from),
  to: optionalQueryDay('To', msg.to),
});

export const REPORT_FORMAT_MSG = "Format must be 'json', 'csv' or 'pdf'";
/** `format` of a report that also downloads as CSV or PDF: JSON when left out. */
export const reportFormatQuery = z.enum(['json', 'csv', 'pdf'], { error: REPORT_FORMAT_MSG }).default('json');

/**
 * A money amount as a number (numeric strings accepted), finite and within numeric(12,2).
 * Use `.min()`/`.refine()` on the result for the rule's own lower bound and message.
 */
export function moneyAmount(label = 'Amount', message?: string) {
  const msg = message ?? PRIMITIVE_MSG.money(label);
  return z.preprocess(
    numberFromText,
    z
      .number({ error: msg })
      .finite(msg)
      .min(-LIMITS.maxMoney, PRIMITIVE_MSG.money(label))
      .max(LIMITS.maxMoney, PRIMITIVE_MSG.money(label)),
  );
}

/** A whole number within [min, max] (numeric strings accepted). */
export function boundedInt(label: string, min: number, max: number, message?: string) {
  const msg = message ?? PRIMITIVE_MSG.int(label, min, max);
  return z.preprocess(numberFromText, z.number({ error: msg }).int(msg).min(min, msg).max(max, msg));
}

/** Timestamps in answers: Date objects from the database, ISO strings in JSON. */
export const timestampOut = z.union([z.date(), z.string()]);
/** Money in answers: numbers with two decimals. */
export const moneyOut = z.number();

/** A company's or customer's name, address and TABC id: the address card of documents and answers. */
export const addressShape = {
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  tabc_id: z.string(),
};
export const addressCardShape = { id: z.number(), ...addressShape };
export const addressCardOut = z.object(addressCardShape);

/** How answers name a product: its id, name, type, size and UPC. */
export const productLabelShape = {
  id: z.number(),
  product: z.string(),
  product_type: z.string(),
  product_size: z.string(),
  upc: z.string().nullable(),
};

/** The invoice a row belongs to, as payment and product answers name it. */
export const invoiceRefShape = {
  id: z.number(),
  invoice_id: z.number(),
  number: z.number(),
  beer: z.boolean(),
  status: z.string(),
};

/** A customer's contact and billing settings, as the customer and invoice answers carry them. */
export const customerContactShape = {
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  cash_on_delivery: z.boolean(),
  fintech_option: z.boolean(),
  fintech_id: z.string(),
  product_price_tier_id: z.number().nullable(),
};
