/**
 * The ONE read model of an invoice: loaded once here, then shaped for the detail screen
 * (`invoiceDetail`) and for the PDF, the printable page and the email (`printableInvoice`).
 *
 * Parts of what an invoice shows belong to modules above invoices (its payments, the online
 * orders it was made from). The app's wiring gives their parts (InvoiceWiring, modules/wiring.ts):
 * each a JSON column of the one read and its decoder, so the imports keep running down the stack;
 * a part not given fails the read.
 */
import { PRODUCT_TYPE_CODES, type ProductType } from '@dbo/domain/constants';
import { INVOICE_MSG, displayNumber, isBelowCost, stockLevel } from '@dbo/domain/invoice';
import { centsToString, toCents } from '@dbo/domain/money';
import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import { decodeObject, decodeRow, jsonObject, jsonRow, parsedJson } from '../../db/json-rows.js';
import { notFound } from '../../lib/errors.js';
import { featureOnSql, publicCompany, publicLogo } from '../company/company.service.js';
import { companies, logos, users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { inventory } from '../inventory/inventory.tables.js';
import { products } from '../products/products.tables.js';
import { type InvoiceStampRow, invoiceStampsJson, stampRangesOf } from '../stamps/stamps.ledger.js';
import type { InvoiceWiring, PreparedInvoiceRead } from './invoice-hooks.js';
import { invoiceSummary } from './invoice-lookup.service.js';
import { invoiceItems, invoiceStatusHistory, invoices } from './invoices.tables.js';
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

/**
 * A part owned by a module above invoices: a JSON column of the invoice's read (`sql`, given the
 * invoice id of the outer statement) and what it answers (`decode`, given that column's value).
 */
export interface InvoiceReadPart<T> {
  sql: (invoiceId: SQL) => SQL;
  decode: (json: unknown) => T;
}

/** The parts owned by modules above invoices, given by the app's wiring (modules/wiring.ts). */
export interface InvoiceReadParts {
  received: InvoiceReadPart<InvoiceReceivedPart | null>;
  payments: InvoiceReadPart<InvoicePaymentPart[]>;
  orders: InvoiceReadPart<InvoiceOrderPart[]>;
  mpower: InvoiceReadPart<InvoiceMpowerPart | null>;
  clover: InvoiceReadPart<InvoiceCloverPart[]>;
}

/** A part nobody gave is a wiring mistake: it fails the read, never shows the invoice without it. */
function part<K extends keyof InvoiceReadParts>(w: InvoiceWiring, key: K): InvoiceReadParts[K] {
  const p = w.invoices.readParts[key];
  if (typeof p?.sql !== 'function') throw new Error(`The invoice read part '${key}' is not wired`);
  return p;
}

const money = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

const itemProduct = {
  id: products.id,
  product: products.product,
  product_type: products.product_type,
  product_size: products.product_size,
  upc: products.upc,
  internal_sku: products.internal_sku,
  product_price: products.product_price,
  archived: products.archived,
  reorder_level: products.reorder_level,
};
const itemStock = { stock_qty: inventory.qty, stock_reorder_level: inventory.reorder_level };
type ItemProduct = Pick<typeof products.$inferSelect, keyof typeof itemProduct>;

/** The invoice's lines in order, each with its product and stock, as one JSON array. */
const itemsJson = sql`(select coalesce(jsonb_agg(jsonb_build_object(
    'item', ${jsonRow(invoiceItems)},
    'product', case when ${products.id} is null then null else ${jsonObject(itemProduct)} end,
    'stock', ${jsonObject(itemStock)}
  ) order by ${invoiceItems.position}, ${invoiceItems.id}), '[]'::jsonb)
  from ${invoiceItems}
  left join ${products} on ${products.id} = ${invoiceItems.product_id}
  left join ${inventory} on ${inventory.product_id} = ${invoiceItems.product_id} and ${inventory.company_id} = ${invoiceItems.company_id}
  where ${invoiceItems.invoice_id} = ${invoices.id})`;

/**
 * who made a status change: a user of the invoice's company (a removed user is kept, so named).
 * An alias, as the outer statement joins users too (the editor); in a raw `sql` an alias renders
 * as its name only, so the join names the table and the alias itself.
 */
const statusUser = alias(users, 'status_user');
const statusUserCols = { id: statusUser.id, name: statusUser.name };
type StatusUser = { id: number; name: string };

/** The status history, oldest first, each entry with the user who made it (null: the system). */
const historyJson = sql`(select coalesce(jsonb_agg(jsonb_build_object(
    'entry', ${jsonRow(invoiceStatusHistory)},
    'user', case when ${statusUser.id} is null then null else ${jsonObject(statusUserCols)} end
  ) order by ${invoiceStatusHistory.created_at}, ${invoiceStatusHistory.id}), '[]'::jsonb)
  from ${invoiceStatusHistory}
  left join ${users} as ${sql.identifier('status_user')} on ${statusUser.id} = ${invoiceStatusHistory.user_id}
    and ${statusUser.company_id} = ${invoiceStatusHistory.company_id}
  where ${invoiceStatusHistory.invoice_id} = ${invoices.id})`;

type Param = number | Placeholder;

/** The parts of the modules above invoices (a part nobody gave fails here, before any read). */
const partsOf = (w: InvoiceWiring) => ({
  payments: part(w, 'payments'),
  orders: part(w, 'orders'),
  mpower: part(w, 'mpower'),
  clover: part(w, 'clover'),
  received: part(w, 'received'),
});
type Parts = ReturnType<typeof partsOf>;

/**
 * The one statement of the read: the invoice joined to its single rows, the lines, status history,
 * stamps and the parts of the modules above as JSON columns, for one invoice of one company.
 */
function readStatement(parts: Parts, db: DbOrTx, companyId: Param, invoiceId: Param) {
  const id = sql`${invoices.id}`;
  return db
    .select({
      inv: invoices,
      company: companies,
      // who made this version (a removed user: null)
      editor: { id: users.id, name: users.name },
      // the printed invoice falls back to the company's default logo; the detail shows only its own
      logo: logos,
      customer: customers,
      customerNumbering: featureOnSql(companyId, 'customer_invoice_numbering'),
      inventoryOn: featureOnSql(companyId, 'inventory'),
      items: itemsJson,
      history: historyJson,
      stamps: invoiceStampsJson(id),
      payments: parts.payments.sql(id),
      orders: parts.orders.sql(id),
      mpower: parts.mpower.sql(id),
      clover: parts.clover.sql(id),
      received: parts.received.sql(id),
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.company_id))
    .leftJoin(
      logos,
      and(
        eq(logos.company_id, companies.id),
        eq(logos.id, sql`coalesce(${invoices.logo_id}, ${companies.default_logo_id})`),
      ),
    )
    .leftJoin(customers, eq(customers.id, invoices.customer_id))
    .leftJoin(users, and(eq(users.company_id, companies.id), eq(users.id, invoices.updated_by)))
    .where(and(eq(invoices.company_id, companyId), eq(invoices.id, invoiceId)));
}

type ReadRow = Awaited<ReturnType<typeof readStatement>>[number];

/**
 * The read's statement prepared once per database and wiring (issue 37): building its ~8 KB of SQL
 * from drizzle's objects, and PostgreSQL's planning of it (1.7-2.2 ms, more than running it), were
 * paid by every save's answer and every invoice opened. On PostgreSQL it is a named statement
 * (`invoice_read_<digest of its text>`, so two wirings never share a name), parsed once per
 * connection. A transaction's handle builds the statement each time: a prepared query belongs to
 * the handle it was made on.
 */
function preparedRead(w: InvoiceWiring, parts: Parts, db: Db): PreparedInvoiceRead {
  let statement = w.invoices.preparedReads.get(db);
  if (!statement) {
    const query = readStatement(parts, db, sql.placeholder('companyId'), sql.placeholder('invoiceId'));
    const digest = createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 16);
    statement = query.prepare(`invoice_read_${digest}`);
    w.invoices.preparedReads.set(db, statement);
  }
  return statement;
}

/**
 * Everything any view of the invoice shows, for one invoice of one company (404 otherwise), in
 * ONE statement (a save answers with this read; ten round trips were most of it).
 */
export async function readInvoice(w: InvoiceWiring, db: DbOrTx, companyId: number, invoiceId: number) {
  const parts = partsOf(w);
  const [row] =
    db instanceof PgTransaction
      ? await readStatement(parts, db, companyId, invoiceId)
      : ((await preparedRead(w, parts, db).execute({ companyId, invoiceId })) as ReadRow[]);
  if (!row) throw notFound(INVOICE_MSG.invoiceNotFound);
  const items = parsedJson<{ item: unknown; product: unknown; stock: unknown }[]>(row.items).map((x) => ({
    item: decodeObject<typeof invoiceItems.$inferSelect>(getTableColumns(invoiceItems), x.item),
    product: x.product === null ? null : decodeObject<ItemProduct>(itemProduct, x.product),
    ...decodeObject<{ stock_qty: number | null; stock_reorder_level: number | null }>(itemStock, x.stock),
  }));
  return {
    inv: row.inv,
    company: row.company,
    customer: row.customer,
    logo: row.logo,
    editor: row.editor,
    items,
    history: parsedJson<{ entry: unknown; user: unknown }[]>(row.history).map((h) => ({
      ...decodeRow(invoiceStatusHistory, h.entry)!,
      user: h.user === null ? null : decodeObject<StatusUser>(statusUserCols, h.user),
    })),
    stampRanges: stampRangesOf(parsedJson<InvoiceStampRow[]>(row.stamps)),
    payments: parts.payments.decode(row.payments),
    orders: parts.orders.decode(row.orders),
    mpower: parts.mpower.decode(row.mpower),
    clover: parts.clover.decode(row.clover),
    received: parts.received.decode(row.received),
    customerNumbering: row.customerNumbering,
    inventoryOn: row.inventoryOn,
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
      // who changed the status (null: the system, or a change made before users were recorded)
      user: h.user,
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
