import { z } from 'zod';
import { fromCents, toCents } from './money.js';
import { blankToUndefined, boundedText, dbId, timestampOut } from './primitives.js';

/** A recorded price change of a product (null customer_id: applies to every customer). */
export interface PriceChangeLike {
  id?: number;
  new_price: number | string;
  effective_date: string;
  customer_id?: number | null;
}

export interface LastInvoicedPrice {
  price: number | string;
  /** the invoice date (YYYY-MM-DD) */
  invoiced_at: string;
}

export interface PriceInput {
  /** the product's stored unit price (products.product_price) */
  basePrice: number | string;
  /** YYYY-MM-DD, the business day in Texas */
  today: string;
  /** the customer the price is for; absent: the general price */
  customerId?: number | null;
  changes?: PriceChangeLike[];
  /**
   * The customer's tier percentage when tiered pricing is active (customers without a tier are on
   * the base tier); null or undefined: tiered pricing is off.
   */
  tierPercentage?: number | string | null;
  /** the customer's last invoice item of this product (not used with tiers) */
  lastInvoice?: LastInvoicedPrice | null;
}

export type PriceSource = 'base' | 'price_change' | 'customer_price_change' | 'tier' | 'last_invoice';

export interface ResolvedPrice {
  price: number;
  source: PriceSource;
}

/** Later effective date first, then the later recorded change. */
function latest(changes: PriceChangeLike[]): PriceChangeLike | undefined {
  let best: PriceChangeLike | undefined;
  for (const c of changes) {
    if (
      !best ||
      c.effective_date > best.effective_date ||
      (c.effective_date === best.effective_date && (c.id ?? 0) > (best.id ?? 0))
    )
      best = c;
  }
  return best;
}

/** Base plus the tier percentage, rounded half up to the cent. */
export function tierPrice(base: number | string, percentage: number | string): number {
  const cents = toCents(base);
  const basisPoints = toCents(percentage); // 10.5 % -> 1050
  const raw = cents * (10000 + basisPoints);
  const sign = raw < 0 ? -1 : 1;
  return fromCents(sign * Math.floor((Math.abs(raw) + 5000) / 10000));
}

/**
 * The one price rule, used by the server (suggestions, product lists) and the invoice builder.
 *
 * - Changes with an effective date after today do not apply yet.
 * - The general base is the latest due general change, else the stored unit price.
 * - A customer-specific change overrides when its effective date is the latest of the due
 *   changes (a later general change supersedes an older customer deal).
 * - With tiered pricing: base plus the tier percentage.
 * - Without tiers: the latest of the due price changes and the customer's last invoice item sets
 *   the price; on the same day a price change wins over the invoice.
 */
export function resolvePrice(input: PriceInput): ResolvedPrice {
  const due = (input.changes ?? []).filter((c) => c.effective_date <= input.today);
  const general = latest(due.filter((c) => c.customer_id === null || c.customer_id === undefined));
  const customer =
    input.customerId === null || input.customerId === undefined
      ? undefined
      : latest(due.filter((c) => c.customer_id === input.customerId));

  const hasCustomer = input.customerId !== null && input.customerId !== undefined;
  const tiered = hasCustomer && input.tierPercentage !== null && input.tierPercentage !== undefined;

  if (tiered) {
    if (customer && (!general || customer.effective_date >= general.effective_date))
      return { price: fromCents(toCents(customer.new_price)), source: 'customer_price_change' };
    const base = general ? toCents(general.new_price) : toCents(input.basePrice);
    const source: PriceSource = general ? 'price_change' : 'base';
    if (toCents(input.tierPercentage as number | string) === 0) return { price: fromCents(base), source };
    return { price: tierPrice(fromCents(base), input.tierPercentage as number | string), source: 'tier' };
  }

  // Latest date wins; on the same day a customer change beats a general one, which beats an invoice.
  const candidates: { date: string; rank: number; price: number | string; source: PriceSource }[] = [];
  if (general)
    candidates.push({ date: general.effective_date, rank: 1, price: general.new_price, source: 'price_change' });
  if (customer)
    candidates.push({
      date: customer.effective_date,
      rank: 2,
      price: customer.new_price,
      source: 'customer_price_change',
    });
  if (hasCustomer && input.lastInvoice)
    candidates.push({
      date: input.lastInvoice.invoiced_at,
      rank: 0,
      price: input.lastInvoice.price,
      source: 'last_invoice',
    });
  let best: (typeof candidates)[number] | undefined;
  for (const c of candidates) if (!best || c.date > best.date || (c.date === best.date && c.rank > best.rank)) best = c;
  if (best) return { price: fromCents(toCents(best.price)), source: best.source };
  return { price: fromCents(toCents(input.basePrice)), source: 'base' };
}

/** Antd tag colours a tier may take; green is left out (it reads as a status). */
export const PRICE_TIER_COLORS = [
  'blue',
  'geekblue',
  'purple',
  'magenta',
  'red',
  'volcano',
  'orange',
  'gold',
  'cyan',
] as const;

export const PRICE_TIER_DEFAULTS = { name: 'Tier 1', percentage: 10, color: 'blue' } as const;
export const BASE_TIER_DEFAULTS = { name: 'Base', percentage: 0, color: 'blue' } as const;

export const PRICE_TIER_MSG = {
  name: 'Tier name is required',
  percentage: 'Percentage must be a number between -100 and 1000 with at most 2 decimals',
  green: 'Green cannot be used as a tier color',
  color: `Color must be one of ${PRICE_TIER_COLORS.join(', ')}`,
  baseNotEditable: 'The base tier cannot be edited',
  baseNotRemovable: 'The base tier cannot be removed',
  onlyOne: 'A tier can be removed only when more than one tier exists',
  migrateSame: 'Choose another tier to move the customers to',
  notFound: 'Price tier not found',
  duplicate: (name: string) => `A price tier named ${name} already exists`,
} as const;

const tierName = boundedText('Tier name', 64, PRICE_TIER_MSG.name).trim().min(1, { error: PRICE_TIER_MSG.name });
const tierPercentage = z.coerce
  .number({ error: PRICE_TIER_MSG.percentage })
  .refine((n) => Number.isFinite(n) && n >= -100 && n <= 1000 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
    error: PRICE_TIER_MSG.percentage,
  });
const tierColor = z
  .string({ error: PRICE_TIER_MSG.color })
  .max(32, { error: PRICE_TIER_MSG.color })
  .transform((c) => c.trim().toLowerCase())
  .refine((c) => c !== 'green', { error: PRICE_TIER_MSG.green })
  .refine((c) => c === 'green' || (PRICE_TIER_COLORS as readonly string[]).includes(c), {
    error: PRICE_TIER_MSG.color,
  });

/** POST /product/price-tier (no body: a tier of the defaults). */
export const priceTierSchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    name: z.preprocess((v) => (v === undefined || v === null ? PRICE_TIER_DEFAULTS.name : v), tierName),
    percentage: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? PRICE_TIER_DEFAULTS.percentage : v),
      tierPercentage,
    ),
    color: z.preprocess((v) => (v === undefined || v === null || v === '' ? PRICE_TIER_DEFAULTS.color : v), tierColor),
  }),
);
export type PriceTierInput = z.input<typeof priceTierSchema>;
export type PriceTierValues = z.output<typeof priceTierSchema>;

/** PUT /product/price-tier/{id}: fields left out (or null/'') keep their stored values. */
export const priceTierPatchSchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    name: z.preprocess((v) => (v === null ? undefined : v), tierName.optional()),
    percentage: z.preprocess((v) => (v === null || v === '' ? undefined : v), tierPercentage.optional()),
    color: z.preprocess((v) => (v === null || v === '' ? undefined : v), tierColor.optional()),
  }),
);
export type PriceTierPatch = z.output<typeof priceTierPatchSchema>;

export const priceTierRemoveSchema = z.object({
  migrating_price_tier_id: z.preprocess(blankToUndefined, dbId('Price tier', PRICE_TIER_MSG.notFound).optional()),
});

// ---- answers ------------------------------------------------------------------------------------

export const priceTierOut = z.object({
  id: z.number(),
  name: z.string(),
  percentage: z.number(),
  color: z.string(),
  is_base_tier: z.boolean(),
  created_at: timestampOut,
});
export const priceTierWithCountOut = priceTierOut.extend({ customer_count: z.number() });
export const tierCustomerCountOut = z.object({ price_tier_id: z.number(), name: z.string(), count: z.number() });
export const priceTierRemovedOut = z.object({
  success: z.boolean(),
  id: z.number(),
  migrating_price_tier_id: z.number(),
  migrated_customers: z.number(),
});
