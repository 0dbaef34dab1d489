/**
 * The customer statement shared: its public printable page (a signed link) and the statement
 * e-mailed as a PDF through the same mail path as invoices.
 */
import { z } from 'zod';
import { printCompanyOut } from './customer.js';
import { EMAIL_MSG, emailAddressSchema } from './payment.js';
import { LIMITS, boundedText, noteText } from './primitives.js';
import { statementOut, statementRequest } from './receivables.js';

export const STATEMENT_MSG = {
  noEmail: 'The customer has no email address: enter the address to send the statement to',
  customerEmailInvalid: (email: string) =>
    `The customer's email address "${email}" is not valid: enter the address to send the statement to`,
  sent: 'The statement has been sent',
} as const;

/** POST /customer/{id}/statement/pdf: the PDF, or with format 'url' the public printable page's link. */
export const statementPdfSchema = statementRequest({ format: z.enum(['pdf', 'url']).optional() });

/** POST /customer/{id}/statement/email; without to_emails it goes to the customer's email. */
export const statementEmailSchema = statementRequest({
  to_emails: z
    .array(emailAddressSchema, { error: EMAIL_MSG.empty })
    .min(1, { error: EMAIL_MSG.empty })
    .max(20)
    .transform((list) => [...new Set(list)])
    .optional(),
  subject: boundedText('Subject', LIMITS.shortText).trim().optional(),
  message: noteText('Message').trim().optional(),
});
export type StatementEmailInput = z.input<typeof statementEmailSchema>;
export type StatementEmailValues = z.output<typeof statementEmailSchema>;
export const statementEmailOut = z.object({
  success: z.boolean(),
  message: z.string(),
  emailed_to: z.array(z.string()),
});

/** GET /pdf/customer/statement/{token}: the statement with the seller's header. */
export const statementPrintOut = statementOut.extend({ company: printCompanyOut, generated_at: z.string() });
export type StatementPrint = z.infer<typeof statementPrintOut>;

/**
 * The addresses in a recipients field or a customer's email: separated by commas, semicolons or
 * spaces, lower-cased, each once; the ones that are not addresses are returned apart.
 */
export function recipientList(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\s,;]+/).filter(Boolean)) {
    const parsed = emailAddressSchema.safeParse(part);
    if (!parsed.success) invalid.push(part);
    else if (!emails.includes(parsed.data)) emails.push(parsed.data);
  }
  return { emails, invalid };
}
