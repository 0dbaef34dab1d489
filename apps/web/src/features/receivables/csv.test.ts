import { describe, expect, it } from 'vitest';
import { agingCsv } from './csv';

describe('agingCsv', () => {
  it('writes a line per customer and the totals, and defuses formulas', () => {
    const row = {
      customer_id: 1,
      customer: '=HYPERLINK("x")',
      invoices: 2,
      current: 1,
      d1_30: 2.5,
      d31_60: 0,
      d61_90: 0,
      over_90: 0,
      total: 3.5,
    };
    const csv = agingCsv([row], { ...row, invoices: 2 });
    expect(csv.split('\r\n')).toEqual([
      'Customer,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Total',
      `"'=HYPERLINK(""x"")",1.00,2.50,0.00,0.00,0.00,3.50`,
      'Total,1.00,2.50,0.00,0.00,0.00,3.50',
    ]);
  });
});
