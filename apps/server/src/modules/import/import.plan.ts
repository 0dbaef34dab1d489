/**
 * The dry run: every row of the file mapped to our fields, validated with the editors' schemas,
 * matched against the company's records and classed new / updated / unchanged / invalid. The
 * import runs the same plan, so the dry run's counts are what the import does.
 *
 * Matching: customers by TABC permit, else name + zip; products by UPC, else name + size; stock
 * finds its product the same way. A record appearing twice in one file is refused the second time.
 */
import { customerSchema, type CustomerValues, normalizeTabcId } from '@dbo/domain/customer';
import { IMPORT_FIELDS, IMPORT_MSG, type ImportKind, type RowAction } from '@dbo/domain/import';
import { toCents } from '@dbo/domain/money';
import { LIMITS } from '@dbo/domain/primitives';
import { type ProductCreateValues, type ProductPatch, productCreateSchema } from '@dbo/domain/product';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { createCustomer, listCustomers, updateCustomer } from '../customers/customers.service.js';
import { setProductStock, stockByProduct } from '../inventory/inventory.ledger.js';
import {
  createProduct,
  createProducts,
  type ProductWiring,
  updateProduct,
} from '../products/product-writes.service.js';
import { allProducts } from '../products/products.service.js';
import type { Sheet } from './import.parse.js';
import {
  asStrings,
  counter,
  dayText,
  firstMessages,
  invalid,
  mapCells,
  planned,
  moneyText,
  NO,
  type Plan,
  type Raw,
  text,
  type Writer,
  YES,
} from './import.plan-kit.js';

export type { Plan, PlannedRow, Writer } from './import.plan-kit.js';

// ---- customers -------------------------------------------------------------------------------------

const CUSTOMER_FIELDS = IMPORT_FIELDS.customers.map((f) => f.name);
type CustomerRow = Awaited<ReturnType<typeof listCustomers>>[number];

/** A stored customer as the editor's input (what an import leaves alone when a column is not mapped). */
function storedCustomer(c: CustomerRow): Record<string, unknown> {
  return {
    name: c.name,
    address: c.address,
    city: c.city,
    state: c.state,
    zip: c.zip,
    tabc_id: c.tabc_id,
    aims_id: c.aims_id,
    aims_license_type: c.aims_license_type,
    ydk_est_id: c.ydk_est_id,
    contact_name: c.contact_name,
    contact_email: c.contact_email,
    contact_phone: c.contact_phone,
    cash_on_delivery: c.cash_on_delivery,
    fintech_option: c.fintech_option,
    fintech_id: c.fintech_id,
    product_price_tier_id: c.product_price_tier_id,
    service_start: c.service_start,
  };
}

function customerInput(raw: Raw): { input: Record<string, unknown>; error?: string } {
  const input: Record<string, unknown> = { ...raw };
  // blank: left out, so a new customer gets the default and a matched one keeps its value
  if (raw.cash_on_delivery === '') delete input.cash_on_delivery;
  else if ('cash_on_delivery' in raw) {
    if (YES.test(raw.cash_on_delivery)) input.cash_on_delivery = true;
    else if (NO.test(raw.cash_on_delivery)) input.cash_on_delivery = false;
    else return { input, error: 'Cash on delivery must be yes or no' };
  }
  if (raw.service_start) input.service_start = dayText(raw.service_start);
  return { input };
}

const nameZip = (name: string, zip: string) => `${name.trim().toLowerCase()}|${zip.trim().toLowerCase()}`;

function sameCustomer(v: CustomerValues, c: CustomerRow): boolean {
  const stored = storedCustomer(c);
  return (Object.keys(v) as (keyof CustomerValues)[]).every((k) =>
    k === 'tabc_id'
      ? normalizeTabcId(v.tabc_id) === normalizeTabcId(c.tabc_id)
      : text(v[k]) === text(stored[k as string]),
  );
}

async function planCustomers(db: DbOrTx, w: Writer, sheet: Sheet, mapping: Record<string, string>): Promise<Plan> {
  const existing = await listCustomers(db, w.companyId);
  const byTabc = new Map<string, CustomerRow>();
  const byNameZip = new Map<string, CustomerRow>();
  for (const c of existing) {
    if (!byTabc.has(normalizeTabcId(c.tabc_id))) byTabc.set(normalizeTabcId(c.tabc_id), c);
    if (!byNameZip.has(nameZip(c.name, c.zip))) byNameZip.set(nameZip(c.name, c.zip), c);
  }
  const seen = new Map<string, number>();
  const out = counter();
  for (const r of sheet.rows) {
    const raw = mapCells(sheet.headers, mapping, r.cells);
    const { input, error } = customerInput(raw);
    if (error) {
      out.push(invalid(r, error, raw));
      continue;
    }
    const alone = customerSchema.safeParse(input);
    if (!alone.success) {
      out.push(invalid(r, firstMessages(alone.error), raw));
      continue;
    }
    const tabc = normalizeTabcId(alone.data.tabc_id);
    const match = byTabc.get(tabc) ?? byNameZip.get(nameZip(alone.data.name, alone.data.zip));
    const keys = [`t:${tabc}`, `n:${nameZip(alone.data.name, alone.data.zip)}`, ...(match ? [`id:${match.id}`] : [])];
    const dup = keys.map((k) => seen.get(k)).find((n) => n !== undefined);
    if (dup !== undefined) {
      out.push(invalid(r, IMPORT_MSG.duplicateRow(dup), raw));
      continue;
    }
    for (const k of keys) seen.set(k, r.row);
    if (!match) {
      const v = alone.data;
      out.push(
        planned(r, 'new', asStrings(v, CUSTOMER_FIELDS), async (tx) => {
          await createCustomer(tx, w.companyId, w.userId, v);
        }),
      );
      continue;
    }
    // a blank cell keeps what is stored: an import never erases a value by leaving it out
    const filled = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== ''));
    const merged = customerSchema.safeParse({ ...storedCustomer(match), ...filled });
    if (!merged.success) {
      out.push(invalid(r, firstMessages(merged.error), raw));
      continue;
    }
    const v = merged.data;
    const action = sameCustomer(v, match) ? 'unchanged' : 'updated';
    out.push(
      planned(r, action, asStrings(v, CUSTOMER_FIELDS), async (tx) => {
        await updateCustomer(tx, w.companyId, w.userId, match.id, v);
      }),
    );
  }
  return out;
}

// ---- products --------------------------------------------------------------------------------------

const PRODUCT_FIELDS = IMPORT_FIELDS.products.map((f) => f.name);
type ProductRow = Awaited<ReturnType<typeof allProducts>>[number];
const MONEY_FIELDS = new Set(['product_price', 'last_purchase_price']);
const nameSize = (name: string, size: string) => `${name.trim().toUpperCase()}|${size.trim().toUpperCase()}`;

function productInput(raw: Raw): Record<string, unknown> {
  const input: Record<string, unknown> = { ...raw };
  for (const f of MONEY_FIELDS) if (f in raw) input[f] = moneyText(raw[f]);
  return input;
}

/** The mapped fields whose value differs from the stored product. */
function productChanges(v: Record<string, unknown>, p: ProductRow, mapped: string[]): ProductPatch {
  const patch: Record<string, unknown> = {};
  for (const f of mapped) {
    const now = v[f];
    const was = (p as Record<string, unknown>)[f];
    const same = MONEY_FIELDS.has(f) ? toCents(now as number) === toCents(was as string) : text(now) === text(was);
    if (!same) patch[f] = now;
  }
  return patch as ProductPatch;
}

/** The company's products as a row finds its product: by UPC (the first product with it), else by name + size. */
async function productIndex(db: DbOrTx, companyId: number) {
  const byUpc = new Map<string, ProductRow>();
  const byNameSize = new Map<string, ProductRow>();
  for (const p of await allProducts(db, companyId)) {
    if (p.upc && !byUpc.has(p.upc)) byUpc.set(p.upc, p);
    byNameSize.set(nameSize(p.product, p.product_size), p);
  }
  return { byUpc, byNameSize };
}

async function planProducts(
  wiring: ProductWiring,
  db: DbOrTx,
  w: Writer,
  sheet: Sheet,
  mapping: Record<string, string>,
): Promise<Plan> {
  const { byUpc, byNameSize } = await productIndex(db, w.companyId);
  const mapped = Object.keys(mapping).filter((f) => PRODUCT_FIELDS.includes(f));
  const seen = new Map<string, number>();
  const out = counter();
  for (const r of sheet.rows) {
    const raw = mapCells(sheet.headers, mapping, r.cells);
    const parsed = productCreateSchema.safeParse(productInput(raw));
    if (!parsed.success) {
      out.push(invalid(r, firstMessages(parsed.error), raw));
      continue;
    }
    const v = parsed.data;
    const ns = nameSize(v.product, v.product_size);
    const match = (v.upc ? byUpc.get(v.upc) : undefined) ?? byNameSize.get(ns);
    const keys = [`n:${ns}`, ...(v.upc ? [`u:${v.upc}`] : []), ...(match ? [`id:${match.id}`] : [])];
    const dup = keys.map((k) => seen.get(k)).find((n) => n !== undefined);
    if (dup !== undefined) {
      out.push(invalid(r, IMPORT_MSG.duplicateRow(dup), raw));
      continue;
    }
    for (const k of keys) seen.set(k, r.row);
    const values = asStrings(v, PRODUCT_FIELDS);
    const clash = byNameSize.get(ns);
    if (match && clash && clash.id !== match.id) {
      out.push(invalid(r, `Product ${v.product} ${v.product_size} already exists`, raw));
      continue;
    }
    if (!match) {
      const apply = async (tx: Db) => {
        await createProduct(wiring, tx, w.companyId, w.userId, v);
      };
      out.push({ ...planned(r, 'new', values, apply), bulk: v });
      continue;
    }
    // a blank cell keeps what is stored: an import never erases a value by leaving it out
    const patch = productChanges(
      v,
      match,
      mapped.filter((f) => raw[f] !== ''),
    );
    const action = Object.keys(patch).length === 0 ? 'unchanged' : 'updated';
    out.push(
      planned(r, action, values, async (tx) => {
        await updateProduct(wiring, tx, w.companyId, w.userId, match.id, patch);
      }),
    );
  }
  return {
    ...out,
    bulk: async (tx, rows) => {
      await createProducts(
        wiring,
        tx,
        w.companyId,
        w.userId,
        rows.map((r) => r.bulk as ProductCreateValues),
      );
    },
  };
}

// ---- opening stock ---------------------------------------------------------------------------------

const STOCK_FIELDS = IMPORT_FIELDS.stock.map((f) => f.name);

function qtyOf(s: string): number | null {
  if (!/^-?\d+(\.0+)?$/.test(s.replace(/,/g, ''))) return null;
  const n = Number(s.replace(/,/g, ''));
  return Number.isInteger(n) && n >= 0 && n <= LIMITS.maxQty ? n : null;
}

async function planStock(db: DbOrTx, w: Writer, sheet: Sheet, mapping: Record<string, string>): Promise<Plan> {
  const { byUpc, byNameSize } = await productIndex(db, w.companyId);
  const stock = await stockByProduct(db, w.companyId);
  const seen = new Map<number, number>();
  const out = counter();
  for (const r of sheet.rows) {
    const raw = mapCells(sheet.headers, mapping, r.cells);
    const upc = raw.upc ?? '';
    const hasName = !!raw.product && !!raw.product_size;
    if (!upc && !hasName) {
      out.push(invalid(r, IMPORT_MSG.productKey, raw));
      continue;
    }
    const qty = qtyOf(raw.qty ?? '');
    if (qty === null) {
      out.push(invalid(r, IMPORT_MSG.qty, raw));
      continue;
    }
    const p =
      (upc ? byUpc.get(upc) : undefined) ??
      (hasName ? byNameSize.get(nameSize(raw.product, raw.product_size)) : undefined);
    if (!p) {
      out.push(invalid(r, IMPORT_MSG.productNotFound, raw));
      continue;
    }
    const dup = seen.get(p.id);
    if (dup !== undefined) {
      out.push(invalid(r, IMPORT_MSG.duplicateRow(dup), raw));
      continue;
    }
    seen.set(p.id, r.row);
    const values = asStrings({ upc: p.upc, product: p.product, product_size: p.product_size, qty }, STOCK_FIELDS);
    const current = stock.get(p.id);
    const action: RowAction = current === undefined ? 'new' : current === qty ? 'unchanged' : 'updated';
    out.push(
      planned(r, action, values, async (db2) => {
        const write = (tx: Tx) =>
          setProductStock(tx, {
            companyId: w.companyId,
            productId: p.id,
            qty,
            userId: w.userId,
            source: 'import',
          });
        await db2.transaction(write);
      }),
    );
  }
  return out;
}

export async function planImport(
  wiring: ProductWiring,
  db: DbOrTx,
  kind: ImportKind,
  w: Writer,
  sheet: Sheet,
  mapping: Record<string, string>,
): Promise<Plan> {
  if (kind === 'customers') return planCustomers(db, w, sheet, mapping);
  if (kind === 'products') return planProducts(wiring, db, w, sheet, mapping);
  return planStock(db, w, sheet, mapping);
}
