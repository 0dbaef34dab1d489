import { describe, expect, it } from 'vitest';
import { ZIP_MSG } from './primitives.js';
import {
  CUSTOMER_MSG,
  accessLabel,
  buildTabcId,
  customerSchema,
  customerUserActions,
  invitationSchema,
  isPermitCode,
  normalizeTabcId,
  permitLine,
  permitWarnings,
  tabcExpiration,
} from './customer.js';

const base = { name: 'Bar', address: '1 Main St', city: 'Austin', zip: '78701', tabc_id: 'MB123456' };
const messages = (input: unknown) => {
  const r = customerSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('permit line', () => {
  it("reads 'TABC Permit: <id>', and '-' for a party without one", () => {
    expect(permitLine('MB100234')).toBe('TABC Permit: MB100234');
    expect(permitLine(' LP-123456 ')).toBe('TABC Permit: LP-123456');
    for (const none of ['', '  ', null, undefined]) expect(permitLine(none)).toBe('TABC Permit: -');
  });
});

describe('TABC id rule', () => {
  it.each([
    [{ aims_license_type: 'MB', aims_id: 100234, tabc_id: '' }, 'MB100234'],
    [{ aims_license_type: 'mb', aims_id: '100234', tabc_id: 'XX000000' }, 'MB100234'],
    [{ aims_license_type: 'MB', aims_id: 0, tabc_id: 'N-123456' }, 'N-123456'],
    [{ aims_license_type: '', aims_id: 5, tabc_id: 'mb654321' }, 'MB654321'],
    [{ aims_license_type: 'MB', aims_id: null, tabc_id: 'BG111111' }, 'BG111111'],
    [{ aims_license_type: null, aims_id: null, tabc_id: null }, ''],
  ])('%j -> %s', (input, expected) => expect(buildTabcId(input)).toBe(expected));

  it.each([
    ['MB123456', true],
    ['MB-123456', true],
    ['mb123456', true],
    ['M123456', false],
    ['MB12345', false],
    ['MB1234567', false],
    ['MB--123456', false],
    ['12-123456', false],
  ])('permit code %s valid: %s', (code, ok) => expect(isPermitCode(code)).toBe(ok));

  it('normalises permit codes for matching', () => expect(normalizeTabcId(' mb-123456 ')).toBe('MB123456'));
});

describe('customer schema', () => {
  it('requires the address fields and the TABC id, and defaults the state to TX', () => {
    expect(messages({})).toEqual(
      expect.arrayContaining([CUSTOMER_MSG.name, CUSTOMER_MSG.address, CUSTOMER_MSG.city, CUSTOMER_MSG.zip]),
    );
    const ok = customerSchema.parse({ ...base, state: '' });
    expect(ok.state).toBe('TX');
    expect(messages({ ...base, tabc_id: '' })).toEqual([CUSTOMER_MSG.tabcId]);
  });
  it('checks the permit format only when the id is not built from AIMS', () => {
    expect(messages({ ...base, tabc_id: 'ABC' })).toEqual([CUSTOMER_MSG.tabcFormat]);
    expect(customerSchema.parse({ ...base, tabc_id: '', aims_license_type: 'N', aims_id: 102977 }).tabc_id).toBe(
      'N102977',
    );
  });
  it('validates the contact email only when given', () => {
    expect(messages({ ...base, contact_email: 'nope' })).toEqual([CUSTOMER_MSG.contactEmail]);
    expect(messages({ ...base, contact_email: '' })).toEqual([]);
    expect(messages({ ...base, contact_email: 'buyer@bar.com' })).toEqual([]);
  });
  it('needs a fintech id while the fintech option is on', () => {
    expect(messages({ ...base, fintech_option: true })).toEqual([CUSTOMER_MSG.fintechId]);
    expect(messages({ ...base, fintech_option: true, fintech_id: 'R-1' })).toEqual([]);
    expect(messages({ ...base, fintech_option: false })).toEqual([]);
  });
});

describe('invitation schema', () => {
  const inv = (values: object) => invitationSchema.safeParse({ values, customer: 1 });
  it.each([
    [{ name: 'Al', email: 'a@b.co' }, CUSTOMER_MSG.invitationName],
    [{ name: 'x'.repeat(41), email: 'a@b.co' }, CUSTOMER_MSG.invitationName],
    [{ name: 'Alice', email: 'nope' }, CUSTOMER_MSG.invitationEmail],
    [{ name: 'Alice', email: '' }, CUSTOMER_MSG.invitationEmail],
  ])('%j -> %s', (values, msg) => {
    const r = inv(values);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(msg);
  });
  it('accepts 3 to 40 characters and an optional tabc_id', () => {
    expect(inv({ name: 'Ali', email: 'A@B.CO' }).data?.values).toEqual({ name: 'Ali', email: 'a@b.co', tabc_id: null });
    expect(inv({ name: 'x'.repeat(40), email: 'a@b.co', tabc_id: 'MB123456' }).success).toBe(true);
  });
});

describe('permit expiry', () => {
  const today = '2026-03-01';
  it.each([
    ['2026-02-28', true, -1, ['expired']],
    ['2026-03-01', false, 0, ['expiring']],
    ['2026-03-30', false, 29, ['expiring']],
    ['2026-03-31', false, 30, []],
    [null, false, null, []],
  ])('expires %s', (exp, isExpired, days, levels) => {
    const info = tabcExpiration('MB123456', exp, null, today);
    expect(info.isExpired).toBe(isExpired);
    expect(info.expiringInDays).toBe(days);
    expect(permitWarnings(info).map((w) => w.level)).toEqual(levels);
  });
  it('warns about the delinquent list', () => {
    const info = tabcExpiration('MB123456', '2027-01-01', '2026-02-01', today);
    expect(info.delinquency).toEqual({ effective_date: '2026-02-01' });
    expect(permitWarnings(info)).toEqual([{ level: 'delinquent', text: 'MB123456 is on the TABC delinquent list' }]);
  });
});

describe('customer user access', () => {
  it.each([
    [{ is_enable: true, revoked: false }, 'Enabled', ['disable', 'revoke']],
    [{ is_enable: false, revoked: false }, 'Disabled', ['enable', 'revoke']],
    [{ is_enable: true, revoked: true }, 'Revoked', ['reactivate']],
    [{ is_enable: false, revoked: true }, 'Revoked', ['reactivate']],
  ])('%j', (u, label, actions) => {
    expect(accessLabel(u)).toBe(label);
    expect(customerUserActions(u)).toEqual(actions);
  });
});

describe('zip', () => {
  it('takes 5 digits or ZIP+4 and refuses anything else with one clear message', () => {
    for (const zip of ['78701', '78701-1234', '787011234'])
      expect(customerSchema.safeParse({ ...base, zip }).success, zip).toBe(true);
    for (const zip of ['7870', '787012', 'TX 78701', '78701-12']) {
      const r = customerSchema.safeParse({ ...base, zip });
      expect(r.success, zip).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([ZIP_MSG]);
    }
    const empty = customerSchema.safeParse({ ...base, zip: '' });
    expect(empty.error?.issues.map((i) => i.message)).toEqual([CUSTOMER_MSG.zip]);
  });
});

describe('credit limit', () => {
  it('refuses a negative limit instead of making it 0; empty is no limit', () => {
    const neg = customerSchema.safeParse({ ...base, credit_limit: -5 });
    expect(neg.success).toBe(false);
    expect(neg.error?.issues.map((i) => i.message)).toEqual(['Credit limit must not be negative']);
    expect(customerSchema.parse({ ...base, credit_limit: 2500 }).credit_limit).toBe('2500.00');
    expect(customerSchema.parse({ ...base, credit_limit: '' }).credit_limit).toBeNull();
  });
});
