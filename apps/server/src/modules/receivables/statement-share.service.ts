/**
 * The customer statement shared outside: its public printable page's data and the statement
 * e-mailed as a PDF through the mail path invoices use.
 */
import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { STATEMENT_MSG, type StatementEmailValues, recipientList } from '@dbo/domain/statement';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { recordActivity } from '../activity/activity.service.js';
import { getCompany } from '../company/company.service.js';
import { addressCard } from '../../lib/address.js';
import { findCustomer } from '../customers/customers.service.js';
import { documentEmailBody, sendOrRefuse } from '../email/email.service.js';
import { pdfHeaderData, statementFilename, statementPdf } from './receivables-pdf.js';
import { customerStatement } from './statement.service.js';

export async function statementPrintData(db: DbOrTx, companyId: number, customerId: number, from: string, to: string) {
  const statement = await customerStatement(db, companyId, customerId, from, to);
  const company = await getCompany(db, companyId);
  return { ...statement, company: addressCard(company), generated_at: new Date().toISOString() };
}

/** The addresses given, else the customer's own email; none, or an unusable one, is a 400. */
function recipientsOf(given: string[] | undefined, customerEmail: string): string[] {
  if (given) return given;
  const { emails, invalid } = recipientList(customerEmail);
  if (invalid.length) throw badRequest(STATEMENT_MSG.customerEmailInvalid(invalid[0]));
  if (!emails.length) throw badRequest(STATEMENT_MSG.noEmail);
  return emails;
}

/** Sends the statement PDF to every recipient in one message, then logs it in the activity log. */
export async function sendStatementEmail(
  db: DbOrTx,
  mailer: Mailer,
  dataDir: string,
  opts: { companyId: number; userId: number; customerId: number; values: StatementEmailValues },
) {
  const { companyId, customerId, values } = opts;
  const customer = await findCustomer(db, companyId, customerId, { withDeleted: true });
  const to = recipientsOf(values.to_emails, customer.contact_email);
  const s = await customerStatement(db, companyId, customerId, values.from, values.to);
  const { company, logo } = await pdfHeaderData(db, dataDir, companyId);
  const period = `${formatDate(s.from)} – ${formatDate(s.to)}`;
  const body = documentEmailBody({
    customerName: s.customer.name,
    attached: `Please find attached your statement for ${period}. Balance: ${formatMoney(s.closing_balance)}.`,
    notes: values.message ?? '',
    seller: company,
  });
  await sendOrRefuse(mailer, {
    to,
    subject: values.subject || `Statement from ${company.name}, ${period}`,
    ...body,
    attachments: [
      { filename: statementFilename(s), content: await statementPdf(s, company, logo), contentType: 'application/pdf' },
    ],
  });
  const emailed_to = to.join(', ');
  await recordActivity(db, {
    companyId,
    userId: opts.userId,
    module: 'CUSTOMER',
    type: 'UPDATE',
    info: { customerId, action: 'EMAIL_STATEMENT', from: s.from, to: s.to, emailed_to },
  });
  return { success: true, message: STATEMENT_MSG.sent, emailed_to: to };
}
