import type { DelinquentAccount } from '@dbo/domain/credit-law';
import { formatDate, todayInTexas } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../db/client.js';
import { csvLine } from '../../lib/csv.js';
import { notFound } from '../../lib/errors.js';
import { numberPages, pdfBytes } from '../../lib/pdf.js';
import { companies } from '../company/company.tables.js';
import { sumAmounts } from './delinquency.service.js';
import { permitLine } from '@dbo/domain/tabc-permit';

/** The delinquent accounts report as a file: CSV and PDF. */
export const DELINQUENT_CSV_HEADER = [
  'Permit',
  'Trade Name',
  'Invoice',
  'Invoice Date',
  'Due Date',
  'Delinquent From',
  'Amount Owing',
] as const;

export function delinquentCsv(rows: DelinquentAccount[]): string {
  const lines = [csvLine(DELINQUENT_CSV_HEADER)];
  for (const a of rows)
    for (const i of a.invoices)
      lines.push(
        csvLine([
          a.permit,
          a.trade_name,
          i.display_number,
          i.invoiced_at,
          i.due_at,
          i.delinquent_from,
          i.owing.toFixed(2),
        ]),
      );
  return `${lines.join('\r\n')}\r\n`;
}

export async function delinquentPdf(db: DbOrTx, companyId: number, rows: DelinquentAccount[]): Promise<Buffer> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Company not found');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    bufferPages: true,
    info: { Title: 'Delinquent accounts (Texas credit law)' },
  });
  const bytes = pdfBytes(doc);

  doc.fontSize(16).font('Helvetica-Bold').text(company.name);
  doc.fontSize(9).font('Helvetica');
  doc.text(permitLine(company.tabc_id));
  doc.moveDown();
  doc.fontSize(14).font('Helvetica-Bold').text('Delinquent Accounts');
  doc
    .fontSize(9)
    .font('Helvetica')
    .text(
      `Texas Alcoholic Beverage Code §102.32 - unpaid on the 4th business day after the due date. Date: ${formatDate(todayInTexas())}`,
    );
  doc.moveDown();
  if (!rows.length) {
    doc.fontSize(11).text('No delinquent accounts');
  } else {
    const cols = [
      { title: 'Permit', x: 50, w: 75 },
      { title: 'Trade Name', x: 125, w: 135 },
      { title: 'Invoice', x: 260, w: 55 },
      { title: 'Invoice Date', x: 315, w: 70 },
      { title: 'Due Date', x: 385, w: 70 },
      { title: 'Owing', x: 455, w: 105, right: true },
    ];
    const line = (values: string[], bold = false) => {
      if (doc.y > 700) doc.addPage();
      const y = doc.y;
      doc.fontSize(9).font(bold ? 'Helvetica-Bold' : 'Helvetica');
      cols.forEach((c, i) => {
        doc.text(values[i] ?? '', c.x, y, { width: c.w, align: c.right ? 'right' : 'left', lineBreak: false });
      });
      doc.text('', 50, y + 14);
    };
    line(
      cols.map((c) => c.title),
      true,
    );
    for (const a of rows) {
      a.invoices.forEach((i, n) => {
        line([
          n === 0 ? a.permit : '',
          n === 0 ? a.trade_name : '',
          i.display_number,
          formatDate(i.invoiced_at),
          formatDate(i.due_at),
          formatMoney(i.owing),
        ]);
      });
      line(['', '', '', '', 'Account total', formatMoney(a.amount)], true);
    }
    doc.moveDown();
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`Total owing: ${formatMoney(sumAmounts(rows))}`, 50);
  }
  numberPages(doc, 50, 740, 510);
  doc.end();
  return bytes;
}
