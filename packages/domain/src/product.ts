import { z } from 'zod';
import { PRODUCT_TYPES, PRODUCT_TYPE_CODES, type ProductType } from './constants.js';
import { roundMoney } from './money.js';

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
    `Product details are synchronised from ${pos}; only prices and reorder settings can be edited here`,
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

const upperText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .transform((v) => v.toUpperCase());

const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => {
    const s = v === null || v === undefined ? '' : String(v).trim();
    return s === '' ? null : s;
  });

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const money = (message: string, min: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: message })
      .refine((n) => Number.isFinite(n) && n >= min, { error: message })
      .transform((n) => roundMoney(n)),
  );

const optionalCount = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number({ error: message }).int({ error: message }).min(0, { error: message }).nullable(),
  );

const ymd = z
  .string({ error: PRODUCT_MSG.effectiveDateFormat })
  .trim()
  .transform((v) => v.slice(0, 10))
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), { error: PRODUCT_MSG.effectiveDateFormat });

const productShape = {
  product: upperText(PRODUCT_MSG.product),
  product_type: z.preprocess(
    (v) => (v === undefined || v === null ? v : normalizeProductType(v)),
    z
      .string({ error: PRODUCT_MSG.productType })
      .min(1, { error: PRODUCT_MSG.productType })
      .refine((v) => (PRODUCT_TYPES as readonly string[]).includes(v), { error: PRODUCT_MSG.productTypeOneOf }),
  ),
  product_size: upperText(PRODUCT_MSG.productSize),
  product_price: money(PRODUCT_MSG.productPrice, 0.01),
  last_purchase_price: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    money(PRODUCT_MSG.lastPurchasePrice, 0),
  ),
  upc: optionalText,
  internal_sku: optionalText,
  distributor: optionalText,
  reorder_level: optionalCount(PRODUCT_MSG.reorderLevel),
  reorder_qty: optionalCount(PRODUCT_MSG.reorderQty),
  reorder_time_in_days: optionalCount(PRODUCT_MSG.reorderTime),
  archived: z.boolean().default(false),
};

/** POST /product */
export const productCreateSchema = z.object({
  ...productShape,
  /** date from which the unit price applies; today when absent */
  effective_date: z.preprocess(blankToUndefined, ymd.optional()),
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
  ydk_product_id: optionalText,
  effective_date: z.preprocess(blankToUndefined, ymd.optional()),
  customerId: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
});
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdateValues = z.output<typeof productUpdateSchema>;

/** A numeric query longer than 5 digits is a UPC scan. */
export function isUpcQuery(query: string): boolean {
  return /^\d{6,}$/.test(query.trim());
}

export const PRODUCT_SEARCH_MIN_CHARS = 3;
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
