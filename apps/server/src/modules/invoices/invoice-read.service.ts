/**
 * The ONE read model of an invoice: loaded once here, then shaped for the detail screen
 * (`invoiceDetail`) and for the PDF, the printable page and the email (`printableInvoice`).
 *
 * Parts of what an invoice shows belong to modules above invoices (its payments, the online
 * orders it was made from). The app's wiring gives their loaders (InvoiceWiring, modules/wiring.ts),
 * so the imports keep running down the stack; a part not given fails the read.
 */
import { PRODUCT_TYPE_CODES, type ProductType } from '@dbo/domain/constants';
import { displayNumber, isBelowCost, stockLevel } from '@dbo/domain/invoice';
import { centsToString, toCents } from '@dbo/domain/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { featureOnSql, publicCompany, publicLogo } from '../company/company.service.js';
import { companies, logos, users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { inventory } from '../inventory/inventory.tables.js';
import { products } from '../products/products.tables.js';
import { invoiceStampRanges } from '../stamps/stamps.ledger.js';
import type { InvoiceWiring } from './invoice-hooks.js';
import { findInvoice, invoiceSummary } from './invoice-lookup.service.js';
import { invoiceItems, invoiceStatusHistory } from './invoices.tables.js';
import { addressCard } from '../../lib/address.js';

export interface InvoicePaymentPart {
  id: number;
  /** what the payment paid on this invoice */
  amount: number;
  /** the payment's money applied to no invoice (the customer's on-account credit) */
  on_account: number;
  received_at: string;
  note: string;
  created_at: Date;
  updated_at: Date;
}
export interface InvoiceOrderPart {
  id: number;
  order_number: number | null;
  status: string;
  total: number;
  ordered_at: Date | null;
  created_at: Date;
}

/** The invoice's last MPower sync (integrations module). */
export interface InvoiceMpowerPart {
  invoice_id: number;
  response: unknown;
  error: string | null;
  updatedAt: Date;
}

/** One product of the invoice's last Clover stock push (integrations module). */
export interface InvoiceCloverPart {
  success: boolean;
  cloverProduct: { sku: string; product: string };
}

/** The retailer's signature for the goods (delivery module). */
export interface InvoiceReceivedPart {
  received_by: string;
  received_at: Date;
  /** PNG or JPEG data URL */
  signature: string | null;
}

/** Loaders of the parts owned by modules above invoices, given by the app's wiring (modules/wiring.ts). */
export interface InvoiceReadParts {
  received: (db: DbOrTx, invoiceId: number) => Promise<InvoiceReceivedPart | null>;
  payments: (db: DbOrTx, invoiceId: number) => Promise<InvoicePaymentPart[]>;
  orders: (db: DbOrTx, invoiceId: number) => Promise<InvoiceOrderPart[]>;
  mpower: (db: DbOrTx, invoiceId: number) => Promise<InvoiceMpowerPart | null>;
  clover: (db: DbOrTx, invoiceId: number) => Promise<InvoiceCloverPart[]>;
}

/** A part nobody gave is a wiring mistake: it fails the read, never shows the invoice without it. */
function part<K extends keyof InvoiceReadParts>(w: InvoiceWiring, key: K): InvoiceReadParts[K] {
  const loader = w.invoices.readParts[key];
  if (typeof loader !== 'function') throw new Error(`The invoice read part '${key}' is not wired`);
  return loader;
}

const money = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

/**
 * Everything any view of the invoice shows, for one invoice of one company (404 otherwise). The
 * reads run one after another: side by side on the pool they gave no faster save on a 2-core
 * machine and a worse p95 (bench/invoice-save.ts); the single rows come in one statement.
 */
export async function readInvoice(w: InvoiceWiring, db: DbOrTx, companyId: number, invoiceId: number) {
  const inv = await findInvoice(db, companyId, { id: invoiceId });
  // the company with its settings, the logo and the customer: single rows, one statement
  const [{ company, logo, customer, editor, customerNumbering, inventoryOn }] = await db
    .select({
      company: companies,
      // who made this version (a removed user: null)
      editor: { id: users.id, name: users.name },
      // the printed invoice falls back to the company's default logo; the detail shows only its own
      logo: logos,
      customer: customers,
      customerNumbering: featureOnSql(companyId, 'customer_invoice_numbering'),
      inventoryOn: featureOnSql(companyId, 'inventory'),
    })
    .from(companies)
    .leftJoin(
      logos,
      and(
        eq(logos.company_id, companies.id),
        eq(logos.id, sql`coalesce(${inv.logo_id}::int, ${companies.default_logo_id})`),
      ),
    )
    .leftJoin(customers, eq(customers.id, inv.customer_id))
    .leftJoin(users, and(eq(users.company_id, companies.id), eq(users.id, sql`${inv.updated_by}::int`)))
    .where(eq(companies.id, companyId));
  const items = await db
    .select({
      item: invoiceItems,
      product: {
        id: products.id,
        product: products.product,
        product_type: products.product_type,
        product_size: products.product_size,
        upc: products.upc,
        internal_sku: products.internal_sku,
        product_price: products.product_price,
        archived: products.archived,
        reorder_level: products.reorder_level,
      },
      stock_qty: inventory.qty,
      stock_reorder_level: inventory.reorder_level,
    })
    .from(invoiceItems)
    .leftJoin(products, eq(products.id, invoiceItems.product_id))
    .leftJoin(
      inventory,
      and(eq(inventory.product_id, invoiceItems.product_id), eq(inventory.company_id, invoiceItems.company_id)),
    )
    .where(eq(invoiceItems.invoice_id, inv.id))
    .orderBy(asc(invoiceItems.position), asc(invoiceItems.id));
  const history = await db
    .select()
    .from(invoiceStatusHistory)
    .where(eq(invoiceStatusHistory.invoice_id, inv.id))
    .orderBy(asc(invoiceStatusHistory.created_at), asc(invoiceStatusHistory.id));
  return {
    inv,
    company,
    customer,
    logo,
    editor,
    items,
    history,
    stampRanges: await invoiceStampRanges(db, inv.id),
    payments: await part(w, 'payments')(db, inv.id),
    orders: await part(w, 'orders')(db, inv.id),
    mpower: await part(w, 'mpower')(db, inv.id),
    clover: await part(w, 'clover')(db, inv.id),
    received: await part(w, 'received')(db, inv.id),
    customerNumbering,
    inventoryOn,
  };
}
export type InvoiceReadModel = Awaited<ReturnType<typeof readInvoice>>;

const stampCount = (m: InvoiceReadModel) => m.stampRanges.reduce((n, r) => n + r.count, 0);

/** The detail screen's answer (GET /invoice/{ref}, and every invoice write). */
export function invoiceDetail(m: InvoiceReadModel) {
  const { inv, customer } = m;
  const cancelled = inv.status === 'cancelled';
  return {
    ...invoiceSummary(inv, m.customerNumbering),
    note: inv.note,
    company_note: inv.company_note,
    tax_rate: Number(inv.tax_rate),
    logo_id: inv.logo_id,
    logo: inv.logo_id && m.logo ? publicLogo(m.logo) : null,
    updated_at: inv.updated_at,
    version: inv.version,
    updated_by: m.editor,
    company_id: inv.company_id,
    balance: Number(centsToString(toCents(inv.total) - toCents(inv.paid_total))),
    items: m.items.map(({ item, product, stock_qty, stock_reorder_level }) => {
      const reorder = stock_reorder_level ?? product?.reorder_level ?? null;
      // the invoice's own quantity is already taken from stock: judge the level against the stock
      // as it was before this invoice
      const before = (stock_qty ?? 0) + (cancelled ? 0 : item.qty);
      return {
        id: item.id,
        product_id: item.product_id,
        product: product?.id
          ? { ...product, product_price: Number(product.product_price) }
          : { id: null, product: item.product_name, product_type: item.product_type, product_size: item.product_size },
        product_name: item.product_name,
        product_type: item.product_type,
        product_size: item.product_size,
        qty: item.qty,
        price: Number(item.price),
        taxable: item.taxable,
        total: Number(item.total),
        position: item.position,
        on_deal: item.on_deal,
        scanned: item.scanned,
        last_purchase_price: money(item.last_purchase_price),
        below_cost: isBelowCost(item.price, item.last_purchase_price),
        previousQty: item.previous_qty,
        newQty: item.new_qty,
        previousPrice: money(item.previous_price),
        newPrice: money(item.new_price),
        qtyChangeNote: item.qty_change_note,
        priceChangeNote: item.price_change_note,
        ...(m.inventoryOn && item.product_id
          ? { stock: { qty: stock_qty ?? 0, reorder_level: reorder, ...stockLevel(before, item.qty, reorder) } }
          : {}),
      };
    }),
    stamps: m.stampRanges,
    stampsCount: stampCount(m),
    payments: m.payments,
    orders: m.orders,
    mPowerInvoice: m.mpower,
    cloverApiRequestLog: m.clover,
    statusInfo: m.history.map((h) => ({
      id: h.id,
      old_status: h.old_status,
      new_status: h.new_status,
      note: h.note,
      created_at: h.created_at,
    })),
    customer: customer
      ? {
          ...addressCard(customer),
          contact_name: customer.contact_name,
          contact_email: customer.contact_email,
          contact_phone: customer.contact_phone,
          cash_on_delivery: customer.cash_on_delivery,
          fintech_option: customer.fintech_option,
          fintech_id: customer.fintech_id,
          product_price_tier_id: customer.product_price_tier_id,
          deleted: !!customer.deleted_at,
        }
      : null,
    company: m.company ? publicCompany(m.company) : null,
  };
}
export type InvoiceDetail = ReturnType<typeof invoiceDetail>;

/** Loads and shapes the detail in one call. */
export async function loadInvoiceDetail(w: InvoiceWiring, db: DbOrTx, companyId: number, invoiceId: number) {
  return invoiceDetail(await readInvoice(w, db, companyId, invoiceId));
}

/** What the PDF, the printable page (GET /pdf/invoice/{token}) and the invoice email show. */
export function printableInvoice(m: InvoiceReadModel) {
  const { inv, customer } = m;
  // paid_total is the sum of the invoice's allocations: payments and credit memos
  const paidCents = toCents(inv.paid_total);
  return {
    id: inv.id,
    number: inv.number,
    beer: inv.beer,
    number_label: displayNumber(inv, m.customerNumbering),
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
    company: publicCompany(m.company),
    logo: m.logo ? publicLogo(m.logo) : null,
    customer: customer
      ? {
          ...addressCard(customer),
          contact_name: customer.contact_name,
          contact_phone: customer.contact_phone,
          contact_email: customer.contact_email,
          deleted: !!customer.deleted_at,
        }
      : null,
    items: m.items.map(({ item: i }) => ({
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
    stamps: m.stampRanges,
    stamp_count: stampCount(m),
    payments: m.payments.map((p) => ({ id: p.id, amount: p.amount, received_at: p.received_at, note: p.note })),
    received: m.received,
  };
}
export type PrintableInvoice = ReturnType<typeof printableInvoice>;

export async function loadPrintableInvoice(w: InvoiceWiring, db: DbOrTx, companyId: number, invoiceId: number) {
  return printableInvoice(await readInvoice(w, db, companyId, invoiceId));
}
