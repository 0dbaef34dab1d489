/**
 * Data import (issue 18): customers, products and opening stock from a CSV or XLSX file. The file
 * is parsed on the server (one parser for the dry run and the import); each row is validated with
 * the editors' own schemas (customerSchema, productCreateSchema), so an import cannot store what a
 * form would refuse.
 */
import { z } from 'zod';
import { boundedText, dbId, LIMITS, timestampOut } from './primitives.js';

export const IMPORT_KINDS = ['customers', 'products', 'stock'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_LIMITS = {
  maxRows: 50_000,
  maxBytes: 20 * 1024 * 1024,
  /** columns of a sheet or CSV line (issue 35: measured before the file is read) */
  maxColumns: 100,
  /** cells holding a value, over the whole sheet */
  maxCells: 1_000_000,
  /** characters of one CSV line */
  maxLineLength: 100_000,
  /** characters of one XLSX cell (its XML is measured before it is parsed) */
  maxCellLength: 100_000,
  /** what an XLSX may unpack to, by the sizes its zip declares (checked before inflating) */
  maxUnzippedBytes: 300 * 1024 * 1024,
  /** the shared strings part, which a reader keeps in memory */
  maxSharedStringsBytes: 64 * 1024 * 1024,
  /** rows listed in a dry run answer (counts and errors always cover every row) */
  previewRows: 1000,
  /** rows written per transaction and per progress update when bad rows are skipped */
  batch: 500,
} as const;

export const IMPORT_MSG = {
  kind: 'Kind must be one of customers, products, stock',
  fileMissing: 'Choose a CSV or XLSX file to import',
  fileType: 'The file must be a CSV or an XLSX (Excel) file',
  fileTooLarge: 'The file is larger than 20 MB',
  tooManyRows: 'The file has more than 50,000 rows; split it into smaller files',
  empty: 'The file has no rows under its header',
  tooManyColumns: 'The file has more than 100 columns',
  tooManyCells: 'The file has more than 1,000,000 filled cells; split it into smaller files',
  lineTooLong: 'A line of the file is longer than 100,000 characters',
  cellTooLong: 'A cell of the file is longer than 100,000 characters',
  unzippedTooLarge:
    'The spreadsheet unpacks to more than 300 MB (or its text to more than 64 MB); it is refused unread',
  unreadable: 'The file could not be read as CSV or XLSX',
  mappingJson: 'The mapping must be a JSON object from our field name to a column of the file',
  unknownField: (field: string) => `${field} is not a field of this import`,
  unknownColumn: (column: string) => `Column "${column}" is not in the file`,
  missingFields: (labels: string[]) => `Choose a column for: ${labels.join(', ')}`,
  onError: 'On error must be abort or skip',
  jobNotFound: 'Import not found',
  inventoryOff: 'The inventory feature is not active',
  productNotFound: 'Product not found (no product with this UPC, or this name and size)',
  productKey: 'UPC, or product name and size, is required',
  qty: `Qty must be a whole number from 0 to ${LIMITS.maxQty}`,
  duplicateRow: (row: number) => `The same record as row ${row}`,
  restarted:
    'The server stopped while this import ran. All-or-nothing imports were rolled back; with skip, the rows before the stop were kept. Run the import again: rows already imported count as unchanged.',
  aborted: (n: number) => `Nothing was imported: ${n} row${n === 1 ? '' : 's'} had errors`,
} as const;

export interface ImportField {
  name: string;
  label: string;
  /** needed for every row (stock: upc or product + size, checked per row) */
  required?: boolean;
  /** other header spellings a file may use (compared lower-case, letters and digits only) */
  aliases?: string[];
}

export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  customers: [
    {
      name: 'name',
      label: 'Name',
      required: true,
      aliases: ['customer', 'customername', 'business', 'dba', 'tradename'],
    },
    { name: 'address', label: 'Address', required: true, aliases: ['street', 'address1', 'streetaddress'] },
    { name: 'city', label: 'City', required: true },
    { name: 'state', label: 'State', aliases: ['st'] },
    { name: 'zip', label: 'Zip', required: true, aliases: ['zipcode', 'postalcode', 'postcode'] },
    { name: 'tabc_id', label: 'TABC permit', aliases: ['tabc', 'permit', 'tabcpermit', 'license', 'licensenumber'] },
    { name: 'aims_license_type', label: 'AIMS license type', aliases: ['licensetype'] },
    { name: 'aims_id', label: 'AIMS ID', aliases: ['aims'] },
    { name: 'contact_name', label: 'Contact name', aliases: ['contact'] },
    { name: 'contact_email', label: 'Contact email', aliases: ['email', 'emailaddress'] },
    { name: 'contact_phone', label: 'Contact phone', aliases: ['phone', 'telephone', 'phonenumber'] },
    { name: 'cash_on_delivery', label: 'Cash on delivery', aliases: ['cod'] },
    { name: 'service_start', label: 'Service start', aliases: ['startdate', 'since'] },
  ],
  products: [
    { name: 'product', label: 'Product', required: true, aliases: ['name', 'productname', 'description', 'item'] },
    { name: 'product_type', label: 'Type', required: true, aliases: ['type', 'category'] },
    { name: 'product_size', label: 'Size', required: true, aliases: ['size'] },
    { name: 'product_price', label: 'Unit price', required: true, aliases: ['price', 'unitprice', 'sellprice'] },
    { name: 'last_purchase_price', label: 'Last purchase price', aliases: ['cost', 'purchaseprice', 'unitcost'] },
    { name: 'upc', label: 'UPC', aliases: ['barcode', 'upccode'] },
    { name: 'internal_sku', label: 'Internal SKU', aliases: ['sku', 'itemnumber'] },
    { name: 'distributor', label: 'Distributor', aliases: ['supplier', 'vendor'] },
    { name: 'reorder_level', label: 'Reorder level' },
    { name: 'reorder_qty', label: 'Reorder qty', aliases: ['reorderquantity'] },
    { name: 'reorder_time_in_days', label: 'Reorder time (days)', aliases: ['reordertime', 'leadtime'] },
  ],
  stock: [
    { name: 'upc', label: 'UPC', aliases: ['barcode'] },
    { name: 'product', label: 'Product', aliases: ['name', 'productname', 'item'] },
    { name: 'product_size', label: 'Size', aliases: ['size'] },
    { name: 'qty', label: 'Qty', required: true, aliases: ['quantity', 'onhand', 'stock', 'count'] },
  ],
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Our field -> the file's column, guessed from the headers: the field's name, its label or an
 * alias, compared without case, spaces or punctuation. Each column is used once at most.
 */
export function guessMapping(kind: ImportKind, headers: readonly string[]): Record<string, string> {
  const byKey = new Map<string, string>();
  for (const h of headers) if (!byKey.has(squash(h))) byKey.set(squash(h), h);
  const used = new Set<string>();
  const out: Record<string, string> = {};
  for (const f of IMPORT_FIELDS[kind]) {
    for (const key of [f.name, f.label, ...(f.aliases ?? [])].map(squash)) {
      const h = byKey.get(key);
      if (h !== undefined && !used.has(h)) {
        out[f.name] = h;
        used.add(h);
        break;
      }
    }
  }
  return out;
}

/** The labels of the required fields a mapping leaves out (stock: qty, and a way to find the product). */
export function missingFields(kind: ImportKind, mapping: Record<string, string>): string[] {
  const fields = IMPORT_FIELDS[kind];
  const missing = fields.filter((f) => f.required && !mapping[f.name]).map((f) => f.label);
  if (kind === 'customers' && !mapping.tabc_id && !(mapping.aims_id && mapping.aims_license_type))
    missing.push('TABC permit');
  if (kind === 'stock' && !mapping.upc && !(mapping.product && mapping.product_size)) missing.push('UPC');
  return missing;
}

// ---- requests ---------------------------------------------------------------------------------------

export const importKindParams = z.object({ kind: z.enum(IMPORT_KINDS, { error: IMPORT_MSG.kind }) });

/** A mapping as sent in the multipart field: our field name -> the file's column header. */
export const importMappingSchema = z.record(boundedText('Field', 64), boundedText('Column', LIMITS.shortText), {
  error: IMPORT_MSG.mappingJson,
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const ON_ERROR = ['abort', 'skip'] as const;
export type OnError = (typeof ON_ERROR)[number];
export const onErrorSchema = z.enum(ON_ERROR, { error: IMPORT_MSG.onError });

export const importJobParams = z.object({ id: dbId('Import') });

// ---- answers ----------------------------------------------------------------------------------------

export const ROW_ACTIONS = ['new', 'updated', 'unchanged', 'invalid'] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];

export const importCountsSchema = z.object({
  new: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  invalid: z.number(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;
export const emptyCounts = (): ImportCounts => ({ new: 0, updated: 0, unchanged: 0, invalid: 0 });

export const importErrorSchema = z.object({
  row: z.number().describe('the line in the file: the header is row 1, the first data row is row 2'),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const previewRowSchema = z.object({
  row: z.number(),
  action: z.enum(ROW_ACTIONS),
  /** the record as it would be saved, by our field name (as text) */
  values: z.record(z.string(), z.string()),
  message: z.string().nullable(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

export const importPreviewOut = z.object({
  rows: z.array(previewRowSchema).describe(`the first ${IMPORT_LIMITS.previewRows} rows of the file`),
  errors: z.array(importErrorSchema),
  counts: importCountsSchema,
  total: z.number().describe('data rows in the file'),
  headers: z.array(z.string()),
  mapping: importMappingSchema.describe('the mapping used: the one sent, else the remembered one, else guessed'),
});
export type ImportPreview = z.infer<typeof importPreviewOut>;

export const importStartedOut = z.object({ jobId: z.number() });

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importJobOut = z.object({
  id: z.number(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  on_error: z.enum(ON_ERROR),
  file_name: z.string(),
  done: z.number().describe('rows processed'),
  total: z.number(),
  counts: importCountsSchema,
  errors: z.array(importErrorSchema),
  message: z.string().nullable().describe('why a failed import stopped'),
  created_at: timestampOut,
  finished_at: timestampOut.nullable(),
});
export type ImportJob = z.infer<typeof importJobOut>;

export const importJobsOut = z.array(importJobOut.omit({ errors: true }));
export type ImportJobSummary = z.infer<typeof importJobsOut>[number];

export const importMappingOut = z.object({ kind: z.enum(IMPORT_KINDS), mapping: importMappingSchema });

export const importRejectsOut = z.string().describe('CSV: row, reason, then the rejected row as in the file');
