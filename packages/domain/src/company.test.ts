import { describe, expect, it } from 'vitest';
import { authFieldHint, signInSchema, signUpSchema } from './auth.js';
import { COMPANY_MSG, companySchema } from './company.js';

const base = { name: 'A', address: 'B', city: 'C', state: 'TX', zip: '78701', tabc_id: 'LP123456' };
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('company rules', () => {
  it('applies the defaults of the spec', () => {
    const v = companySchema({ orderActive: false }).parse(base);
    expect(v).toMatchObject({
      starting_invoice_number: 1,
      stamp_threshold: 500,
      tax_rate: 8.25,
      default_invoice_status: 'draft',
    });
  });
  it.each([
    [{ stamp_threshold: 1 }, true],
    [{ stamp_threshold: 5000 }, true],
    [{ stamp_threshold: 5001 }, false],
    [{ tax_rate: 0 }, true],
    [{ tax_rate: 100 }, true],
    [{ tax_rate: 7.125 }, false],
    [{ tax_rate: -1 }, false],
    [{ starting_invoice_number: '1001' }, true],
    [{ starting_invoice_number: 0 }, false],
    [{ default_invoice_note: '' }, true],
  ])('%o valid: %s', (change, ok) => {
    expect(companySchema({ orderActive: false }).safeParse({ ...base, ...change }).success).toBe(ok);
  });
  it('needs a subdomain only with online ordering, and a fintech id only with fintech', () => {
    expect(messages(companySchema({ orderActive: true }).safeParse(base))).toEqual([COMPANY_MSG.subdomain]);
    expect(companySchema({ orderActive: false }).safeParse(base).success).toBe(true);
    expect(messages(companySchema({ orderActive: false }).safeParse({ ...base, has_fintech: true }))).toEqual([
      COMPANY_MSG.fintechId,
    ]);
  });
});

describe('auth rules', () => {
  it('uses the exact sign-in messages', () => {
    expect(messages(signInSchema.safeParse({ email: '', password: '' }))).toContain("Email can't be an empty field");
    expect(messages(signInSchema.safeParse({ email: 'a@b.travel', password: '' }))).toEqual([
      "Password can't be an empty field",
    ]);
    // spec 1: the field's one message for an invalid value too; the hint says what is wrong (issue 36)
    expect(messages(signInSchema.safeParse({ email: 'not-an-email', password: 'x' }))).toEqual([
      "Email can't be an empty field",
      "Password can't be an empty field",
    ]);
    expect(authFieldHint('email', 'not-an-email')).toBe('An email address looks like name@example.com');
    expect(authFieldHint('email', 'a@b.travel')).toBeUndefined();
    expect(authFieldHint('email', '')).toBeUndefined();
    expect(authFieldHint('password', 'x')).toBe('A password has at least 5 characters');
    expect(authFieldHint('password', '12345')).toBeUndefined();
    expect(authFieldHint('confirm_password', '', 'secret-1')).toBe('Type the password again here');
    expect(authFieldHint('confirm_password', '', '')).toBeUndefined();
    expect(signInSchema.safeParse({ email: 'Buyer@Bar.Museum', password: '12345' }).success).toBe(true);
  });
  it('checks that passwords match on sign-up', () => {
    const r = signUpSchema.safeParse({
      name: 'n',
      title: 't',
      email: 'a@b.co',
      password: 'stamp-ledger-1',
      confirm_password: 'stamp-ledger-2',
    });
    expect(messages(r)).toEqual(['Passwords do not match']);
  });
  it("an empty confirm password is spec 1's 'Passwords do not match'", () => {
    const r = signUpSchema.safeParse({ name: '', title: '', email: '', password: '', confirm_password: '' });
    expect(messages(r)).toEqual([
      'Name is required',
      'Title is required',
      "Email can't be an empty field",
      "Password can't be an empty field",
      'Passwords do not match',
    ]);
  });
  it('sets passwords of at least 8 characters, the spec message under 5 (issue 35)', () => {
    const signUp = (password: string) =>
      messages(
        signUpSchema.safeParse({ name: 'n', title: 't', email: 'a@b.co', password, confirm_password: password }),
      );
    expect(signUp('')).toEqual(["Password can't be an empty field", 'Passwords do not match']);
    expect(signUp('abc')).toEqual(["Password can't be an empty field"]);
    expect(signUp('12345')).toEqual(['Password must be at least 8 characters']);
    expect(signUp('1234567')).toEqual(['Password must be at least 8 characters']);
    expect(signUp('12345678')).toEqual([]);
  });
});
