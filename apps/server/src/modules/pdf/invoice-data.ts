import fs from 'node:fs/promises';
import path from 'node:path';
import { PRODUCT_TYPE_CODES, type ProductType } from '@dbo/domain/constants';
import { centsToString, toCents } from '@dbo/domain/money';
import { displayNumber, parseInvoiceRef } from '@dbo/domain/invoice';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { publicCompany, publicLogo } from '../auth/auth.service.js';
import { companies, logos } from '../company/company.tables.js';
import { isFeatureOn, logoDir } from '../company/company.service.js';
import { customers } from '../customers/customers.tables.js';
import { invoiceItems, invoices, payments } from '../invoices/invoices.tables.js';
import { invoiceStampRanges } from '../stamps/stamps.ledger.js';
import { INVOICE_NOT_FOUND } from '../payments/payments.service.js';

export const INVOICE_NUMBER_INVALID = 'Invoice number is invalid';

/**
 * The company's invoice by the number shown to staff: '1001', '1001B' (beer) or, with customer
 * invoice numbering, '{customerId}-1001'. An explicit `beer` flag (the email payload's) wins
 * over the absence of a suffix.
 */
export async function invoiceByNumber(db: DbOrTx, companyId: number, raw: string | number, beer?: boolean) {
  const parsed = parseInvoiceRef(String(raw));
  if (!parsed || parsed.number < 1) throw badRequest(INVOICE_NUMBER_INVALID);
  const isBeer = parsed.beer || !!beer;
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.company_id, companyId),
        eq(invoices.number, parsed.number),
        eq(invoices.beer, isBeer),
        parsed.customerId ? eq(invoices.customer_id, parsed.customerId) : undefined,
      ),
    );
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

/** Everything the PDF and the printable page show, for one invoice of one company. */
export async function loadPrintableInvoice(db: DbOrTx, companyId: number, invoiceId: number) {
  const [inv] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.company_id, companyId)));
  if (!inv) throw notFound(INVOICE_NOT_FOUND);
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const [customer] = await db.select().from(customers).where(eq(customers.id, inv.customer_id));
  const items = await db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoice_id, inv.id))
    .orderBy(asc(invoiceItems.position), asc(invoiceItems.id));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.invoice_id, inv.id))
    .orderBy(desc(payments.received_at), desc(payments.id));
  const stampRanges = await invoiceStampRanges(db, inv.id);
  const logoId = inv.logo_id ?? company.default_logo_id;
  const [logo] = logoId
    ? await db
        .select()
        .from(logos)
        .where(and(eq(logos.id, logoId), eq(logos.company_id, companyId)))
    : [];
  const customerNumbering = await isFeatureOn(db, companyId, 'customer_invoice_numbering');
  const paidCents = paymentRows.reduce((s, p) => s + toCents(p.amount), 0);
  return {
    id: inv.id,
    number: inv.number,
    beer: inv.beer,
    number_label: displayNumber(inv, customerNumbering),
    status: inv.status,
    invoiced_at: inv.invoiced_at,
    due_at: inv.due_at,
    note: inv.note,
    company_note: inv.company_note,
    sub_total: Number(inv.sub_total),
    tax_total: Number(inv.tax_total),
    tax_rate: Number(inv.tax_rate),
    total: Number(inv.total),
    paid_total: Number(centsToString(paidCents)),
    remaining: Number(centsToString(toCents(inv.total) - paidCents)),
    created_at: inv.created_at,
    company: publicCompany(company),
    logo: logo ? publicLogo(logo) : null,
    customer: customer
      ? {
          id: customer.id,
          name: customer.name,
          address: customer.address,
          city: customer.city,
          state: customer.state,
          zip: customer.zip,
          tabc_id: customer.tabc_id,
          contact_name: customer.contact_name,
          contact_phone: customer.contact_phone,
          contact_email: customer.contact_email,
          deleted: !!customer.deleted_at,
        }
      : null,
    items: items.map((i) => ({
      id: i.id,
      product_id: i.product_id,
      product: i.product_name,
      product_type: i.product_type,
      product_size: i.product_size,
      class: PRODUCT_TYPE_CODES[i.product_type as ProductType] ?? i.product_type,
      qty: i.qty,
      price: Number(i.price),
      taxable: i.taxable,
      total: Number(i.total),
    })),
    stamps: stampRanges,
    stamp_count: stampRanges.reduce((s, r) => s + r.count, 0),
    payments: paymentRows.map((p) => ({
      id: p.id,
      amount: Number(p.amount),
      received_at: p.received_at,
      note: p.note,
    })),
  };
}
export type PrintableInvoice = Awaited<ReturnType<typeof loadPrintableInvoice>>;

/** The logo file for the PDF (pdfkit draws PNG and JPEG only). */
export async function logoFile(dataDir: string, logo: PrintableInvoice['logo']): Promise<Buffer | null> {
  if (!logo || !['image/png', 'image/jpeg'].includes(logo.mimetype)) return null;
  const name = path.basename(logo.path);
  return fs.readFile(path.join(logoDir(dataDir), name)).catch(() => null);
}
