/** The statement and credit memo PDFs (pdfkit): company logo and TABC permit in the header. */
import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import {
  AGING_BUCKETS,
  AGING_BUCKET_LABELS,
  type CreditMemo,
  STAMPS_NOTE,
  type Statement,
} from '@dbo/domain/receivables';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../db/client.js';
import { getCompany, listLogos } from '../company/company.service.js';
import { logoFile } from '../pdf/pdf.service.js';
import { pdfBytes } from '../../lib/pdf.js';
import { permitLine } from '@dbo/domain/tabc-permit';

type Company = Awaited<ReturnType<typeof getCompany>>;

export async function pdfHeaderData(db: DbOrTx, dataDir: string, companyId: number) {
  const company = await getCompany(db, companyId);
  const logo = (await listLogos(db, companyId)).find((l) => l.id === company.default_logo_id) ?? null;
  return { company, logo: await logoFile(dataDir, logo) };
}

function render(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: title } });
  const bytes = pdfBytes(doc);
  draw(doc);
  doc.end();
  return bytes;
}

function header(doc: PDFKit.PDFDocument, company: Company, logo: Buffer | null, title: string) {
  const top = doc.y;
  if (logo) {
    try {
      doc.image(logo, 400, top, { fit: [160, 60] });
    } catch {
      // an unreadable logo must not cost the document
    }
  }
  doc.fontSize(16).font('Helvetica-Bold').text(company.name, 50, top, { width: 340 });
  doc.fontSize(9).font('Helvetica');
  doc.text(
    [company.address, [company.city, company.state, company.zip].filter(Boolean).join(', ')].filter(Boolean).join('\n'),
  );
  doc.text(permitLine(company.tabc_id));
  doc.y = Math.max(doc.y, top + 64);
  doc.moveDown();
  doc.fontSize(14).font('Helvetica-Bold').text(title, 50);
  doc.fontSize(10).font('Helvetica');
}

type Col = { title: string; x: number; w: number; right?: boolean };
function row(doc: PDFKit.PDFDocument, cols: Col[], values: string[], bold = false) {
  if (doc.y > 700) doc.addPage();
  const y = doc.y;
  doc.fontSize(9).font(bold ? 'Helvetica-Bold' : 'Helvetica');
  cols.forEach((c, i) => {
    doc.text(values[i] ?? '', c.x, y, {
      width: c.w - 6,
      align: c.right ? 'right' : 'left',
      lineBreak: false,
      ellipsis: true,
    });
  });
  doc.x = 50;
  doc.y = y + 15;
}

/** The bold row of the columns' titles. */
const titles = (doc: PDFKit.PDFDocument, cols: Col[]) =>
  row(
    doc,
    cols,
    cols.map((c) => c.title),
    true,
  );

const STATEMENT_COLS: Col[] = [
  { title: 'Date', x: 50, w: 75 },
  { title: 'Reference', x: 125, w: 80 },
  { title: 'Description', x: 205, w: 155 },
  { title: 'Charge', x: 360, w: 65, right: true },
  { title: 'Credit', x: 425, w: 65, right: true },
  { title: 'Balance', x: 490, w: 72, right: true },
];

const CREDIT_MEMO_COLS: Col[] = [
  { title: 'Product', x: 50, w: 260 },
  { title: 'Qty', x: 310, w: 60, right: true },
  { title: 'Price', x: 370, w: 90, right: true },
  { title: 'Total', x: 460, w: 100, right: true },
];

const slug = (s: string) => s.replace(/[^a-zA-Z0-9]+/g, '-').toLowerCase();
export const statementFilename = (s: Statement) => `statement-${slug(s.customer.name)}-${s.to}.pdf`;

export function statementPdf(s: Statement, company: Company, logo: Buffer | null) {
  return render(`Statement - ${s.customer.name}`, (doc) => {
    header(doc, company, logo, 'Customer Statement');
    doc.text(`Period: ${formatDate(s.from)} – ${formatDate(s.to)}`);
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').text(s.customer.name);
    doc.font('Helvetica').text(`${s.customer.address}\n${s.customer.city}, ${s.customer.state} ${s.customer.zip}`);
    doc.text(permitLine(s.customer.tabc_id));
    doc.moveDown();
    const cols = STATEMENT_COLS;
    titles(doc, cols);
    row(doc, cols, [formatDate(s.from), '', 'Opening balance', '', '', formatMoney(s.opening_balance)]);
    for (const l of s.lines) {
      row(doc, cols, [
        formatDate(l.date),
        l.ref,
        l.description,
        l.charge ? formatMoney(l.charge) : '',
        l.credit ? formatMoney(l.credit) : '',
        formatMoney(l.balance),
      ]);
    }
    row(doc, cols, [formatDate(s.to), '', 'Closing balance', '', '', formatMoney(s.closing_balance)], true);
    doc.moveDown();
    doc.fontSize(11).font('Helvetica-Bold').text('Aging of open invoices', 50);
    doc.moveDown(0.3);
    const ac: Col[] = [...AGING_BUCKETS, 'total'].map((_, i) => ({ title: '', x: 50 + i * 85, w: 85, right: true }));
    row(doc, ac, [...AGING_BUCKETS.map((b) => AGING_BUCKET_LABELS[b]), 'Total'], true);
    row(doc, ac, [...AGING_BUCKETS.map((b) => formatMoney(s.aging[b])), formatMoney(s.aging.total)]);
    if (s.on_account_credit > 0) {
      // a label across the buckets, the figure under the total
      const last = ac[ac.length - 1];
      const lc: Col[] = [{ title: '', x: 50, w: last.x - 50, right: true }, last];
      row(doc, lc, ['Less credit on account', formatMoney(-s.on_account_credit)]);
      row(doc, lc, ['Balance', formatMoney(s.closing_balance)], true);
    }
  });
}

export function creditMemoPdf(m: CreditMemo, customerName: string, company: Company, logo: Buffer | null) {
  return render(`Credit memo ${m.number_label}`, (doc) => {
    header(doc, company, logo, `Credit Memo ${m.number_label}`);
    doc.text(`Date: ${formatDate(m.issued_at)}`);
    doc.text(`Invoice: #${m.invoice_label}`);
    doc.text(`Customer: ${customerName}`);
    doc.text(`Reason: ${m.reason}`);
    doc.moveDown();
    const cols = CREDIT_MEMO_COLS;
    titles(doc, cols);
    for (const i of m.items)
      row(doc, cols, [i.product_name, String(i.qty), formatMoney(i.price), formatMoney(i.total)]);
    doc.moveDown(0.5);
    row(doc, cols, ['', '', 'Subtotal', formatMoney(m.sub_total)]);
    row(doc, cols, ['', '', 'Tax', formatMoney(m.tax_total)]);
    row(doc, cols, ['', '', 'Credit total', formatMoney(m.total)], true);
    row(doc, cols, ['', '', 'Applied to invoice', formatMoney(m.applied)]);
    row(doc, cols, ['', '', 'On account', formatMoney(m.on_account)]);
    doc.moveDown();
    doc.fontSize(9).font('Helvetica-Oblique').text(STAMPS_NOTE, 50);
  });
}
