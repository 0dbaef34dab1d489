import { describe, expect, it } from 'vitest';
import { overpaymentNotice } from './overpayment.js';

describe('overpaymentNotice', () => {
  it.each([
    [9999, 540.63, '$9,999.00 is $9,458.37 more than the $540.63 owing: the rest stays as credit on the account'],
    ['100.01', '100', '$100.01 is $0.01 more than the $100.00 owing: the rest stays as credit on the account'],
    [50, 0, '$50.00 is $50.00 more than the $0.00 owing: the rest stays as credit on the account'],
    // an invoice overpaid before the rule owes nothing, never a negative amount
    [20, -15, '$20.00 is $20.00 more than the $0.00 owing: the rest stays as credit on the account'],
  ])('%s against %s owing', (amount, owing, notice) => {
    expect(overpaymentNotice(amount, owing)).toBe(notice);
  });

  it('says nothing up to what is owing', () => {
    expect(overpaymentNotice(540.63, 540.63)).toBeNull();
    expect(overpaymentNotice(10, 540.63)).toBeNull();
    expect(overpaymentNotice(0, 0)).toBeNull();
  });
});
