/**
 * Fintech (the clearing house that collects invoice payments by EFT) and MPower: the request and
 * answer contracts of the sync routes, and the one definition of the fintech invoice file (the
 * export of spec 1 and the upload of POST /invoice/convert read the same columns, so an exported
 * invoice uploads again).
 */
import { z } from 'zod';
import { addressCardShape, dbId, LIMITS, timestampOut } from './primitives.js';

export const FINTECH_MSG = {
  featureOff: 'The fintech feature is not active for your company',
  mpowerFeatureOff: 'The MPower feature is not active for your company',
  invoiceIdsRequired: 'invoiceIds must list at least one invoice id',
  invoiceIdsTooMany: 'invoiceIds may list at most 50 invoices',
  companyNotEnabled: 'Fintech is not enabled for your company (has_fintech): turn it on in Settings',
  companyNoId: "Your company's Fintech ID (fintech_id) is empty: enter it in Settings",
  customerNoOption: (name: string) => `Customer ${name} does not have the Fintech option (fintech_option) enabled`,
  customerNoId: (name: string) => `Customer ${name} has no Fintech ID (fintech_id)`,
  noCredentials: (partner: string) => `The ${partner} API key is not set: enter it in Settings under Integrations`,
  noUrl: (partner: string) => `The ${partner} service address is not configured`,
  syncSucceeded: 'Sync succeeded',
  uploadError: 'Error Uploading Invoice',
  fileMissing: 'Please choose the fintech invoice file (field "invoice")',
  fileTooLarge: 'The file is larger than 1 MB',
  fileEmpty: 'The file is empty',
  fileNotText: 'The file is not a CSV text file',
  fileUnreadable: (why: string) => `The file is not a readable CSV file: ${why}`,
  missingColumns: (cols: string[]) => `The file is not a fintech invoice: missing column(s) ${cols.join(', ')}`,
  noRows: 'The file has no invoice lines',
  tooManyRows: 'The file has more than 500 invoice lines',
  severalInvoices: (refs: string[]) =>
    `The file holds ${refs.length} invoices (${refs.slice(0, 5).join(', ')}${refs.length > 5 ? ', ...' : ''}): upload one invoice at a time`,
  badLine: (line: number, why: string) => `Line ${line}: ${why}`,
  nothingMatched: 'None of the products on the file is in your catalogue (matched by UPC, then by name and size)',
} as const;

// ---- the fintech invoice file --------------------------------------------------------------------------

/** Every invoice reference on the file starts with this fixed code (the spec's 'fixed code'). */
export const FINTECH_REF_PREFIX = 'INV';
export const FINTECH_UNIT_OF_MEASURE = 'EA';
export const FINTECH_MAX_FILE_BYTES = 1024 * 1024;
export const FINTECH_MAX_LINES = 500;

/** The columns, in order: one line per invoice item. Upload needs REQUIRED; the rest are read when present. */
export const FINTECH_COLUMNS = [
  'RETAILER ID',
  'RETAILER NAME',
  'RETAILER TABC ID',
  'DISTRIBUTOR ID',
  'INVOICE NUMBER',
  'INVOICE DATE',
  'DUE DATE',
  'UPC',
  'PRODUCT',
  'SIZE',
  'PRODUCT TYPE',
  'UNIT OF MEASURE',
  'QUANTITY',
  'UNIT PRICE',
  'EXTENDED PRICE',
  'INVOICE TOTAL',
] as const;
export type FintechColumn = (typeof FINTECH_COLUMNS)[number];
export const FINTECH_REQUIRED_COLUMNS: FintechColumn[] = ['INVOICE NUMBER', 'UPC', 'PRODUCT', 'QUANTITY', 'UNIT PRICE'];

/** 'INV' + the invoice number + 'B' for a beer invoice: INV1001, INV1002B. */
export function fintechReference(inv: { number: number; beer: boolean }): string {
  return `${FINTECH_REF_PREFIX}${inv.number}${inv.beer ? 'B' : ''}`;
}

/** The invoice number and beer flag back from a reference (null when it is not ours). */
export function parseFintechReference(ref: string): { number: number; beer: boolean } | null {
  const m = new RegExp(`^${FINTECH_REF_PREFIX}(\\d{1,10})(B?)$`, 'i').exec(ref.trim());
  if (!m) return null;
  const number = Number(m[1]);
  if (number < 1 || number > LIMITS.maxId) return null;
  return { number, beer: m[2] !== '' };
}

/** 'YYYY-MM-DD' -> 'MM/DD/YYYY' (the file's date format); '' stays ''. */
export function fintechDate(day: string | null | undefined): string {
  if (!day) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/** 'MM/DD/YYYY' (or M/D/YYYY) -> 'YYYY-MM-DD' when it is a real day, else null. */
export function parseFintechDate(s: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s.trim());
  if (!m) return null;
  const day = `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) return null;
  const y = Number(m[3]);
  return y >= LIMITS.minYear && y <= LIMITS.maxYear ? day : null;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell of the fintech file: upper-cased and always quoted. A cell a spreadsheet would run as a
 * formula (= + - @ first) gets a leading apostrophe; plain numbers are left alone.
 */
export function fintechCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value).toUpperCase();
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** Undoes the apostrophe fintechCell put before a formula-like cell. */
export function unescapeFintechCell(s: string): string {
  return /^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s;
}

// ---- routes ---------------------------------------------------------------------------------------------

/** `?invoiceIds=1,2` or `?invoiceIds=1&invoiceIds=2` or `?invoiceIds=[1,2]`: 1 to 50 invoice ids. */
export const invoiceIdsQuery = z.object({
  invoiceIds: z.preprocess(
    (v) => {
      const parts = (Array.isArray(v) ? v : [v])
        .flatMap((x) => (typeof x === 'string' ? x.replace(/^\[|\]$/g, '').split(',') : [x]))
        .map((x) => (typeof x === 'string' ? x.trim() : x))
        .filter((x) => x !== '' && x !== undefined && x !== null);
      return parts;
    },
    z
      .array(dbId('Invoice id'))
      .min(1, FINTECH_MSG.invoiceIdsRequired)
      .max(50, FINTECH_MSG.invoiceIdsTooMany)
      .transform((ids) => [...new Set(ids)]),
  ),
});

/** One step of a sync: what was done and how it went. */
export const syncStepOut = z.object({
  step: z.string(),
  message: z.string(),
  at: timestampOut.optional(),
});
export type SyncStep = z.infer<typeof syncStepOut>;

/** A fintech sync log entry: its steps (the last one is step 'end' 'Sync succeeded' when it worked). */
export const fintechLogEntryOut = z.object({
  id: z.number(),
  invoice_ids: z.array(z.number()),
  success: z.boolean(),
  success_log: z.array(syncStepOut),
  error_log: syncStepOut.nullable(),
  createdAt: timestampOut,
});
export type FintechLogEntry = z.infer<typeof fintechLogEntryOut>;
export const fintechLogOut = z.array(fintechLogEntryOut);

/** True once an entry ends with step end 'Sync succeeded' (Sync Now is then disabled). */
export function fintechSynced(entries: readonly Pick<FintechLogEntry, 'success_log'>[]): boolean {
  return entries.some((e) => {
    const last = e.success_log[e.success_log.length - 1];
    return last?.step === 'end' && last.message === FINTECH_MSG.syncSucceeded;
  });
}

/** POST /invoice/convert: a draft for the builder (nothing is saved) and the lines left out. */
export const convertedItemOut = z.object({
  product_id: z.number(),
  product_name: z.string(),
  product_type: z.string(),
  product_size: z.string(),
  upc: z.string().nullable(),
  qty: z.number(),
  price: z.number(),
  taxable: z.boolean(),
  last_purchase_price: z.number().nullable(),
  reorder_level: z.number().nullable(),
  /** how the line found its product */
  matched_by: z.enum(['upc', 'name']),
});
export const convertOut = z.object({
  reference: z.string(),
  /** the number the reference names when it is one of ours (INV1001B -> 1001, beer) */
  source_number: z.number().nullable(),
  beer: z.boolean(),
  invoiced_at: z.string().nullable(),
  due_at: z.string().nullable(),
  /** the customer found for the file's retailer (as the builder's customer list shows it) */
  customer: z
    .object({
      ...addressCardShape,
      cash_on_delivery: z.boolean(),
      matched_by: z.enum(['fintech_id', 'tabc_id', 'name']),
    })
    .nullable(),
  items: z.array(convertedItemOut),
  /** file lines not put on the draft, with why */
  unmatched: z.array(z.object({ line: z.number(), upc: z.string(), product: z.string(), reason: z.string() })),
  warnings: z.array(z.string()),
});
export type ConvertedInvoice = z.infer<typeof convertOut>;

/** GET /mpower/{id}/sync and the invoice's mPowerInvoice. */
export const mpowerInvoiceOut = z.object({
  invoice_id: z.number(),
  // MPower's own answer, kept as it came
  response: z.unknown().nullable(),
  error: z.string().nullable(),
  updatedAt: timestampOut,
});
export type MpowerInvoice = z.infer<typeof mpowerInvoiceOut>;
