/**
 * Inventory: the contract of the inventory endpoints (grid, cell edit, restock, history,
 * distributors) and the pure stock rules the screens share.
 *
 * Decisions where the spec is silent:
 * - Oversold stock: an invoice may take an item below zero (the builder shows NEGATIVE and the
 *   sale happened); a grid edit may not set a negative count (it is a count of bottles on the
 *   shelf), so `qty` in PUT /inventory/{id} is a whole number from 0.
 * - Populate Restock takes the distributor's items with qty <= 0 ('out of stock').
 * - Inventory value counts stock on hand: max(qty, 0) x last_purchase_price.
 */
import { z } from 'zod';
import { gridQuery, gridResultOut } from './grid.js';
import {
  LIMITS,
  boundedInt,
  boundedText,
  dbId,
  moneyAmount,
  moneyOut,
  optionalQueryDay,
  productLabelShape,
  queryBool,
  timestampOut,
} from './primitives.js';

export const INVENTORY_MSG = {
  notNumber: (field: string) => `${field} must be a number`,
  notWhole: (field: string) => `${field} must be a whole number`,
  negative: (field: string) => `${field} must not be negative`,
  tooLarge: (field: string) => `${field} must be at most ${LIMITS.maxQty}`,
  unknownField: (field: string) => `Unknown field: ${field}`,
  noField: 'Send one field to update',
  distributorLength: 'Distributor must be at most 100 characters',
  notFound: 'Inventory item not found',
  featureOff: 'The inventory feature is not active',
  restockEmpty: 'Add at least one item to restock',
  restockTooMany: 'A restock takes at most 500 items',
  restockQty: 'quantity must be a whole number of at least 1',
  restockPrice: 'item cost must be at least 0',
  restockItem: (n: number, message: string) => `Item ${n}: ${message}`,
  productUnknown: 'product not found',
  productArchived: (name: string) => `${name} is archived`,
  restockRefused: 'Restock refused: fix the items listed',
  dateOrder: 'The start date must be on or before the end date',
  // screens
  invalidValue: 'Invalid value',
  updateError: 'Error updating inventory',
  exportError: 'Error exporting inventory',
  historyExportError: 'Error exporting inventory history',
  exportEmpty: 'No inventory found',
  emptyGrid: 'You have not created any inventory yet.',
  emptyHistory: 'No inventory records found.',
  noOutOfStock: 'No out of stock items found',
  quickEditOn: 'Quick edit mode enabled',
  restocked: (units: number, items: number) => `Restocking complete: Added ${units} units of ${items} items`,
} as const;

export const INVENTORY_LIMITS = {
  distributor: 100,
  refNumber: LIMITS.shortText,
  restockItems: 500,
  /** rows an export (ignoreLimit) answers at most */
  exportRows: 100_000,
  /** days of sales behind 'days of cover' */
  coverDays: 30,
} as const;

// ---- rules shared by server and screens ---------------------------------------------------------------

/** Reorder needed: qty at or under the reorder level (no level: never). */
export const isReorderNeeded = (qty: number, reorderLevel: number | null | undefined) =>
  reorderLevel !== null && reorderLevel !== undefined && qty <= reorderLevel;

/** The orange low-stock indication: qty under twice the reorder level. */
export const isLowStock = (qty: number, reorderLevel: number | null | undefined) =>
  reorderLevel !== null && reorderLevel !== undefined && qty < 2 * reorderLevel;

/** Days the stock lasts at the average daily sales of the last 30 days; null without sales. */
export function daysOfCover(qty: number, unitsSoldInWindow: number, windowDays: number = INVENTORY_LIMITS.coverDays) {
  if (!(unitsSoldInWindow > 0)) return null;
  if (qty <= 0) return 0;
  return Math.round((qty / (unitsSoldInWindow / windowDays)) * 10) / 10;
}

/** The quantity Populate Restock proposes: the reorder quantity, or 1 when unset. */
export const populateQty = (reorderQty: number | null | undefined) => (reorderQty && reorderQty > 0 ? reorderQty : 1);

// ---- PUT /inventory/{id} ----------------------------------------------------------------------------------

export const INVENTORY_NUMBER_FIELDS = ['qty', 'reorder_level', 'reorder_qty', 'reorder_time_in_days'] as const;
export const INVENTORY_EDIT_FIELDS = [...INVENTORY_NUMBER_FIELDS, 'distributor'] as const;
export type InventoryEditField = (typeof INVENTORY_EDIT_FIELDS)[number];

/** A grid cell's number: numeric text is taken, anything else is '{field} must be a number'. */
export function countField(field: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
    z
      .number({ error: INVENTORY_MSG.notNumber(field) })
      .finite(INVENTORY_MSG.notNumber(field))
      .int(INVENTORY_MSG.notWhole(field))
      .min(0, INVENTORY_MSG.negative(field))
      .max(LIMITS.maxQty, INVENTORY_MSG.tooLarge(field)),
  );
}

const distributorText = boundedText('Distributor', INVENTORY_LIMITS.distributor, 'Distributor must be text')
  .trim()
  .nullable();

/** `{field: value}`: exactly one of the editable fields. */
export const inventoryUpdateSchema = z
  .strictObject(
    {
      qty: countField('qty').optional(),
      reorder_level: countField('reorder_level').optional(),
      reorder_qty: countField('reorder_qty').optional(),
      reorder_time_in_days: countField('reorder_time_in_days').optional(),
      distributor: distributorText.optional(),
    },
    {
      error: (iss) => (iss.code === 'unrecognized_keys' ? INVENTORY_MSG.unknownField(iss.keys.join(', ')) : undefined),
    },
  )
  .refine((v) => Object.keys(v).length === 1, INVENTORY_MSG.noField);
export type InventoryUpdate = z.infer<typeof inventoryUpdateSchema>;

// ---- grid rows ----------------------------------------------------------------------------------------

export const inventoryProductSchema = z.object({
  ...productLabelShape,
  internal_sku: z.string().nullable(),
  last_purchase_price: moneyOut,
});

/** An item's count and restock settings (its editable fields), as the grid and the product page show them. */
export const inventoryLevelsShape = {
  qty: z.number(),
  distributor: z.string().nullable(),
  reorder_level: z.number().nullable(),
  reorder_qty: z.number().nullable(),
  reorder_time_in_days: z.number().nullable(),
};

export const inventoryItemSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  ...inventoryLevelsShape,
  reorder_needed: z.boolean().describe('qty <= reorder_level'),
  value: moneyOut.describe('max(qty, 0) x last_purchase_price'),
  days_of_cover: z
    .number()
    .nullable()
    .describe('qty / average daily units sold over the last 30 days; null without sales'),
  created_at: timestampOut,
  updated_at: timestampOut,
  product: inventoryProductSchema,
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** The grid's paging and models, plus ignoreLimit: every filtered row (for the export). */
export const inventoryGridQuerySchema = gridQuery({ ignoreLimit: queryBool });
export type InventoryGridQuery = z.output<typeof inventoryGridQuerySchema>;

export const inventoryGridResponseSchema = z.object({
  rows: z.array(inventoryItemSchema),
  count: z.number(),
  total_value: moneyOut.describe('inventory value of every filtered row'),
});
export type InventoryGridResponse = z.infer<typeof inventoryGridResponseSchema>;

// ---- PUT /inventory (restock) ---------------------------------------------------------------------------

export const restockItemSchema = z.object({
  product_id: dbId('product_id'),
  qty: boundedInt('Quantity', 1, LIMITS.maxQty, INVENTORY_MSG.restockQty),
  unit_price: moneyAmount('Item cost', INVENTORY_MSG.restockPrice).refine((v) => v >= 0, INVENTORY_MSG.restockPrice),
  on_deal: z.boolean({ error: 'on deal must be true or false' }).default(false),
});
export type RestockItem = z.infer<typeof restockItemSchema>;

/**
 * Each item is checked on its own so the 400 names every bad item ('Item 2: quantity must be...'),
 * not just the first.
 */
const restockItems = z
  .array(z.unknown(), { error: INVENTORY_MSG.restockEmpty })
  .min(1, INVENTORY_MSG.restockEmpty)
  .max(INVENTORY_LIMITS.restockItems, INVENTORY_MSG.restockTooMany)
  .superRefine((items, ctx) => {
    items.forEach((item, i) => {
      const r = restockItemSchema.safeParse(item);
      if (r.success) return;
      for (const message of new Set(r.error.issues.map((x) => x.message)))
        ctx.addIssue({ code: 'custom', path: [i], message: INVENTORY_MSG.restockItem(i + 1, message) });
    });
  })
  .transform((items) => items.map((item) => restockItemSchema.parse(item)))
  .meta({ description: 'items: [{product_id, qty (whole, >= 1), unit_price (>= 0), on_deal}]' });

const optionalText = (label: string, max: number) =>
  boundedText(label, max)
    .trim()
    .nullish()
    .transform((v) => v || null);

export const restockRequestSchema = z.object({
  items: restockItems,
  ref_number: optionalText('PO/Invoice/Reference Number', INVENTORY_LIMITS.refNumber),
  distributor: optionalText('Distributor', INVENTORY_LIMITS.distributor),
});
export type RestockRequest = z.input<typeof restockRequestSchema>;
export type RestockValues = z.output<typeof restockRequestSchema>;

export const restockedItemSchema = z.object({
  id: z.number().describe('the inventory item'),
  product_id: z.number(),
  product: z.string(),
  product_size: z.string(),
  added: z.number(),
  qty: z.number().describe('the new quantity'),
});
export const restockResponseSchema = z.array(restockedItemSchema);
export type RestockedItem = z.infer<typeof restockedItemSchema>;

// ---- history ---------------------------------------------------------------------------------------------

export const INVENTORY_SOURCES = ['manual', 'restock', 'invoice', 'import', 'credit_memo'] as const;
export type InventorySource = (typeof INVENTORY_SOURCES)[number];

export const historyGridQuerySchema = gridQuery({
  ignoreLimit: queryBool,
  dateFrom: optionalQueryDay('Date from'),
  dateTo: optionalQueryDay('Date to'),
}).refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, INVENTORY_MSG.dateOrder);
export type HistoryGridQuery = z.output<typeof historyGridQuerySchema>;

export const historyRowSchema = z.object({
  id: z.number(),
  created_at: timestampOut,
  inventory_id: z.number(),
  product_id: z.number().nullable(),
  product: z.string().nullable(),
  product_size: z.string().nullable(),
  qty: z.number().describe('positive added, negative subtracted'),
  source: z.string(),
  ref_number: z.string().nullable().describe('restock reference, or the invoice number'),
  invoice_id: z.number().nullable(),
  unit_price: z.number().nullable(),
  on_deal: z.boolean(),
  user: z.string().nullable(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

export const historyGridResponseSchema = gridResultOut(historyRowSchema);
export type HistoryGridResponse = z.infer<typeof historyGridResponseSchema>;

export const distributorsResponseSchema = z.array(z.string());
