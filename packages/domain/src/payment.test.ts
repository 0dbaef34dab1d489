import { describe, expect, it } from 'vitest';
import { addDays, todayInTexas } from './dates.js';
import {
  DOCUMENT_MSG,
  EMAIL_MSG,
  PAYMENT_MSG,
  documentUpdateSchema,
  paymentSchema,
  privateNoteSchema,
  remainingCents,
  sendInvoiceEmailSchema,
  statusBeforePayments,
  statusFromPayments,
} from './payment.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('paymentSchema', () => {
  const today = todayInTexas();
  it.each([
    [{ received_at: today, amount: 10 }, null],
    [{ received_at: today, amount: '12.50', note: 'check #12' }, null],
    [{ received_at: addDays(today, 3), amount: 0.01 }, null],
    [{ received_at: addDays(today, 4), amount: 1 }, PAYMENT_MSG.receivedAtAhead],
    [{ amount: 1 }, PAYMENT_MSG.receivedAtRequired],
    [{ received_at: '', amount: 1 }, PAYMENT_MSG.receivedAtRequired],
    [{ received_at: 'not a date', amount: 1 }, PAYMENT_MSG.receivedAtRequired],
    [{ received_at: today }, PAYMENT_MSG.amountRequired],
    [{ received_at: today, amount: 0 }, PAYMENT_MSG.amountMin],
    [{ received_at: today, amount: 0.009 }, PAYMENT_MSG.amountMin],
    [{ received_at: today, amount: -5 }, PAYMENT_MSG.amountMin],
    [{ received_at: today, amount: 'abc' }, PAYMENT_MSG.amountMin],
  ])('%j -> %s', (input, message) => {
    expect(firstMessage(paymentSchema.safeParse(input))).toBe(message);
  });

  it('keeps money to the cent and normalises timestamps to the day', () => {
    const v = paymentSchema.parse({ received_at: `${today}T12:00:00-06:00`, amount: '10.005' });
    expect(v.amount).toBe(10.01);
    expect(v.received_at).toBe(today);
    expect(v.note).toBe('');
  });
});

describe('statusFromPayments', () => {
  it.each([
    ['invoiced', 10000, 10000, null, 'paid'],
    ['invoiced', 10000, 12000, null, 'paid'],
    ['delivered', 10000, 1, null, 'partially_paid'],
    ['paid', 10000, 5000, 'delivered', 'partially_paid'],
    ['partially_paid', 10000, 0, 'delivered', 'delivered'],
    ['paid', 10000, 0, null, 'invoiced'],
    ['paid', 10000, 0, 'paid', 'invoiced'],
    ['payment_due', 10000, 0, null, 'payment_due'],
    ['cancelled', 10000, 10000, null, 'cancelled'],
    ['draft', 0, 1, null, 'paid'],
  ])('%s total %d paid %d before %s -> %s', (status, totalCents, paidCents, before, expected) => {
    expect(statusFromPayments({ status, totalCents, paidCents, statusBeforePayments: before })).toBe(expected);
  });

  it('remaining is total minus payments in cents', () => {
    expect(remainingCents('100.10', [{ amount: '0.10' }, { amount: 50 }])).toBe(5000);
    expect(remainingCents('10.00', [{ amount: '10.01' }])).toBe(-1);
  });
});

describe('statusBeforePayments', () => {
  const h = (old_status: string | null, new_status: string) => ({ old_status, new_status });
  it.each([
    ['no history', [], null],
    ['the status payments moved it from', [h('delivered', 'paid')], 'delivered'],
    [
      'the latest entry into a money status wins',
      [h('payment_due', 'partially_paid'), h('delivered', 'paid')],
      'payment_due',
    ],
    [
      'a move between money statuses is skipped',
      [h('partially_paid', 'paid'), h('invoiced', 'partially_paid')],
      'invoiced',
    ],
    ['entries into other statuses are ignored', [h('draft', 'delivered')], null],
    ['a first status (no old) is ignored', [h(null, 'paid')], null],
    ['cancelled is never restored', [h('cancelled', 'paid')], null],
    ['delivered while paid: delivered', [h('paid', 'delivered'), h('invoiced', 'paid')], 'delivered'],
    [
      'delivered while partly paid, paid in full later: delivered',
      [h('partially_paid', 'paid'), h('partially_paid', 'delivered'), h('invoiced', 'partially_paid')],
      'delivered',
    ],
  ])('%s', (_name, history, expected) => {
    expect(statusBeforePayments(history)).toBe(expected);
  });
});

describe('email, document and note schemas', () => {
  it.each([
    [{ emails: ['a@b.co'] }, null],
    [{ emails: ['A@B.CO', 'a@b.co'], notes: 'hi', beer: true }, null],
    [{ emails: [] }, EMAIL_MSG.empty],
    [{}, EMAIL_MSG.empty],
    [{ emails: ['nope'] }, EMAIL_MSG.invalid],
    [{ emails: ['a@b'] }, EMAIL_MSG.invalid],
  ])('email %j -> %s', (input, message) => {
    expect(firstMessage(sendInvoiceEmailSchema.safeParse(input))).toBe(message);
  });

  it('dedupes recipients', () => {
    expect(sendInvoiceEmailSchema.parse({ emails: ['A@B.CO', 'a@b.co'] }).emails).toEqual(['a@b.co']);
  });

  it.each([
    [{ originalname: 'x.pdf' }, null],
    [{ originalname: '  ' }, DOCUMENT_MSG.nameEmpty],
    [{ note: 'n' }, DOCUMENT_MSG.nameEmpty],
  ])('document %j -> %s', (input, message) => {
    expect(firstMessage(documentUpdateSchema.safeParse(input))).toBe(message);
  });

  it.each([
    [{ note: 'call before delivery' }, null],
    [{ note: '   ' }, DOCUMENT_MSG.noteEmpty],
    [{}, DOCUMENT_MSG.noteEmpty],
  ])('note %j -> %s', (input, message) => {
    expect(firstMessage(privateNoteSchema.safeParse(input))).toBe(message);
  });
});

describe('splitPayment', () => {
  it('applies up to the remaining amount and keeps the rest on account', async () => {
    const { splitPayment } = await import('./payment.js');
    expect(splitPayment(9_999_900, 4211)).toEqual({ applied: 4211, on_account: 9_995_689 });
    expect(splitPayment(1000, 4211)).toEqual({ applied: 1000, on_account: 0 });
    expect(splitPayment(1000, 0)).toEqual({ applied: 0, on_account: 1000 });
    expect(splitPayment(1000, -500)).toEqual({ applied: 0, on_account: 1000 });
  });
});
