import { describe, expect, it } from 'vitest';
import { type PriceInput, priceTierSchema, PRICE_TIER_MSG, resolvePrice, tierPrice } from './pricing.js';

const today = '2026-03-10';
const g = (id: number, new_price: string, effective_date: string) => ({
  id,
  new_price,
  effective_date,
  customer_id: null,
});
const c = (id: number, customer_id: number, new_price: string, effective_date: string) => ({
  id,
  new_price,
  effective_date,
  customer_id,
});

/** A price asked for customer 7 of a product stored at 18.99. */
const customer7 = (fields: Partial<PriceInput>): PriceInput => ({
  basePrice: '18.99',
  today,
  customerId: 7,
  ...fields,
});
const march5Invoice = { price: '19.10', invoiced_at: '2026-03-05' };

describe('resolvePrice', () => {
  const cases: [string, PriceInput, number, string][] = [
    ['no changes: the stored price', { basePrice: '18.99', today }, 18.99, 'base'],
    [
      'no customer: the stored price',
      { basePrice: 18.99, today, lastInvoice: { price: '5', invoiced_at: today } },
      18.99,
      'base',
    ],
    [
      'a past general change sets the base',
      { basePrice: '18.99', today, changes: [g(1, '20.00', '2026-03-01')] },
      20,
      'price_change',
    ],
    [
      'a change effective today applies',
      { basePrice: '18.99', today, changes: [g(1, '21.50', today)] },
      21.5,
      'price_change',
    ],
    [
      'a future change does not apply yet',
      { basePrice: '18.99', today, changes: [g(1, '25.00', '2026-03-11')] },
      18.99,
      'base',
    ],
    [
      'the latest due change wins over an older one and a future one',
      {
        basePrice: '18.99',
        today,
        changes: [g(1, '19.00', '2026-01-01'), g(2, '19.50', '2026-02-01'), g(3, '30', '2026-04-01')],
      },
      19.5,
      'price_change',
    ],
    [
      'same effective date: the later recorded change',
      { basePrice: '18.99', today, changes: [g(2, '19.75', '2026-02-01'), g(1, '19.25', '2026-02-01')] },
      19.75,
      'price_change',
    ],
    [
      'a customer change applies to that customer only',
      customer7({ changes: [c(1, 8, '15.00', '2026-03-01')] }),
      18.99,
      'base',
    ],
    [
      'a customer change with the latest date overrides',
      customer7({ changes: [g(1, '20.00', '2026-02-01'), c(2, 7, '17.00', '2026-03-01')] }),
      17,
      'customer_price_change',
    ],
    [
      'a later general change supersedes an older customer deal',
      customer7({ changes: [c(1, 7, '17.00', '2026-02-01'), g(2, '20.00', '2026-03-01')] }),
      20,
      'price_change',
    ],
    [
      'a future customer change does not apply yet',
      customer7({ changes: [c(1, 7, '12.00', '2026-03-20')] }),
      18.99,
      'base',
    ],
    [
      'the last invoice item sets the price when it is later than the changes',
      customer7({ changes: [g(1, '20.00', '2026-02-01')], lastInvoice: march5Invoice }),
      19.1,
      'last_invoice',
    ],
    [
      'a price change after the last invoice wins',
      customer7({ changes: [g(1, '20.00', '2026-03-06')], lastInvoice: march5Invoice }),
      20,
      'price_change',
    ],
    [
      'on the same day a price change beats the invoice',
      customer7({ changes: [g(1, '20.00', '2026-03-05')], lastInvoice: march5Invoice }),
      20,
      'price_change',
    ],
    [
      'last invoice without any change',
      customer7({ lastInvoice: { price: '16.00', invoiced_at: '2025-12-01' } }),
      16,
      'last_invoice',
    ],
    [
      'a future general change leaves the last invoice in force',
      customer7({ changes: [g(1, '22', '2026-04-01')], lastInvoice: { price: '16.00', invoiced_at: '2025-12-01' } }),
      16,
      'last_invoice',
    ],
    ['tier: base plus percentage', { basePrice: '20.00', today, customerId: 7, tierPercentage: 10 }, 22, 'tier'],
    ['tier: rounded to the cent', customer7({ tierPercentage: '7.5' }), 20.41, 'tier'],
    ['tier: negative percentage', customer7({ tierPercentage: -10 }), 17.09, 'tier'],
    ['base tier (0 %): the base price', customer7({ tierPercentage: 0 }), 18.99, 'base'],
    [
      'tier: applies over the latest due general change and ignores the last invoice',
      customer7({
        tierPercentage: 10,
        changes: [g(1, '30.00', '2026-03-01'), g(2, '50', '2026-05-01')],
        lastInvoice: { price: '1', invoiced_at: today },
      }),
      33,
      'tier',
    ],
    [
      'tier: a customer change with the latest date overrides',
      customer7({ tierPercentage: 10, changes: [g(1, '30.00', '2026-03-01'), c(2, 7, '25.00', '2026-03-02')] }),
      25,
      'customer_price_change',
    ],
    [
      'tier: an older customer change is superseded',
      customer7({ tierPercentage: 10, changes: [c(1, 7, '25.00', '2026-02-01'), g(2, '30.00', '2026-03-01')] }),
      33,
      'tier',
    ],
  ];
  it.each(cases)('%s', (_name, input, price, source) => {
    expect(resolvePrice(input)).toEqual({ price, source });
  });
});

describe('tierPrice', () => {
  it.each([
    ['10.00', 10, 11],
    ['0.05', 10, 0.06],
    ['0.04', 10, 0.04],
    ['99.99', 12.5, 112.49],
    ['33.33', 33.33, 44.44],
  ] as const)('%s + %s %% = %s', (base, pct, out) => {
    expect(tierPrice(base, pct)).toBe(out);
  });
});

describe('priceTierSchema', () => {
  it('defaults to Tier 1 at 10 percent', () => {
    expect(priceTierSchema.parse({})).toEqual({ name: 'Tier 1', percentage: 10, color: 'blue' });
  });
  it.each([
    [{ color: 'green' }, PRICE_TIER_MSG.green],
    [{ color: 'GREEN' }, PRICE_TIER_MSG.green],
    [{ color: 'pink' }, PRICE_TIER_MSG.color],
    [{ name: '  ' }, PRICE_TIER_MSG.name],
    [{ percentage: 'x' }, PRICE_TIER_MSG.percentage],
    [{ percentage: 10.555 }, PRICE_TIER_MSG.percentage],
    [{ percentage: -101 }, PRICE_TIER_MSG.percentage],
  ])('%j is refused', (input, message) => {
    const r = priceTierSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(message);
  });
});
