import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@dbo/domain/constants';
import { formatDate, isDueOnDelivery } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import PDFDocument from 'pdfkit';
import type { PrintableInvoice } from '../invoices/invoice-read.service.js';
import { pdfBytes } from '../../lib/pdf.js';
import { permitLine } from '@dbo/domain/tabc-permit';
import { receivedLine } from '@dbo/domain/delivery';

const INK = '#1f1f1f';
const MUTED = '#666666';
const ACCENT = '#8b1e3f';
const RULE = '#cccccc';

/** Stamp ranges as printed: 'A100001-A100010 (10)'. */
export function stampRangeLabels(inv: PrintableInvoice): string[] {
  return inv.stamps.map((r) =>
    r.from === r.to ? `${r.prefix}${r.from} (1)` : `${r.prefix}${r.from}-${r.prefix}${r.to} (${r.count})`,
  );
}

/**
 * The invoice as a Letter-size PDF: seller header with logo and TABC permit, buyer with address
 * and permit, number and dates, items (class DS/W/B/N, brand, size, quantity, price, total), the
 * TABC stamp serial ranges with their count, totals as stored on the invoice (the screen's), notes
 * and the 'Received by' line the retailer signs on delivery.
 */
export function renderInvoicePdf(inv: PrintableInvoice, logo: Buffer | null): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 40,
    info: { Title: `Invoice ${inv.number_label}`, Author: inv.company.name },
  });
  const done = pdfBytes(doc);

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };
  const c = inv.company;

  // Seller
  let y = doc.y;
  let textX = left;
  if (logo) {
    try {
      doc.image(logo, left, y, { fit: [140, 70] });
      textX = left + 150;
    } catch {
      // an unreadable logo must not cost the invoice
    }
  }
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(c.name, textX, y, { width: 260 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(c.address, textX, doc.y, { width: 260 });
  doc.text(`${c.city}, ${c.state} ${c.zip}`, { width: 260 });
  doc.text(permitLine(c.tabc_id), { width: 260 });
  const sellerBottom = Math.max(doc.y, logo ? y + 72 : doc.y);

  // Invoice number and dates
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text('INVOICE', right - 200, y, { width: 200, align: 'right' });
  doc
    .fillColor(INK)
    .fontSize(11)
    .text(`Invoice #${inv.number_label}`, right - 200, doc.y, { width: 200, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  doc.text(`Invoice Date: ${formatDate(inv.invoiced_at)}`, right - 200, doc.y, { width: 200, align: 'right' });
  const due = !inv.due_at ? '-' : isDueOnDelivery(inv.due_at) ? 'Due on delivery' : formatDate(inv.due_at);
  doc.text(`Due Date: ${due}`, right - 200, doc.y, { width: 200, align: 'right' });
  doc.text(`Status: ${INVOICE_STATUS_LABELS[inv.status as InvoiceStatus] ?? inv.status}`, right - 200, doc.y, {
    width: 200,
    align: 'right',
  });
  y = Math.max(sellerBottom, doc.y) + 14;

  // Buyer
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).stroke();
  y += 8;
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8).text('BILL TO', left, y);
  const cu = inv.customer;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(cu?.name ?? 'Deleted customer', left, doc.y + 2);
  doc.font('Helvetica').fontSize(9);
  if (cu) {
    doc.text(cu.address);
    doc.text(`${cu.city}, ${cu.state} ${cu.zip}`);
    doc.text(permitLine(cu.tabc_id));
    if (cu.contact_name || cu.contact_phone)
      doc.fillColor(MUTED).text([cu.contact_name, cu.contact_phone].filter(Boolean).join(' · '));
  }
  y = doc.y + 12;

  // Items
  const cols = [
    { key: 'class', label: 'Class', w: 40, align: 'left' as const },
    { key: 'product', label: 'Brand', w: width - 40 - 70 - 45 - 75 - 85, align: 'left' as const },
    { key: 'size', label: 'Size', w: 70, align: 'left' as const },
    { key: 'qty', label: 'Qty', w: 45, align: 'right' as const },
    { key: 'price', label: 'Price', w: 75, align: 'right' as const },
    { key: 'total', label: 'Total', w: 85, align: 'right' as const },
  ];
  const header = () => {
    doc.rect(left, y, width, 18).fill('#f3ecee');
    let x = left;
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(9);
    for (const col of cols) {
      doc.text(col.label, x + 4, y + 5, { width: col.w - 8, align: col.align });
      x += col.w;
    }
    y += 20;
  };
  header();
  doc.font('Helvetica').fontSize(9);
  for (const item of inv.items) {
    const cells: Record<string, string> = {
      class: item.class,
      product: item.product,
      size: item.product_size,
      qty: String(item.qty),
      price: formatMoney(item.price),
      total: formatMoney(item.total),
    };
    const h = Math.max(14, doc.heightOfString(item.product, { width: cols[1].w - 8 }) + 4);
    if (y + h > bottom() - 20) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
      doc.font('Helvetica').fontSize(9);
    }
    let x = left;
    doc.fillColor(INK);
    for (const col of cols) {
      doc.text(cells[col.key], x + 4, y + 2, { width: col.w - 8, align: col.align });
      x += col.w;
    }
    y += h;
    doc.moveTo(left, y).lineTo(right, y).strokeColor('#eeeeee').stroke();
  }
  if (!inv.items.length) {
    doc.fillColor(MUTED).text('No items', left + 4, y + 2);
    y += 16;
  }
  doc.x = left;
  doc.y = y + 10;

  // Totals (as stored on the invoice, to the cent)
  ensure(90);
  const totalsX = right - 220;
  const line = (label: string, value: string, bold = false) => {
    const ty = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 9)
      .fillColor(INK);
    doc.text(label, totalsX, ty, { width: 120 });
    doc.text(value, totalsX + 120, ty, { width: 100, align: 'right' });
    doc.moveDown(0.2);
  };
  const totalsTop = doc.y;
  line('Subtotal', formatMoney(inv.sub_total));
  line(`Tax (${inv.tax_rate}%)`, formatMoney(inv.tax_total));
  line('Total', formatMoney(inv.total), true);
  if (inv.paid_total > 0) {
    line('Paid', formatMoney(inv.paid_total));
    line('Balance Due', formatMoney(inv.remaining), true);
  }
  const totalsBottom = doc.y;

  // Stamps, beside the totals
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(INK)
    .text(`TABC Stamps (${inv.stamp_count})`, left, totalsTop, {
      width: width - 240,
    });
  doc.font('Helvetica').fontSize(9);
  const labels = stampRangeLabels(inv);
  doc.text(labels.length ? labels.join(', ') : 'No stamps', left, doc.y + 2, { width: width - 240 });
  doc.x = left;
  doc.y = Math.max(doc.y, totalsBottom) + 12;

  // Notes
  for (const [title, text] of [
    ['Notes', inv.note],
    ['From the distributor', inv.company_note],
  ] as const) {
    if (!text?.trim()) continue;
    ensure(40);
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(title, left, doc.y, { width });
    doc.font('Helvetica').fontSize(9).fillColor(INK).text(text.trim(), { width });
    doc.moveDown(0.6);
  }

  // Delivery receipt signed by the retailer
  if (inv.received) {
    signedReceipt(doc, inv.received, left, width, ensure);
    doc.end();
    return done;
  }
  ensure(70);
  doc.y += 24;
  const sy = doc.y;
  doc
    .moveTo(left, sy)
    .lineTo(left + 260, sy)
    .strokeColor(INK)
    .stroke();
  doc
    .moveTo(left + 300, sy)
    .lineTo(left + 420, sy)
    .stroke();
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  doc.text('Received by (signature and printed name)', left, sy + 4, { width: 260 });
  doc.text('Date', left + 300, sy + 4, { width: 120 });
  doc
    .fillColor(MUTED)
    .fontSize(8)
    .text('Received the merchandise listed above in good condition.', left, sy + 18, { width });

  doc.end();
  return done;
}

/** The receipt the retailer signed at the door: the signature image and "Received by {name}, {date time}". */
function signedReceipt(
  doc: PDFKit.PDFDocument,
  received: NonNullable<PrintableInvoice['received']>,
  left: number,
  width: number,
  ensure: (h: number) => void,
) {
  ensure(110);
  doc.y += 12;
  const top = doc.y;
  if (received.signature) {
    try {
      const bytes = Buffer.from(received.signature.slice(received.signature.indexOf(',') + 1), 'base64');
      doc.image(bytes, left, top, { fit: [220, 60] });
    } catch {
      // an unreadable image still leaves the printed name and time below
    }
  }
  const sy = top + 64;
  doc
    .moveTo(left, sy)
    .lineTo(left + 260, sy)
    .strokeColor(INK)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(INK)
    .text(receivedLine(received.received_by, received.received_at), left, sy + 4, { width });
  doc
    .fillColor(MUTED)
    .fontSize(8)
    .text('Received the merchandise listed above in good condition.', left, doc.y + 2, { width });
}
