/**
 * The stamp transaction record and the monthly stamp report as PDF (pdfkit, landscape letter):
 * the company's name and permit on top, a table whose cells wrap, page numbers at the foot.
 */
import { formatDate, todayInTexas } from '@dbo/domain/dates';
import { RECORD_KIND_LABEL, type StampMonthly, type StampRecord } from '@dbo/domain/stamp-record';
import PDFDocument from 'pdfkit';
import { numberPages, pdfBytes } from '../../lib/pdf.js';
import { permitLine } from '@dbo/domain/tabc-permit';

interface Col {
  title: string;
  w: number;
  right?: boolean;
}

const LEFT = 40;
const BOTTOM = 560;

/** Writes a document and answers its bytes. */
function render(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: LEFT,
    bufferPages: true,
    info: { Title: title },
  });
  const bytes = pdfBytes(doc);
  draw(doc);
  numberPages(doc, LEFT, 580, 712);
  doc.end();
  return bytes;
}

function heading(doc: PDFKit.PDFDocument, company: { name: string; permit: string }, title: string, sub: string) {
  doc.fontSize(15).font('Helvetica-Bold').text(company.name, LEFT, LEFT);
  doc.fontSize(9).font('Helvetica').text(permitLine(company.permit));
  doc.moveDown(0.5);
  doc.fontSize(13).font('Helvetica-Bold').text(title);
  doc
    .fontSize(9)
    .font('Helvetica')
    .text(`${sub}. Printed ${formatDate(todayInTexas())}`);
  doc.moveDown(0.7);
}

/** A table writer: rows wrap inside their cells; the header is repeated on each new page. */
function table(doc: PDFKit.PDFDocument, cols: Col[]) {
  const xs: number[] = [];
  cols.reduce((x, c) => {
    xs.push(x);
    return x + c.w;
  }, LEFT);
  const row = (values: string[], bold = false) => {
    doc.fontSize(8).font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const h = Math.max(...cols.map((c, i) => doc.heightOfString(values[i] ?? '', { width: c.w - 4 })));
    if (doc.y + h > BOTTOM) {
      doc.addPage();
      doc.y = LEFT;
      if (!bold) header();
      doc.fontSize(8).font('Helvetica');
    }
    const y = doc.y;
    cols.forEach((c, i) => {
      doc.text(values[i] ?? '', xs[i], y, { width: c.w - 4, align: c.right ? 'right' : 'left' });
    });
    doc.x = LEFT;
    doc.y = y + h + 3;
  };
  const header = () => {
    row(
      cols.map((c) => c.title),
      true,
    );
    doc
      .moveTo(LEFT, doc.y - 1)
      .lineTo(752, doc.y - 1)
      .lineWidth(0.5)
      .stroke();
  };
  header();
  return row;
}

export function stampRecordPdf(r: StampRecord): Promise<Buffer> {
  return render('Stamp transaction record', (doc) => {
    heading(
      doc,
      r.company,
      'Stamp Transaction Record',
      `${formatDate(r.from)} to ${formatDate(r.to)}. Opening on hand: ${r.opening_on_hand}`,
    );
    const row = table(doc, [
      { title: 'Date', w: 62 },
      { title: 'Transaction', w: 92 },
      { title: 'Qty', w: 36, right: true },
      { title: 'Serial Numbers', w: 168 },
      { title: 'Invoice Date', w: 62 },
      { title: 'Invoice', w: 46 },
      { title: 'Retailer Trade Name', w: 124 },
      { title: 'Permit', w: 66 },
      { title: 'On Hand', w: 56, right: true },
    ]);
    if (!r.entries.length) row(['', 'No stamp transactions in this range']);
    for (const e of r.entries)
      e.lines.forEach((l, i) => {
        const what = [RECORD_KIND_LABEL[l.kind], l.replaces ? `(replaces ${l.replaces})` : '', l.note]
          .filter(Boolean)
          .join(' ');
        row([
          i === 0 ? formatDate(e.date) : '',
          what,
          String(l.quantity),
          l.serials,
          l.invoice_date ? formatDate(l.invoice_date) : '',
          l.invoice_number ? `${l.invoice_number}${l.signed ? ' signed' : ''}` : '',
          l.trade_name ?? '',
          l.permit ?? '',
          String(l.on_hand),
        ]);
      });
    doc.moveDown(0.5);
    doc.fontSize(10).font('Helvetica-Bold').text(`Closing on hand: ${r.closing_on_hand}`, LEFT);
  });
}

export function stampMonthlyPdf(m: StampMonthly): Promise<Buffer> {
  return render('Monthly stamp report', (doc) => {
    heading(doc, m.company, 'Monthly Stamp Report', `${formatDate(m.from)} to ${formatDate(m.to)}`);
    const row = table(doc, [
      { title: 'Roll', w: 110 },
      { title: 'Affixed', w: 50, right: true },
      { title: 'Affixed Serial Numbers', w: 250 },
      { title: 'Returned', w: 50, right: true },
      { title: 'Returned Serial Numbers', w: 200 },
      { title: 'Net', w: 52, right: true },
    ]);
    if (!m.rows.length) row(['No stamps affixed this month']);
    for (const r of m.rows)
      row([r.roll, String(r.affixed), r.affixed_serials, String(r.returned), r.returned_serials, String(r.net)]);
    row(
      ['Total', String(m.total_affixed), '', String(m.total_returned), '', String(m.total_affixed - m.total_returned)],
      true,
    );
  });
}
