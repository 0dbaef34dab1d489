/**
 * POST /invoice/convert: a fintech invoice file (the layout of the fintech export, FINTECH_COLUMNS)
 * becomes a draft for the invoice builder. Nothing is saved: the builder shows the draft and the
 * user creates the invoice as any other (numbers, stamps and stock follow the usual rules).
 *
 * Matching: the customer by RETAILER ID (the customer's fintech_id), then RETAILER TABC ID, then
 * RETAILER NAME; each line's product by UPC, then by PRODUCT and SIZE, then by PRODUCT alone when
 * one product has that name. A line whose product is not found is left out and listed in
 * `unmatched` with why; a customer not found leaves the draft without one (the builder asks).
 * A file that is not a fintech invoice (no text, missing columns, a quantity or price that is not
 * a number, several invoices) is refused whole with a 400 saying why.
 */
import {
  type ConvertedInvoice,
  FINTECH_COLUMNS,
  FINTECH_MAX_LINES,
  FINTECH_MSG,
  FINTECH_REQUIRED_COLUMNS,
  type FintechColumn,
  parseFintechDate,
  parseFintechReference,
  unescapeFintechCell,
} from '@dbo/domain/fintech';
import { LIMITS } from '@dbo/domain/primitives';
import { toCents } from '@dbo/domain/money';
import { parse } from 'csv-parse/sync';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { listCustomers } from '../customers/customers.service.js';
import { listProducts } from '../catalog/catalog.service.js';

type Row = Partial<Record<FintechColumn, string>> & { line: number };

const norm = (s: string | undefined) => (s ?? '').trim().replace(/\s+/g, ' ').toUpperCase();

/** The file's rows by column name; refuses what is not a fintech invoice file. */
export function readFintechFile(buffer: Buffer): Row[] {
  if (buffer.length === 0 || buffer.toString('utf8').trim() === '') throw badRequest(FINTECH_MSG.fileEmpty);
  // a binary file (a spreadsheet, a PDF, an image) has NUL bytes or is not UTF-8
  if (buffer.includes(0)) throw badRequest(FINTECH_MSG.fileNotText);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw badRequest(FINTECH_MSG.fileNotText);
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    const why = String((err as Error).message ?? 'parse error').split(':')[0];
    throw badRequest(FINTECH_MSG.fileUnreadable(why.slice(0, 200)));
  }
  if (records.length === 0) throw badRequest(FINTECH_MSG.fileEmpty);
  const header = records[0].map((h) => norm(unescapeFintechCell(h)));
  const index = new Map<FintechColumn, number>();
  for (const col of FINTECH_COLUMNS) {
    const i = header.indexOf(col);
    if (i >= 0) index.set(col, i);
  }
  const missing = FINTECH_REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length) throw badRequest(FINTECH_MSG.missingColumns(missing));
  const rows = records.slice(1);
  if (rows.length === 0) throw badRequest(FINTECH_MSG.noRows);
  if (rows.length > FINTECH_MAX_LINES) throw badRequest(FINTECH_MSG.tooManyRows);
  return rows.map((r, n) => {
    const row: Row = { line: n + 2 };
    for (const [col, i] of index) row[col] = unescapeFintechCell(r[i] ?? '').slice(0, LIMITS.shortText);
    return row;
  });
}

function quantity(row: Row): number {
  const s = (row.QUANTITY ?? '').trim();
  const q = /^-?\d+(\.0+)?$/.test(s) ? Number(s) : Number.NaN;
  if (!Number.isInteger(q) || q === 0 || Math.abs(q) > LIMITS.maxQty)
    throw badRequest(
      FINTECH_MSG.badLine(row.line, `QUANTITY must be a whole number from 1 to ${LIMITS.maxQty} (got "${s}")`),
    );
  return q;
}

function unitPrice(row: Row): number {
  const s = (row['UNIT PRICE'] ?? '').trim().replace(/^\$/, '');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(s))
    throw badRequest(FINTECH_MSG.badLine(row.line, `UNIT PRICE must be an amount like 12.34 (got "${s}")`));
  return toCents(s) / 100;
}

export async function convertFintechFile(db: DbOrTx, companyId: number, buffer: Buffer): Promise<ConvertedInvoice> {
  const rows = readFintechFile(buffer);
  const refs = [...new Set(rows.map((r) => norm(r['INVOICE NUMBER'])).filter(Boolean))];
  if (refs.length > 1) throw badRequest(FINTECH_MSG.severalInvoices(refs));
  const reference = refs[0] ?? '';
  const lines = rows.map((r) => ({ row: r, qty: quantity(r), price: unitPrice(r) }));
  const first = rows[0];
  const warnings: string[] = [];

  // ---- customer
  const customers = await listCustomers(db, companyId);
  const retailerId = norm(first['RETAILER ID']);
  const tabc = norm(first['RETAILER TABC ID']);
  const retailerName = norm(first['RETAILER NAME']);
  let customer: ConvertedInvoice['customer'] = null;
  const byFintech = retailerId ? customers.find((c) => norm(c.fintech_id) === retailerId) : undefined;
  const byTabc = !byFintech && tabc ? customers.find((c) => norm(c.tabc_id) === tabc) : undefined;
  const byName =
    !byFintech && !byTabc && retailerName ? customers.find((c) => norm(c.name) === retailerName) : undefined;
  const found = byFintech ?? byTabc ?? byName;
  if (found)
    customer = {
      id: found.id,
      name: found.name,
      address: found.address,
      city: found.city,
      state: found.state,
      zip: found.zip,
      tabc_id: found.tabc_id,
      cash_on_delivery: found.cash_on_delivery,
      matched_by: byFintech ? 'fintech_id' : byTabc ? 'tabc_id' : 'name',
    };
  else
    warnings.push(
      `The retailer on the file (${[retailerName, retailerId && `Fintech ID ${retailerId}`].filter(Boolean).join(', ') || 'none given'}) is not one of your customers: choose the customer in the builder`,
    );

  // ---- products
  const { rows: catalogue } = await listProducts(db, companyId, {});
  const byUpc = new Map<string, (typeof catalogue)[number]>();
  const byNameSize = new Map<string, (typeof catalogue)[number]>();
  const byNameOnly = new Map<string, (typeof catalogue)[number][]>();
  for (const p of catalogue) {
    const upc = norm(p.upc ?? '');
    if (upc && !byUpc.has(upc)) byUpc.set(upc, p);
    const key = `${norm(p.product)}\u0000${norm(p.product_size)}`;
    if (!byNameSize.has(key)) byNameSize.set(key, p);
    byNameOnly.set(norm(p.product), [...(byNameOnly.get(norm(p.product)) ?? []), p]);
  }
  const items: ConvertedInvoice['items'] = [];
  const unmatched: ConvertedInvoice['unmatched'] = [];
  for (const { row, qty, price } of lines) {
    const upc = norm(row.UPC);
    const name = norm(row.PRODUCT);
    let p = upc ? byUpc.get(upc) : undefined;
    let matchedBy: 'upc' | 'name' = 'upc';
    if (!p && name) {
      matchedBy = 'name';
      p = byNameSize.get(`${name}\u0000${norm(row.SIZE)}`);
      const same = byNameOnly.get(name);
      if (!p && same?.length === 1) p = same[0];
    }
    if (!p) {
      unmatched.push({
        line: row.line,
        upc: row.UPC ?? '',
        product: row.PRODUCT ?? '',
        reason:
          upc || name ? 'No product with this UPC or name (and size) in your catalogue' : 'No UPC and no product name',
      });
      continue;
    }
    items.push({
      product_id: p.id,
      product_name: p.product,
      product_type: p.product_type,
      product_size: p.product_size,
      upc: p.upc,
      qty,
      price,
      taxable: true,
      last_purchase_price: p.last_purchase_price,
      reorder_level: p.reorder_level,
      matched_by: matchedBy,
    });
  }
  if (items.length === 0) throw badRequest(FINTECH_MSG.nothingMatched);
  if (unmatched.length)
    warnings.push(
      `${unmatched.length} line(s) of the file left out: their product is not in your catalogue (${unmatched
        .slice(0, 5)
        .map((u) => `line ${u.line} ${u.product || u.upc}`)
        .join(', ')}${unmatched.length > 5 ? ', ...' : ''})`,
    );

  const dateOf = (col: 'INVOICE DATE' | 'DUE DATE') => {
    const raw = (first[col] ?? '').trim();
    if (!raw) return null;
    const day = parseFintechDate(raw);
    if (!day) warnings.push(`${col} "${raw}" is not a date (MM/DD/YYYY): the builder's date is used`);
    return day;
  };
  const ref = parseFintechReference(reference);
  return {
    reference,
    source_number: ref?.number ?? null,
    beer: ref?.beer ?? items.some((i) => i.product_type === 'BEER'),
    invoiced_at: dateOf('INVOICE DATE'),
    due_at: dateOf('DUE DATE'),
    customer,
    items,
    unmatched,
    warnings,
  };
}
