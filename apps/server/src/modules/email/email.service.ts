import { formatDate } from '@dbo/domain/dates';
import type { GridQuery } from '@dbo/domain/grid';
import { formatMoney } from '@dbo/domain/money';
import { EMAIL_MSG } from '@dbo/domain/payment';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { type GridColumns, runGrid } from '../../db/grid.js';
import { badRequest } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage, Mailer } from '../../lib/mailer.js';
import { recordActivity } from '../activity/activity.service.js';
import { users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { invoices } from '../invoices/invoices.tables.js';
import { emailLogs } from './email.tables.js';
import { findInvoice } from '../invoices/invoice-lookup.service.js';
import type { InvoiceWiring } from '../invoices/invoice-hooks.js';
import { loadPrintableInvoice, type PrintableInvoice } from '../invoices/invoice-read.service.js';
import { invoicePdf } from '../pdf/pdf.service.js';

type LogRow = typeof emailLogs.$inferSelect;

const publicLog = (l: LogRow, number?: number) => ({
  id: l.id,
  invoice_id: l.invoice_id,
  ...(number !== undefined ? { invoice: { number, beer: l.beer } } : {}),
  emailed_to: l.emailed_to,
  notes: l.notes,
  beer: l.beer,
  user_id: l.user_id,
  created_at: l.created_at,
});

type Seller = { name: string; address: string; city: string; state: string; zip: string };

/**
 * A document's e-mail to a customer (invoice, statement): greeting, what is attached, the sender's
 * note, the seller's signature; as text and as the same lines in HTML.
 */
export function documentEmailBody(opts: { customerName?: string; attached: string; notes: string; seller: Seller }) {
  const c = opts.seller;
  const lines = [
    `Hello${opts.customerName ? ` ${opts.customerName}` : ''},`,
    '',
    opts.attached,
    ...(opts.notes ? ['', opts.notes] : []),
    '',
    'Thank you for your business,',
    c.name,
    c.address,
    `${c.city}, ${c.state} ${c.zip}`,
  ];
  const text = lines.join('\n');
  const html = `<div style="font-family:Arial,sans-serif;font-size:14px;color:#1f1f1f">${lines
    .map((l) => (l ? `<div>${escapeHtml(l)}</div>` : '<br/>'))
    .join('')}</div>`;
  return { text, html };
}

export function invoiceEmailMessage(inv: PrintableInvoice, notes: string) {
  const subject = `Invoice #${inv.number_label} from ${inv.company.name}`;
  const body = documentEmailBody({
    customerName: inv.customer?.name,
    attached: `Please find attached invoice #${inv.number_label} dated ${formatDate(inv.invoiced_at)} for ${formatMoney(inv.total)}.`,
    notes,
    seller: inv.company,
  });
  return { subject, ...body };
}

/** Sends one message; a send the mail server refuses is the 400 the send dialogs show. */
export async function sendOrRefuse(mailer: Mailer, message: MailMessage) {
  try {
    await mailer.send(message);
  } catch {
    throw badRequest(EMAIL_MSG.failed);
  }
}

/** Sends the invoice PDF to every recipient in one message, then logs it. */
export async function sendInvoiceEmail(
  w: InvoiceWiring,
  db: Db,
  mailer: Mailer,
  dataDir: string,
  opts: { companyId: number; userId: number; number: string; emails: string[]; notes: string; beer?: boolean },
) {
  const inv = await findInvoice(db, opts.companyId, { number: opts.number, beer: opts.beer });
  const data = await loadPrintableInvoice(w, db, opts.companyId, inv.id);
  const { pdf, filename } = await invoicePdf(dataDir, data);
  const message = invoiceEmailMessage(data, opts.notes);
  await sendOrRefuse(mailer, {
    to: opts.emails,
    ...message,
    attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
  });
  const emailed_to = opts.emails.join(', ');
  const log = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailLogs)
      .values({
        company_id: opts.companyId,
        invoice_id: inv.id,
        emailed_to,
        notes: opts.notes,
        beer: inv.beer,
        user_id: opts.userId,
      })
      .returning();
    await recordActivity(tx, {
      companyId: opts.companyId,
      userId: opts.userId,
      module: 'INVOICE',
      type: 'UPDATE',
      info: { invoiceNumber: inv.number, beer: inv.beer, action: 'EMAIL', emailed_to },
    });
    return row;
  });
  return { success: true, message: EMAIL_MSG.sent, email: publicLog(log, inv.number) };
}

export async function invoiceEmails(db: DbOrTx, companyId: number, invoiceId: number) {
  const inv = await findInvoice(db, companyId, { id: invoiceId });
  const rows = await db
    .select({ log: emailLogs, user: users.name })
    .from(emailLogs)
    .leftJoin(users, eq(users.id, emailLogs.user_id))
    .where(and(eq(emailLogs.invoice_id, inv.id), eq(emailLogs.company_id, companyId)))
    .orderBy(desc(emailLogs.created_at), desc(emailLogs.id));
  return rows.map((r) => ({ ...publicLog(r.log, inv.number), user: r.user }));
}

const gridColumns: GridColumns = {
  id: { expr: emailLogs.id, type: 'number' },
  created_at: { expr: emailLogs.created_at, type: 'timestamp' },
  emailed_to: { expr: emailLogs.emailed_to, type: 'text' },
  notes: { expr: emailLogs.notes, type: 'text' },
  invoice_id: { expr: emailLogs.invoice_id, type: 'number' },
  number: { expr: invoices.number, type: 'number' },
  invoice: { expr: invoices.number, type: 'number' },
  beer: { expr: emailLogs.beer, type: 'boolean' },
  customer_id: { expr: invoices.customer_id, type: 'number' },
  customer: { expr: customers.name, type: 'text' },
  user: { expr: users.name, type: 'text' },
};

export async function emailGrid(db: DbOrTx, companyId: number, q: GridQuery) {
  const { rows, count } = await runGrid(db, {
    select: {
      id: emailLogs.id,
      invoice_id: emailLogs.invoice_id,
      number: invoices.number,
      beer: emailLogs.beer,
      customer_id: invoices.customer_id,
      customer: customers.name,
      emailed_to: emailLogs.emailed_to,
      notes: emailLogs.notes,
      user: users.name,
      created_at: emailLogs.created_at,
    },
    from: emailLogs,
    joins: [
      { table: invoices, on: eq(invoices.id, emailLogs.invoice_id), kind: 'inner' },
      { table: customers, on: eq(customers.id, invoices.customer_id), kind: 'inner' },
      { table: users, on: eq(users.id, emailLogs.user_id), kind: 'left' },
    ],
    columns: gridColumns,
    query: q,
    defaultSort: [{ colId: 'created_at', sort: 'desc' }],
    tieBreaker: emailLogs.id,
    scope: [eq(emailLogs.company_id, companyId)],
  });
  return { rows: rows.map((r) => ({ ...r, invoice: { number: r.number, beer: r.beer } })), count };
}
