import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES } from './constants.js';
import { stampNeed, stampStatusProblem } from './stamps.js';

describe('stampStatusProblem: stamps are a precondition of every status but draft and cancelled', () => {
  it.each([
    [2, 0, 'delivered', 'This invoice needs 2 more TABC stamps before it can be Delivered'],
    [3, 2, 'invoiced', 'This invoice needs 1 more TABC stamp before it can be Invoiced'],
    [2, 5, 'paid', 'This invoice has 3 extra TABC stamps: it needs exactly 2 before it can be Paid'],
    [
      2,
      3,
      'payment_due_soon',
      'This invoice has 1 extra TABC stamp: it needs exactly 2 before it can be Payment Due Soon',
    ],
    [0, 1, 'delivered', 'This invoice has 1 extra TABC stamp: it needs exactly 0 before it can be Delivered'],
  ])('need %i, assigned %i, %s', (need, assigned, status, message) => {
    expect(stampStatusProblem(need, assigned, status)).toBe(message);
  });

  it('lets draft and cancelled hold any number of stamps', () => {
    for (const status of ['draft', 'cancelled'])
      for (const [need, assigned] of [
        [2, 0],
        [0, 3],
        [4, 9],
      ])
        expect(stampStatusProblem(need, assigned, status)).toBeNull();
  });

  it('lets every status hold exactly its need', () => {
    for (const status of INVOICE_STATUSES) {
      expect(stampStatusProblem(0, 0, status)).toBeNull();
      expect(stampStatusProblem(7, 7, status)).toBeNull();
    }
  });

  it('counts the need from liquor lines with a positive quantity', () => {
    const need = stampNeed([
      { product_type: 'LIQUOR', qty: 2 },
      { product_type: 'LIQUOR', qty: -1 },
      { product_type: 'WINE', qty: 4 },
    ]);
    expect(stampStatusProblem(need, 0, 'delivered')).toContain('2 more TABC stamps');
  });
});
