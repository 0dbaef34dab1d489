import { BALANCE_EXCLUDED_STATUSES } from '@dbo/domain/customer';
import { formatDate, isDueOnDelivery, todayInTexas } from '@dbo/domain/dates';
import { centsToString, formatMoney, toCents } from '@dbo/domain/money';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@dbo/domain/constants';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../db/client.js';
import { companies } from '../company/company.tables.js';
import { invoices } from './invoices.tables.js';
import { findCustomer } from '../customers/customers.service.js';
import { addressCard } from '../../lib/address.js';
import { pdfBytes } from '../../lib/pdf.js';
import { permitLine } from '@dbo/domain/tabc-permit';

/**
 * An invoice still owed: issued (not draft), not cancelled, and its money not settled: it is owed
 * its total minus what was paid (payments and credit memos, as allocated). Drafts are not owed yet;
 * cancelled ones never are. The status label 'paid' decides nothing: only the money does.
 */
export const stillOwed = () =>
  and(notInArray(invoices.status, [...BALANCE_EXCLUDED_STATUSES]), sql`${invoices.total} - ${invoices.paid_total} > 0`);

/** What a customer owes: its invoices still owed. */
export const owingWhere = (companyId: number, customerId: number) =>
  and(eq(invoices.company_id, companyId), eq(invoices.customer_id, customerId), stillOwed());

export async function customerOwing(db: DbOrTx, companyId: number, customerId: number) {
  await findCustomer(db, companyId, customerId, { withDeleted: true });
  const [r] = await db
    .select({ owing: sql<string>`coalesce(sum(${invoices.total} - ${invoices.paid_total}), 0)::text` })
    .from(invoices)
    .where(owingWhere(companyId, customerId));
  return { owing: Number(centsToString(toCents(r?.owing ?? '0'))) };
}

/** An invoice as the balance and the customer app's invoice list show it. */
export const owingInvoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  beer: invoices.beer,
  invoiced_at: invoices.invoiced_at,
  due_at: invoices.due_at,
  total: invoices.total,
  paid_total: invoices.paid_total,
  status: invoices.status,
};

export async function customerBalance(db: DbOrTx, companyId: number, customerId: number) {
  const customer = await findCustomer(db, companyId, customerId, { withDeleted: true });
  const rows = await db
    .select(owingInvoiceColumns)
    .from(invoices)
    .where(owingWhere(companyId, customerId))
    .orderBy(asc(invoices.invoiced_at), asc(invoices.id));
  let owing = 0;
  const list = rows.map((r) => {
    const due = toCents(r.total) - toCents(r.paid_total);
    owing += due;
    return {
      id: r.id,
      number: r.number,
      beer: r.beer,
      invoiced_at: r.invoiced_at,
      due_at: r.due_at,
      total: Number(r.total),
      paid_total: Number(r.paid_total),
      owing: Number(centsToString(due)),
      status: r.status,
    };
  });
  return { summary: { owing: Number(centsToString(owing)) }, invoices: list, customer };
}

export type CustomerBalance = Awaited<ReturnType<typeof customerBalance>>;

/** The balance with the seller's header, for the public printable page and the PDF. */
export async function balancePrintData(db: DbOrTx, companyId: number, customerId: number) {
  const balance = await customerBalance(db, companyId, customerId);
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId));
  return {
    ...balance,
    company: addressCard(c),
    generated_at: new Date().toISOString(),
  };
}

/** A one-page (or more) customer balance statement. */
export function balancePdf(data: Awaited<ReturnType<typeof balancePrintData>>): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `Balance - ${data.customer.name}` } });
  const bytes = pdfBytes(doc);

  const { company, customer } = data;
  doc.fontSize(16).font('Helvetica-Bold').text(company.name);
  doc
    .fontSize(9)
    .font('Helvetica')
    .text(
      [company.address, [company.city, company.state, company.zip].filter(Boolean).join(', ')]
        .filter(Boolean)
        .join('\n'),
    );
  doc.text(permitLine(company.tabc_id));
  doc.moveDown();
  doc.fontSize(14).font('Helvetica-Bold').text('Customer Balance');
  doc
    .fontSize(10)
    .font('Helvetica')
    .text(`Date: ${formatDate(todayInTexas())}`);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').text(customer.name);
  doc.font('Helvetica').text(`${customer.address}\n${customer.city}, ${customer.state} ${customer.zip}`);
  doc.text(permitLine(customer.tabc_id));
  doc.moveDown();
  doc
    .fontSize(13)
    .font('Helvetica-Bold')
    .text(`Owing: ${formatMoney(data.summary.owing)}`);
  doc.moveDown();

  if (!data.invoices.length) {
    doc.fontSize(11).font('Helvetica').text('No Balance Information');
  } else {
    const cols = [
      { title: 'Invoice', x: 50, w: 70 },
      { title: 'Date', x: 120, w: 85 },
      { title: 'Due Date', x: 205, w: 85 },
      { title: 'Status', x: 290, w: 100 },
      { title: 'Total', x: 390, w: 75, right: true },
      { title: 'Owing', x: 465, w: 95, right: true },
    ];
    const row = (values: string[], bold = false) => {
      if (doc.y > 700) doc.addPage();
      const y = doc.y;
      doc.fontSize(9).font(bold ? 'Helvetica-Bold' : 'Helvetica');
      cols.forEach((c, i) => {
        doc.text(values[i], c.x, y, { width: c.w - 6, align: c.right ? 'right' : 'left', lineBreak: false });
      });
      doc.x = 50;
      doc.y = y + 16;
    };
    row(
      cols.map((c) => c.title),
      true,
    );
    for (const inv of data.invoices) {
      row([
        `#${inv.number}${inv.beer ? 'B' : ''}`,
        formatDate(inv.invoiced_at),
        isDueOnDelivery(inv.due_at) || !inv.due_at ? 'On Delivery' : formatDate(inv.due_at),
        INVOICE_STATUS_LABELS[inv.status as InvoiceStatus] ?? inv.status,
        formatMoney(inv.total),
        formatMoney(inv.owing),
      ]);
    }
    doc.moveDown();
    row(['', '', '', '', 'Owing', formatMoney(data.summary.owing)], true);
  }
  doc.end();
  return bytes;
}
