/**
 * Receivables: a payment from a customer allocated over its open invoices (on-account credit for
 * the rest), credit memos, credit limits, the aging report and the customer statement.
 */
import { z } from 'zod';
import { DATE_LIMITS } from './constants.js';
import { notLaterThanDaysAhead } from './dates.js';
import { centsToString, formatMoney, toCents } from './money.js';
import {
  addressCardOut,
  boundedInt,
  boundedText,
  calendarDay,
  dbId,
  isCalendarDay,
  LIMITS,
  moneyAmount,
  optionalNote,
  optionalQueryDay,
  optionalText,
  timestampOut,
} from './primitives.js';

export const RECEIVABLES_MSG = {
  amountMin: 'Amount must be at least 0.01',
  paidAtRequired: 'Payment date is required',
  paidAtAhead: `Payment date can not be more than ${DATE_LIMITS.paymentDaysAhead} days ahead`,
  allocationsOverPayment: 'The allocations add up to more than the payment',
  allocationsOverCredit: (credit: number) =>
    `The allocations add up to more than the customer's on-account credit of ${formatMoney(credit)}`,
  duplicateInvoice: 'Each invoice can be allocated only once per payment',
  notCustomersInvoice: (n: string) => `Invoice ${n} does not belong to this customer`,
  invoiceNotOpen: (n: string) => `Invoice ${n} is not open (draft, cancelled or already paid)`,
  overOpen: (n: string, open: number) =>
    `The allocation to invoice ${n} is above its open amount of ${formatMoney(open)}`,
  invoiceNotFound: 'Invoice not found',
  paymentNotFound: 'Payment not found',
  noCredit: 'This customer has no on-account credit',
  reasonRequired: 'Reason is required',
  itemsRequired: 'Choose at least one line to credit',
  memoQtyOver: (name: string, left: number) =>
    `The quantity of ${name} is above what the invoice sold less earlier credit memos (${left})`,
  memoProductNotOnInvoice: 'A credited product is not on this invoice',
  memoNotIssued: 'Only issued invoices (not drafts or cancelled ones) can be credited',
  memoNotFound: 'Credit memo not found',
  creditLimit: (limit: number, balance: number, after: number) =>
    `This invoice takes the customer over its credit limit of ${formatMoney(limit)}: the open balance is ${formatMoney(balance)} and would be ${formatMoney(after)}`,
  periodOrder: 'The start of the period must not be after its end',
} as const;

export const PAYMENT_METHODS = ['check', 'cash', 'card', 'ach', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check',
  cash: 'Cash',
  card: 'Card',
  ach: 'ACH / transfer',
  other: 'Other',
};

const positiveMoney = (label: string) =>
  moneyAmount(label)
    .refine((n) => n >= 0.01, { error: RECEIVABLES_MSG.amountMin })
    .transform((n) => toCents(n) / 100);

export const allocationSchema = z.object({
  invoice_id: dbId('Invoice'),
  amount: positiveMoney('Allocation'),
});
export type Allocation = z.output<typeof allocationSchema>;

const allocationList = z
  .array(allocationSchema)
  .max(500)
  .refine((list) => new Set(list.map((a) => a.invoice_id)).size === list.length, {
    error: RECEIVABLES_MSG.duplicateInvoice,
  });

export const sumCents = (list: readonly { amount: number | string }[]) =>
  list.reduce((s, a) => s + toCents(a.amount), 0);

/** POST /customer/{id}/payment. Without allocations the server allocates oldest due first. */
export const customerPaymentSchema = z
  .object({
    amount: positiveMoney('Amount'),
    method: z.enum(PAYMENT_METHODS).default('check'),
    reference: optionalText('Reference'),
    paid_at: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        calendarDay('Payment date', RECEIVABLES_MSG.paidAtRequired),
      )
      .refine((v) => !isCalendarDay(v) || notLaterThanDaysAhead(v, DATE_LIMITS.paymentDaysAhead), {
        error: RECEIVABLES_MSG.paidAtAhead,
      }),
    note: optionalNote('Note'),
    allocations: allocationList.optional(),
  })
  .refine((p) => !p.allocations || sumCents(p.allocations) <= toCents(p.amount), {
    error: RECEIVABLES_MSG.allocationsOverPayment,
    path: ['allocations'],
  });
export type CustomerPaymentInput = z.input<typeof customerPaymentSchema>;
export type CustomerPaymentValues = z.output<typeof customerPaymentSchema>;

/** POST /customer/{id}/credit/apply: on-account credit onto open invoices (oldest due first without a list). */
export const applyCreditSchema = z.object({ allocations: allocationList.optional() });

export interface OpenInvoice {
  id: number;
  open: number;
}

/**
 * Oldest due first: fills each open invoice in the given order until the money runs out.
 * `open` and the answer's amounts are in dollars, computed in cents.
 */
export function allocateOldestFirst(openInvoices: readonly OpenInvoice[], amount: number): Allocation[] {
  let left = toCents(amount);
  const out: Allocation[] = [];
  for (const inv of openInvoices) {
    if (left <= 0) break;
    const take = Math.min(left, toCents(inv.open));
    if (take <= 0) continue;
    out.push({ invoice_id: inv.id, amount: take / 100 });
    left -= take;
  }
  return out;
}

// ---- credit memos ---------------------------------------------------------------------------------

export const creditMemoSchema = z.object({
  items: z
    .array(z.object({ product_id: dbId('Product'), qty: boundedInt('Quantity', 1, LIMITS.maxQty) }), {
      error: RECEIVABLES_MSG.itemsRequired,
    })
    .min(1, { error: RECEIVABLES_MSG.itemsRequired })
    .max(200),
  reason: boundedText('Reason', LIMITS.longText, RECEIVABLES_MSG.reasonRequired)
    .trim()
    .min(1, { error: RECEIVABLES_MSG.reasonRequired }),
});
export type CreditMemoInput = z.input<typeof creditMemoSchema>;

export const creditMemoNumber = (n: number) => `CM-${n}`;

export const STAMPS_NOTE =
  'Returned stamped bottles keep their TABC stamps: this credit memo does not change the stamp record.';

// ---- credit limit -----------------------------------------------------------------------------------

/** Null when within the limit (or no limit); else the refusal message. Amounts in dollars. */
export function creditLimitRefusal(limit: number | null, balance: number, invoiceOpen: number): string | null {
  if (limit === null) return null;
  const after = toCents(balance) + toCents(invoiceOpen);
  if (after <= toCents(limit)) return null;
  return RECEIVABLES_MSG.creditLimit(limit, balance, Number(centsToString(after)));
}

// ---- aging ---------------------------------------------------------------------------------------------

export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  d1_30: '1–30 days',
  d31_60: '31–60 days',
  d61_90: '61–90 days',
  over_90: 'Over 90 days',
};

/** The bucket of an invoice `daysPastDue` days past its due date (0 or less is current). */
export function agingBucket(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'd1_30';
  if (daysPastDue <= 60) return 'd31_60';
  if (daysPastDue <= 90) return 'd61_90';
  return 'over_90';
}

export const agingQuery = z.object({ asOf: optionalQueryDay('As of') });

const bucketsOut = {
  current: z.number(),
  d1_30: z.number(),
  d31_60: z.number(),
  d61_90: z.number(),
  over_90: z.number(),
  total: z.number(),
};
export const agingRowOut = z.object({
  customer_id: z.number(),
  customer: z.string(),
  invoices: z.number(),
  ...bucketsOut,
});
export type AgingRow = z.infer<typeof agingRowOut>;
export const agingOut = z.object({
  as_of: z.string(),
  rows: z.array(agingRowOut),
  totals: z.object({ invoices: z.number(), ...bucketsOut }),
});
export type AgingAnswer = z.infer<typeof agingOut>;

// ---- answers ---------------------------------------------------------------------------------------------

export const openInvoiceOut = z.object({
  id: z.number(),
  number: z.number(),
  beer: z.boolean(),
  number_label: z.string(),
  invoiced_at: z.string(),
  due_at: z.string().nullable(),
  status: z.string(),
  total: z.number(),
  paid_total: z.number(),
  open: z.number(),
});
export type OpenInvoiceRow = z.infer<typeof openInvoiceOut>;

/** GET /customer/{id}/receivable: what the payment dialog and the builder read. */
export const customerReceivableOut = z.object({
  customer_id: z.number(),
  /** the page's heading names the customer */
  customer_name: z.string(),
  open_invoices: z.array(openInvoiceOut),
  open_total: z.number(),
  on_account: z.number(),
  balance: z.number(),
  credit_limit: z.number().nullable(),
});
export type CustomerReceivable = z.infer<typeof customerReceivableOut>;

const allocationOut = z.object({ invoice_id: z.number(), number_label: z.string(), amount: z.number() });

export const customerPaymentOut = z.object({
  id: z.number(),
  customer_id: z.number(),
  amount: z.number(),
  method: z.string(),
  reference: z.string(),
  paid_at: z.string(),
  note: z.string(),
  allocated: z.number(),
  on_account: z.number(),
  allocations: z.array(allocationOut),
  created_at: timestampOut,
});
export type CustomerPayment = z.infer<typeof customerPaymentOut>;
export const customerPaymentSavedOut = customerPaymentOut.extend({
  invoices: z.array(
    z.object({ id: z.number(), status: z.string(), total: z.number(), paid_total: z.number(), remaining: z.number() }),
  ),
});
export const customerPaymentsOut = z.array(customerPaymentOut);
export const creditAppliedOut = z.object({
  allocations: z.array(allocationOut),
  on_account: z.number(),
});

export const creditMemoOut = z.object({
  id: z.number(),
  number: z.number(),
  number_label: z.string(),
  invoice_id: z.number(),
  invoice_label: z.string(),
  customer_id: z.number(),
  issued_at: z.string(),
  reason: z.string(),
  sub_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  applied: z.number(),
  on_account: z.number(),
  items: z.array(
    z.object({
      product_id: z.number().nullable(),
      product_name: z.string(),
      qty: z.number(),
      price: z.number(),
      total: z.number(),
    }),
  ),
  /** who issued it (null: not known) */
  user_id: z.number().nullable(),
  user: z.string().nullable(),
  created_at: timestampOut,
});
export type CreditMemo = z.infer<typeof creditMemoOut>;
export const creditMemosOut = z.array(creditMemoOut);

const periodInOrder = (q: { from: string; to: string }) =>
  !isCalendarDay(q.from) || !isCalendarDay(q.to) || q.from <= q.to;

/** A statement's period (from <= to) with whatever else the request carries beside it. */
export const statementRequest = <T extends z.ZodRawShape>(extra: T) =>
  z
    .object({ from: calendarDay('From'), to: calendarDay('To'), ...extra })
    .refine((q) => periodInOrder(q as { from: string; to: string }), {
      error: RECEIVABLES_MSG.periodOrder,
      path: ['from'],
    });
export const statementQuery = statementRequest({});

export const statementLineOut = z.object({
  date: z.string(),
  kind: z.enum(['invoice', 'payment', 'credit_memo']),
  id: z.number(),
  ref: z.string(),
  description: z.string(),
  charge: z.number(),
  credit: z.number(),
  balance: z.number(),
});
export type StatementLine = z.infer<typeof statementLineOut>;

export const statementOut = z.object({
  customer: addressCardOut,
  from: z.string(),
  to: z.string(),
  opening_balance: z.number(),
  lines: z.array(statementLineOut),
  closing_balance: z.number(),
  /** what the aging below shows as open, by days past due */
  aging: z.object(bucketsOut),
  /** payments and credit memos received by the period's end and not applied to an invoice of it:
   * closing balance = aging total - this */
  on_account_credit: z.number(),
});
export type Statement = z.infer<typeof statementOut>;
