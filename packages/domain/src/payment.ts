import { z } from 'zod';
import { DATE_LIMITS, type InvoiceStatus } from './constants.js';
import { notLaterThanDaysAhead } from './dates.js';
import { formatMoney, toCents } from './money.js';
import { gridAnswer } from './grid.js';
import { fileOut } from './invoice.js';
import {
  LIMITS,
  blankToUndefined,
  boundedText,
  calendarDay,
  invoiceRefShape,
  isCalendarDay,
  numberFromText,
  optionalNote,
  timestampOut,
} from './primitives.js';

export const PAYMENT_MSG = {
  receivedAtRequired: 'Received date is required',
  receivedAtAhead: `Received date can not be more than ${DATE_LIMITS.paymentDaysAhead} days ahead`,
  amountRequired: 'Amount is required',
  amountMin: 'Amount must be at least 0.01',
  amountMax: 'Amount is too large',
  cancelled: 'Cancelled invoices cannot receive payments',
  ownerOnly: 'Only the owner can delete payments',
  saveError: 'Error saving payment!',
  alreadyPaid: 'This invoice is already fully paid',
  /** editing or deleting a payment whose on-account credit already paid other invoices (issue 30) */
  creditApplied: (amount: number, invoices: string, verb: 'changed' | 'deleted') =>
    `${formatMoney(amount)} of this payment's on-account credit was already applied to invoice ${invoices}, so it can't be ${verb}`,
} as const;

/**
 * How a payment recorded at an invoice splits (issue 30: money is conserved): up to what the invoice
 * still owes is applied to it, the rest stays as the customer's on-account credit. Cents in, cents out.
 */
export function splitPayment(amountCents: number, remainingCents: number) {
  const applied = Math.min(amountCents, Math.max(remainingCents, 0));
  return { applied, on_account: amountCents - applied };
}

export const EMAIL_MSG = {
  invalid: 'Input valid email address',
  empty: 'Email address cannot be empty',
  sent: 'Your email has been sent',
  error: 'Error sending email',
  failed: 'Failed to send email. Please make sure the email addresses are valid and try again',
  alreadySent: (to: string) => `This Invoice has already been sent to ${to}`,
} as const;

export const DOCUMENT_MSG = {
  nameEmpty: 'File name can not be empty',
  noteEmpty: 'Note can not be empty',
  fileMissing: 'Please choose a file to upload',
  fileType: 'Only PDF files and images (JPEG, PNG, GIF, WebP, HEIC) can be uploaded',
  fileSize: 'The file must be at most 10 MB',
  uploadError: 'Error occurred while uploading file.',
  uploadBox: 'Error Uploading Documents',
  removeBox: 'Error Removing Documents',
  loadBox: 'Error Loading Documents',
  previewError: 'Error occurred while generating preview',
  updateError: 'Error updating file',
  noteAddError: 'Error adding a note',
  noteDeleteError: 'Error deleting a note',
} as const;

/** 10 MB: a phone photo of a signed invoice or a scanned multi-page PDF fits. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

// Amounts arrive as numbers or numeric strings ("12.50"); stored as numeric(12,2).
const MAX_AMOUNT = LIMITS.maxMoney;

const amountField = z.preprocess(
  (v) => blankToUndefined(numberFromText(v)),
  z
    .number({ error: (iss) => (iss.input === undefined ? PAYMENT_MSG.amountRequired : PAYMENT_MSG.amountMin) })
    .refine((n) => Number.isFinite(n), { error: PAYMENT_MSG.amountMin })
    .refine((n) => n >= 0.01, { error: PAYMENT_MSG.amountMin })
    .refine((n) => n <= MAX_AMOUNT, { error: PAYMENT_MSG.amountMax })
    // money is kept to the cent
    .transform((n) => toCents(n) / 100),
);

const receivedAtField = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    calendarDay('Received date', PAYMENT_MSG.receivedAtRequired),
  )
  .refine((v) => !isCalendarDay(v) || notLaterThanDaysAhead(v, DATE_LIMITS.paymentDaysAhead), {
    error: PAYMENT_MSG.receivedAtAhead,
  });

export const paymentSchema = z.object({
  received_at: receivedAtField,
  amount: amountField,
  note: optionalNote('Note'),
});
export type PaymentInput = z.input<typeof paymentSchema>;
export type PaymentValues = z.output<typeof paymentSchema>;

// Any top-level domain: something@something.something, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One recipient as typed into the send dialog. */
export const emailAddressSchema = boundedText('Email', LIMITS.shortText, EMAIL_MSG.invalid)
  .trim()
  .regex(EMAIL_RE, { error: EMAIL_MSG.invalid })
  .transform((s) => s.toLowerCase());

export const isValidEmailAddress = (s: string) => emailAddressSchema.safeParse(s).success;

export const sendInvoiceEmailSchema = z.object({
  emails: z
    .array(emailAddressSchema, { error: EMAIL_MSG.empty })
    .min(1, { error: EMAIL_MSG.empty })
    .max(20)
    .transform((list) => [...new Set(list)]),
  notes: optionalNote('Notes'),
  beer: z.boolean().optional(),
});
export type SendInvoiceEmailInput = z.input<typeof sendInvoiceEmailSchema>;

export const documentUpdateSchema = z.object({
  originalname: boundedText('File name', LIMITS.shortText, DOCUMENT_MSG.nameEmpty)
    .trim()
    .min(1, { error: DOCUMENT_MSG.nameEmpty }),
  note: optionalNote('Note'),
});
export type DocumentUpdateInput = z.input<typeof documentUpdateSchema>;

export const privateNoteSchema = z.object({
  note: boundedText('Note', LIMITS.longText, DOCUMENT_MSG.noteEmpty).trim().min(1, { error: DOCUMENT_MSG.noteEmpty }),
});

const MONEY_STATUSES: InvoiceStatus[] = ['paid', 'partially_paid'];
export const isMoneyStatus = (s: string) => (MONEY_STATUSES as string[]).includes(s);

/**
 * Status follows the money. Remaining (total - paid) of 0 or less is 'paid', some paid is
 * 'partially_paid'. When nothing is paid any more, an invoice that payments had moved to
 * paid/partially_paid goes back to the status it had before (`statusBeforePayments`, else
 * 'invoiced'); any other status is left alone. A cancelled invoice stays cancelled.
 */
export function statusFromPayments(opts: {
  status: string;
  totalCents: number;
  paidCents: number;
  statusBeforePayments?: string | null;
}): string {
  const { status, totalCents, paidCents } = opts;
  if (status === 'cancelled') return status;
  if (paidCents > 0) return totalCents - paidCents <= 0 ? 'paid' : 'partially_paid';
  if (isMoneyStatus(status)) {
    const before = opts.statusBeforePayments;
    return before && !isMoneyStatus(before) && before !== 'cancelled' ? before : 'invoiced';
  }
  return status;
}

/** Remaining in cents: total minus the sum of payments (negative when overpaid). */
export function remainingCents(total: number | string, payments: { amount: number | string }[]): number {
  return toCents(total) - payments.reduce((s, p) => s + toCents(p.amount), 0);
}

/**
 * The status an invoice had before payments moved it to paid / partially_paid, from its status
 * history newest first: the latest entry into a money status that came from an ordinary status,
 * or 'delivered' when the goods were delivered after that (a paid invoice delivered keeps 'paid').
 */
export function statusBeforePayments(
  historyNewestFirst: readonly { old_status: string | null; new_status: string }[],
): string | null {
  const entry = historyNewestFirst.find(
    (h) =>
      (h.new_status === 'delivered' && h.old_status && isMoneyStatus(h.old_status)) ||
      (isMoneyStatus(h.new_status) && h.old_status && !isMoneyStatus(h.old_status) && h.old_status !== 'cancelled'),
  );
  if (!entry) return null;
  // delivered while paid (the status stayed paid): without the money it is a delivered invoice
  return entry.new_status === 'delivered' ? 'delivered' : entry.old_status;
}

// ---- answers ------------------------------------------------------------------------------------

/** The invoice's money after a payment change. */
export const invoiceMoneyOut = z.object({
  id: z.number(),
  number: z.number(),
  beer: z.boolean(),
  status: z.string(),
  total: z.number(),
  paid_total: z.number(),
  remaining: z.number(),
});
/**
 * GET /invoice/{id}/payment (a list of these): `amount` is what the payment paid on this invoice
 * (`applied`, the same); `on_account` is the payment's money not applied to any invoice (credit).
 */
export const paymentOut = z.object({
  id: z.number(),
  invoice_id: z.number(),
  amount: z.number(),
  applied: z.number(),
  on_account: z.number(),
  received_at: z.string(),
  note: z.string(),
  user_id: z.number().nullable(),
  created_at: timestampOut,
  updated_at: timestampOut,
});
/**
 * POST / PUT /invoice/{id}/payment[/{paymentId}]: `amount` is the amount received (as sent),
 * `applied` what of it paid this invoice, `on_account` the rest, kept as the customer's credit.
 */
export const paymentSavedOut = paymentOut.extend({ invoice: invoiceMoneyOut });
/** GET /invoice/{id}/payment: each payment also names who recorded it (null: not known) */
export const invoicePaymentOut = paymentOut.extend({ user: z.string().nullable() });
/** DELETE /invoice/{id}/payment/{paymentId} */
export const paymentDeletedOut = z.object({ success: z.boolean(), id: z.number(), invoice: invoiceMoneyOut });
/** GET /invoice/payment/grid */
export const paymentGridOut = gridAnswer(
  z.object({
    ...invoiceRefShape,
    customer_id: z.number(),
    customer: z.string(),
    amount: z.number(),
    received_at: z.string(),
    note: z.string(),
    created_at: timestampOut,
  }),
);

/** An invoice document as the API answers it (path: the preview URL). */
export const documentOut = z.object({
  id: z.number(),
  invoice_id: z.number(),
  originalname: z.string(),
  filename: z.string(),
  note: z.string(),
  mimetype: z.string(),
  size: z.number(),
  path: z.string(),
  created_at: timestampOut,
  updated_at: timestampOut,
  updatedAt: timestampOut,
});
export const documentUpdatedOut = z.object({ document: documentOut, success: z.boolean() });
export const documentDeletedOut = z.object({ success: z.boolean(), id: z.number() });
/** GET /invoice/document/{id}/preview: the file itself (sent as a Buffer) */
export const documentFileOut = fileOut('The document file (PDF or image)');

/** GET/POST/DELETE /invoice/{id}/note */
export const invoiceNotesOut = z.object({
  notes: z.array(
    z.object({
      id: z.number(),
      invoice_id: z.number(),
      note: z.string(),
      user_id: z.number().nullable(),
      user: z.string().nullable(),
      created_at: timestampOut,
      createdAt: timestampOut,
    }),
  ),
});

/** An invoice email log entry. */
export const emailLogOut = z.object({
  id: z.number(),
  invoice_id: z.number(),
  beer: z.boolean(),
  emailed_to: z.string(),
  notes: z.string(),
  user_id: z.number().nullable(),
  created_at: timestampOut,
  invoice: z.object({ number: z.number(), beer: z.boolean() }).optional(),
});
/** POST /invoice/{number}/email */
export const emailSentOut = z.object({ success: z.boolean(), message: z.string(), email: emailLogOut });
/** GET /invoice/{id}/email */
export const invoiceEmailsOut = z.array(emailLogOut.extend({ user: z.string().nullable() }));
/** GET /invoice/email/grid */
export const emailGridOut = gridAnswer(
  z.object({
    id: z.number(),
    invoice_id: z.number(),
    number: z.number(),
    beer: z.boolean(),
    customer_id: z.number(),
    customer: z.string(),
    emailed_to: z.string(),
    notes: z.string(),
    user: z.string().nullable(),
    created_at: timestampOut,
    invoice: z.object({ number: z.number(), beer: z.boolean() }),
  }),
);
