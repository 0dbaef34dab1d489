import { describe, expect, it } from 'vitest';
import { STAMP_RULE_MSG, stampRuleError } from './stamps.js';

describe('the stamps precondition', () => {
  it('lets a draft or a cancelled invoice hold any number of stamps', () => {
    expect(stampRuleError('draft', 'Draft', 2, 0)).toBeNull();
    expect(stampRuleError('draft', 'Draft', 2, 5)).toBeNull();
    expect(stampRuleError('cancelled', 'Cancelled', 2, 0)).toBeNull();
  });

  it('needs exactly the need for every other status', () => {
    expect(stampRuleError('delivered', 'Delivered', 2, 2)).toBeNull();
    expect(stampRuleError('delivered', 'Delivered', 2, 0)).toBe(
      'This invoice needs 2 more TABC stamps before it can be Delivered',
    );
    expect(stampRuleError('payment_due_soon', 'Payment Due Soon', 3, 2)).toBe(
      'This invoice needs 1 more TABC stamp before it can be Payment Due Soon',
    );
    expect(stampRuleError('invoiced', 'Invoiced', 2, 3)).toBe(
      'This invoice has 1 more TABC stamp than its 2 liquor bottles need',
    );
    expect(stampRuleError('paid', 'Paid', 1, 3)).toBe(
      'This invoice has 2 more TABC stamps than its 1 liquor bottle needs',
    );
    expect(stampRuleError('invoiced', 'Invoiced', 0, 1)).toBe(STAMP_RULE_MSG.extra(1, 0));
    expect(STAMP_RULE_MSG.extra(1, 0)).toContain('1 more TABC stamp');
  });
});
