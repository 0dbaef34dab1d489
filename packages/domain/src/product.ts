import { z } from 'zod';
import { PRODUCT_TYPES, PRODUCT_TYPE_CODES, type ProductType } from './constants.js';
import { roundMoney } from './money.js';
import { gridAnswer, gridQuery } from './grid.js';
import { inventoryLevelsShape } from './inventory.js';
import {
  blankToUndefined,
  boundedText,
  dbId,
  invoiceRefShape,
  LIMITS,
  moneyOut,
  optionalQueryDay,
  queryBool,
  timestampOut,
} from './primitives.js';

export const PRODUCT_MSG = {
  product: 'Product name is required',
  productType: 'Product type is required',
  productTypeOneOf: 'Product type must be one of LIQUOR, WINE, BEER or N/A',
  productSize: 'Product size is required',
  productPrice: 'Unit price is required and must be at least 0.01',
  lastPurchasePrice: 'Last purchase price must be at least 0',
  effectiveDate: 'Price effective date must be today or later',
  effectiveDateFormat: 'Price effective date must be a date (YYYY-MM-DD)',
  reorderLevel: 'Reorder level must be a whole number of at least 0',
  reorderQty: 'Reorder quantity must be a whole number of at least 0',
  reorderTime: 'Reorder time in days must be a whole number of at least 0',
  customer: 'Customer not found',
  duplicate: (name: string, size: string) => `Product ${name} ${size} already exists`,
  posCreate: (pos: string) => `Products are synchronised from ${pos}; create new products in ${pos}`,
  posField: (pos: string) =>
    pos === 'Bottle POS'
      ? `Product details are synchronised from ${pos}; only prices can be edited here`
      : `Product details are synchronised from ${pos}; only prices and reorder settings can be edited here`,
  posPricing: (pos: string) => `Prices are synchronised from ${pos} and cannot be edited here`,
  deleteInvoiced: 'This product has been invoiced and cannot be deleted; archive it instead',
  deleteBottlePos: 'Products cannot be deleted while Bottle POS is active',
  notFound: 'Product not found',
} as const;

/** Accepts a type name or its code (DS, W, B, N), any case. */
export function normalizeProductType(value: unknown): ProductType | string {
  const s = String(value ?? '')
    .trim()
    .toUpperCase();
  const byCode = (Object.entries(PRODUCT_TYPE_CODES) as [ProductType, string][]).find(([, code]) => code === s);
  return byCode ? byCode[0] : s;
}

const upperText = (message: string, label: string, max: number) =>
  boundedText(label, max, message)
    .trim()
    .min(1, { error: message })
    .transform((v) => v.toUpperCase());

const optionalText = (label: string, max: number = LIMITS.shortText) =>
  z
    .union([boundedText(label, max), z.number().finite()])
    .nullish()
    .transform((v) => {
      const s = v === null || v === undefined ? '' : String(v).trim();
      return s === '' ? null : s;
    });

const money = (message: string, min: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: message })
      .refine((n) => Number.isFinite(n) && n >= min, { error: message })
      .refine((n) => n <= LIMITS.maxMoney, { error: `${message} and at most ${LIMITS.maxMoney}` })
      .transform((n) => roundMoney(n)),
  );

const optionalCount = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .min(0, { error: message })
      .max(LIMITS.maxId, { error: message })
      .nullable(),
  );

/** a real calendar day 1900..2100; a timestamp counts as its day in Texas */
const effectiveDate = optionalQueryDay('Price effective date', PRODUCT_MSG.effectiveDateFormat);

const productShape = {
  product: upperText(PRODUCT_MSG.product, 'Product name', LIMITS.shortText),
  product_type: z.preprocess(
    (v) => (v === undefined || v === null ? v : typeof v === 'string' && v.length > 16 ? v : normalizeProductType(v)),
    z
      .string({ error: PRODUCT_MSG.productType })
      .min(1, { error: PRODUCT_MSG.productType })
      .refine((v) => (PRODUCT_TYPES as readonly string[]).includes(v), { error: PRODUCT_MSG.productTypeOneOf }),
  ),
  product_size: upperText(PRODUCT_MSG.productSize, 'Product size', 32),
  product_price: money(PRODUCT_MSG.productPrice, 0.01),
  last_purchase_price: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    money(PRODUCT_MSG.lastPurchasePrice, 0),
  ),
  upc: optionalText('UPC', 32),
  internal_sku: optionalText('Internal SKU', 64),
  distributor: optionalText('Distributor'),
  reorder_level: optionalCount(PRODUCT_MSG.reorderLevel),
  reorder_qty: optionalCount(PRODUCT_MSG.reorderQty),
  reorder_time_in_days: optionalCount(PRODUCT_MSG.reorderTime),
  archived: z.boolean().default(false),
};

/** POST /product */
export const productCreateSchema = z.object({
  ...productShape,
  /** date from which the unit price applies; today when absent */
  effective_date: effectiveDate,
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreateValues = z.output<typeof productCreateSchema>;

/**
 * PUT /product/{id}: the stored product merged with the body is validated with these rules.
 * `customerId` scopes a price change to one customer; `effective_date` schedules it.
 * Decision: the spec says ydk_product_id is required on update; products created here have no
 * product-sync id, so the key is accepted (and kept when absent) but may be null.
 */
export const productUpdateSchema = z.object({
  ...productShape,
  ydk_product_id: optionalText('YDK product id'),
  effective_date: effectiveDate,
  customerId: z.preprocess(blankToUndefined, dbId('Customer', PRODUCT_MSG.customer).optional()),
});
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdateValues = z.output<typeof productUpdateSchema>;

/**
 * The PUT /product/{id} body: every field optional (a key left out keeps its stored value; the
 * archive switch sends only `archived`). Each field present follows the product rules.
 */
export const productPatchSchema = z.object({
  product: productShape.product.optional(),
  product_type: productShape.product_type.optional(),
  product_size: productShape.product_size.optional(),
  product_price: productShape.product_price.optional(),
  last_purchase_price: z.preprocess(
    (v) => (v === '' || v === null ? 0 : v),
    money(PRODUCT_MSG.lastPurchasePrice, 0).optional(),
  ),
  upc: productShape.upc.optional(),
  internal_sku: productShape.internal_sku.optional(),
  distributor: productShape.distributor.optional(),
  reorder_level: productShape.reorder_level.optional(),
  reorder_qty: productShape.reorder_qty.optional(),
  reorder_time_in_days: productShape.reorder_time_in_days.optional(),
  archived: z.boolean().optional(),
  ydk_product_id: productUpdateSchema.shape.ydk_product_id.optional(),
  effective_date: productUpdateSchema.shape.effective_date,
  customerId: productUpdateSchema.shape.customerId,
  /** the same as customerId (older clients) */
  customer_id: productUpdateSchema.shape.customerId,
});
export type ProductPatch = z.output<typeof productPatchSchema>;

/** A numeric query longer than 5 digits is a UPC scan. */
export function isUpcQuery(query: string): boolean {
  return /^\d{6,}$/.test(query.trim());
}

export { PRODUCT_SEARCH_MIN_CHARS } from './constants.js';
export const PRODUCT_SUGGESTION_LIMIT = 20;

/** Words of a search query as safe prefix terms for to_tsquery('simple', ...). */
export function searchTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

export function productLabel(p: { product: string; product_type?: string; product_size?: string }): string {
  return `${p.product} (${[p.product_type, p.product_size].filter(Boolean).join(' ')})`;
}

// ---- queries ------------------------------------------------------------------------------------

/** An optional id in a query ('', 'null' and 'undefined' are absent: the web sends them so). */
const queryId = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === 'null' || v === 'undefined' ? undefined : v),
    dbId(label).optional(),
  );

/** A list as repeated parameters, a comma list or a JSON array. */
const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return [];
    const parts = Array.isArray(v) ? v : [v];
    return parts
      .flatMap((p) => {
        const s = String(p).trim();
        if (s.startsWith('[')) {
          try {
            return (JSON.parse(s) as unknown[]).map(String);
          } catch {
            return [s];
          }
        }
        return s.split(',');
      })
      .map((s) => s.trim())
      .filter(Boolean);
  }, z.array(item).max(1000));

/** GET /product */
export const productListQuerySchema = z.object({
  dateFrom: optionalQueryDay('dateFrom', 'Dates must be YYYY-MM-DD'),
  dateTo: optionalQueryDay('dateTo', 'Dates must be YYYY-MM-DD'),
  customerId: queryId('customerId'),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** GET /product/grid: `archived=1|true` shows the archived products (unless the grid filters it). */
export const productGridQuerySchema = gridQuery({ archived: queryBool });

/** GET /product/suggestions */
export const suggestionQuerySchema = z.object({
  query: boundedText('Query', 100).default(''),
  customerId: queryId('customerId'),
  excludingProductIds: listParam(dbId('excludingProductIds', 'excludingProductIds must be product ids')),
  excludingSourceProductIds: listParam(boundedText('excludingSourceProductIds', 64)),
  distributor: boundedText('Distributor').trim().optional(),
});
export type SuggestionQuery = z.output<typeof suggestionQuerySchema>;

export const recommendationQuerySchema = z.object({ customerId: dbId('customerId') });

// ---- answers ------------------------------------------------------------------------------------

/** A product's name, prices and codes, as the product answers and the recommendations carry them. */
const productCoreOutShape = {
  id: z.number(),
  product: z.string(),
  product_type: z.string(),
  product_size: z.string(),
  product_price: moneyOut,
  last_purchase_price: moneyOut,
  upc: z.string().nullable(),
  internal_sku: z.string().nullable(),
};

/** A product as the API answers it: money and numeric columns as numbers. */
export const productOut = z.object({
  ...productCoreOutShape,
  effective_date: z.string().nullable(),
  archived: z.boolean(),
  reorder_level: z.number().nullable(),
  reorder_qty: z.number().nullable(),
  reorder_time_in_days: z.number().nullable(),
  distributor: z.string().nullable(),
  ydk_product_id: z.string().nullable(),
  units_sold: z.number(),
  amount_sold: z.number(),
  created_at: timestampOut,
  updated_at: timestampOut,
  /** inventory quantity (null without an inventory record); in the grid, list and detail */
  stock: z.number().nullable().optional(),
  /** created by a POS sync and not yet saved by staff: not in the shop ("New from Bottle POS") */
  pos_new: z.boolean(),
  /** the POS partner that lists it ('bottle_pos', 'clover'), or null */
  pos_source: z.string().nullable(),
});
export const productGridOut = gridAnswer(productOut);

/** GET /product rows: with a date range the sales totals, with a customer that customer's price. */
export const productListOut = z.object({
  rows: z.array(
    productOut.extend({
      total_qty: z.number().optional(),
      total_amount: z.number().optional(),
      total_invoices: z.number().optional(),
      price: z.number().optional(),
    }),
  ),
});

export const productDetailOut = productOut.extend({
  priceChanges: z.array(
    z.object({
      id: z.number(),
      old_price: moneyOut,
      new_price: moneyOut,
      effective_date: z.string(),
      created_at: timestampOut,
      customer_id: z.number().nullable(),
      customer_name: z.string().nullable(),
      /** who changed it: 'user', 'bottle_pos', 'clover' or 'import' */
      source: z.string(),
      /** the buying price before and after, when the change moved it (a POS sync) */
      old_cost: moneyOut.nullable(),
      new_cost: moneyOut.nullable(),
    }),
  ),
  invoices: z.array(
    z.object({
      ...invoiceRefShape,
      invoiced_at: z.string(),
      customer_id: z.number(),
      customer_name: z.string().nullable(),
      qty: z.number(),
      price: moneyOut,
      total: moneyOut,
    }),
  ),
  invoice_count: z.number(),
  inventory: z
    .object({
      id: z.number(),
      ...inventoryLevelsShape,
      reorder_needed: z.boolean(),
      inventoryHistory: z.array(
        z.object({
          id: z.number(),
          qty: z.number(),
          created_at: timestampOut,
          source: z.string(),
          ref_number: z.string().nullable(),
          invoice_id: z.number().nullable(),
          invoice: z.number().nullable(),
          beer: z.boolean().nullable(),
          on_deal: z.boolean(),
          unit_price: z.number().nullable(),
        }),
      ),
    })
    .nullable(),
});

/** Documented answer of GET /product/suggestions; the invoice builder reads exactly these names. */
export const suggestionOut = z.object({
  id: z.number(),
  product: z.string(),
  product_type: z.string(),
  product_size: z.string(),
  product_price: z.number().describe('stored unit (list) price'),
  last_purchase_price: z.number(),
  upc: z.string().nullable(),
  internal_sku: z.string().nullable(),
  distributor: z.string().nullable(),
  reorder_level: z.number().nullable(),
  reorder_qty: z.number().nullable(),
  ydk_product_id: z.string().nullable(),
  price: z.number().describe('price resolved for customerId (tier, price changes, last invoice)'),
  stock: z.number().nullable().describe('inventory quantity, null without an inventory record'),
  scanned: z.boolean().describe('the query was a UPC scan matching this product'),
});

export const recommendationOut = z.object({
  recommendation: z.array(
    z.object({
      ...productCoreOutShape,
      price: z.number(),
      stock: z.number().nullable(),
      total_qty: z.number(),
      invoice_count: z.number(),
      last_invoiced_at: z.string(),
    }),
  ),
});

export const productDeletedOut = z.object({ success: z.boolean(), id: z.number() });
