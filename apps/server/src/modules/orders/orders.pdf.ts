import { productTypeLabel } from '@dbo/domain/constants';
import { formatDate, formatDateTime } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { ORDER_MSG, ORDER_STATUS_LABELS, type OrderOut } from '@dbo/domain/order';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../lib/pdf.js';
import { permitLine } from '@dbo/domain/tabc-permit';

/** The printable order (Letter): company, customer, who placed it, lines with the distributor's changes, notes. */
export function renderOrderPdf(o: OrderOut, logo: Buffer | null): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 40, info: { Title: `Order #${o.order_number}` } });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;

  if (logo) {
    try {
      doc.image(logo, left, 40, { fit: [120, 60] });
      doc.moveDown(4);
    } catch {
      // an unreadable logo leaves the header text alone
    }
  }
  doc.fontSize(16).text(o.company.name);
  doc.fontSize(9).text(`${o.company.address}, ${o.company.city}, ${o.company.state} ${o.company.zip}`);
  doc.text(permitLine(o.company.tabc_id));
  doc.moveDown();
  doc
    .fontSize(14)
    .text(`Order #${o.order_number}`, { continued: true })
    .fontSize(10)
    .text(`   ${ORDER_STATUS_LABELS[o.status]}`);
  doc.fontSize(9).text(`Date: ${formatDate(o.ordered_at ?? o.created_at)}`);
  const c = o.customer;
  doc
    .moveDown(0.5)
    .fontSize(10)
    .text(c ? c.name : ORDER_MSG.deletedCustomer);
  if (c) doc.fontSize(9).text(`${c.address}, ${c.city}, ${c.state} ${c.zip}`).text(permitLine(c.tabc_id));
  if (o.customerUser)
    doc.fontSize(9).text(`Order Placed by ${o.customerUser.name} at ${formatDateTime(o.ordered_at ?? o.created_at)}`);
  doc.moveDown();

  const cols = [left, left + 50, left + 100, left + 360, left + 440];
  const header = ['Type', 'Qty', 'Product', 'Price', 'Total'];
  doc.fontSize(9).font('Helvetica-Bold');
  const y0 = doc.y;
  const width = (k: number) => (cols[k + 1] ?? right) - cols[k] - 4;
  for (const [k, h] of header.entries()) doc.text(h, cols[k], y0, { width: width(k) });
  doc.font('Helvetica').moveDown(0.5);
  for (const i of o.orderItems) {
    const y = doc.y;
    const name = i.product ? `${i.product.product} ${i.product.product_size}` : ORDER_MSG.deletedProduct;
    const qty = i.new_qty !== null ? `${i.previous_qty} -> ${i.new_qty}` : String(i.qty);
    const price =
      i.new_price !== null ? `${formatMoney(i.previous_price)} -> ${formatMoney(i.new_price)}` : formatMoney(i.price);
    const cells = [productTypeLabel(i.product?.product_type), qty, name, price, formatMoney(i.total)];
    for (const [k, t] of cells.entries()) doc.text(t, cols[k], y, { width: width(k), strike: i.is_rejected });
    const notes = [
      i.is_added ? ORDER_MSG.addedItem : null,
      i.is_rejected && i.rejection_note ? `Rejected: ${i.rejection_note}` : null,
      i.qty_change_note,
      i.price_change_note,
    ].filter(Boolean);
    if (notes.length)
      doc.fontSize(8).fillColor('#666666').text(notes.join(' · '), cols[2]).fillColor('black').fontSize(9);
    doc.moveDown(0.3);
  }
  doc
    .moveDown()
    .font('Helvetica-Bold')
    .text(`Total: ${formatMoney(o.total)}`, { align: 'right' })
    .font('Helvetica');
  if (o.note.length) {
    doc.moveDown().fontSize(10).text('Notes');
    for (const n of o.note)
      doc
        .fontSize(9)
        .text(`${n.company_user_id ? 'From Distributor: ' : ''}${n.note} (${formatDateTime(n.created_at)})`);
  }
  doc.end();
  return done;
}
