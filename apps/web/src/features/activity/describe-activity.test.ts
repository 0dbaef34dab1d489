import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-page';

describe('activity text', () => {
  it('says a refused sign-in failed instead of "Signed in" (issue 36)', () => {
    const row = { module: 'AUTH', type: 'SIGN_IN', info: {}, user: 'Rosa' };
    expect(describeActivity({ ...row, success: true })).toBe('Signed in · auth — by Rosa');
    expect(describeActivity({ ...row, success: false })).toBe('Sign-in failed · auth — by Rosa');
    expect(describeActivity({ ...row, type: 'UPDATE', module: 'INVOICE', success: false })).toBe(
      'Failed: updated · invoice — by Rosa',
    );
  });
});
