import fs from 'node:fs/promises';
import path from 'node:path';
import { logoDir } from '../company/company.service.js';
import type { PrintableInvoice } from '../invoices/invoice-read.service.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** The logo file for the PDF (pdfkit draws PNG and JPEG only). */
export async function logoFile(dataDir: string, logo: PrintableInvoice['logo']): Promise<Buffer | null> {
  if (!logo || !['image/png', 'image/jpeg'].includes(logo.mimetype)) return null;
  const name = path.basename(logo.path);
  return fs.readFile(path.join(logoDir(dataDir), name)).catch(() => null);
}

/** The invoice PDF (the download and the email attachment) and its file name. */
export async function invoicePdf(dataDir: string, data: PrintableInvoice) {
  const pdf = await renderInvoicePdf(data, await logoFile(dataDir, data.logo));
  return { pdf, filename: `invoice-${data.number_label}.pdf` };
}
