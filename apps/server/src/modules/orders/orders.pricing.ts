import { stockStatus, type StockStatus } from '@dbo/domain/customer-app';
import { centsToString, lineTotalCents, toCents } from '@dbo/domain/money';
import { ORDER_MSG, type OrderLineInput, orderableQty } from '@dbo/domain/order';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { activeFeatureNames } from '../company/company.service.js';
import { companies } from '../company/company.tables.js';
import { inventory } from '../inventory/inventory.tables.js';
import { pricingContext, resolvePrices } from '../products/pricing.service.js';
import { lastInvoicedPrices } from '../invoices/invoice-plugs.js';
import { products } from '../products/products.tables.js';

export type ProductRow = typeof products.$inferSelect;

export interface PricedLine {
  product: ProductRow;
  qty: number;
  /** numeric(12,2) string */
  price: string;
  total: string;
  totalCents: number;
}

/**
 * The company's products a customer asks for, priced for that customer by the one domain price
 * rule. Archived, unknown or another company's products, and those a POS sync created that staff
 * have not saved yet (not in the shop), are refused, naming them. Prices come from the server only.
 */
export async function priceLines(
  db: DbOrTx,
  companyId: number,
  customerId: number,
  lines: readonly OrderLineInput[],
): Promise<PricedLine[]> {
  if (!lines.length) return [];
  const ids = [...new Set(lines.map((l) => l.product_id))];
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.company_id, companyId), inArray(products.id, ids)));
  const byId = new Map(rows.map((p) => [p.id, p]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length) throw badRequest(ORDER_MSG.productUnknown(unknown[0]), unknown.map(ORDER_MSG.productUnknown));
  // archived, or created by a POS sync and not yet saved by staff (hidden from the shop, issue 30)
  const archived = rows.filter((p) => p.archived || p.pos_new);
  if (archived.length) {
    const names = archived.map((p) => ORDER_MSG.productUnavailable(`${p.product} ${p.product_size}`));
    throw badRequest(names[0], names);
  }
  const ctx = await pricingContext(db, companyId, customerId, lastInvoicedPrices);
  const prices = await resolvePrices(db, companyId, rows, ctx);
  return lines.map((l) => {
    const product = byId.get(l.product_id)!;
    const price = centsToString(toCents(prices.get(product.id)!.price));
    const totalCents = lineTotalCents(l.qty, price);
    return { product, qty: l.qty, price, total: centsToString(totalCents), totalCents };
  });
}

/** 'In stock' / 'Low' / 'Out of stock' per product (never the count); empty when inventory is off. */
export async function stockStatuses(
  db: DbOrTx,
  companyId: number,
  rows: readonly { id: number; reorder_level: number | null }[],
): Promise<Map<number, StockStatus>> {
  const levels = await stockLevels(db, companyId, rows);
  return new Map([...levels].map(([id, l]) => [id, l.status]));
}

/** Each product's stock on hand and its status (a product without an inventory row has 0). */
export async function stockLevels(
  db: DbOrTx,
  companyId: number,
  rows: readonly { id: number; reorder_level: number | null }[],
): Promise<Map<number, { qty: number; status: StockStatus }>> {
  const out = new Map<number, { qty: number; status: StockStatus }>();
  if (!rows.length) return out;
  const stock = await db
    .select({ product_id: inventory.product_id, qty: inventory.qty, reorder_level: inventory.reorder_level })
    .from(inventory)
    .where(
      and(
        eq(inventory.company_id, companyId),
        inArray(
          inventory.product_id,
          rows.map((r) => r.id),
        ),
      ),
    );
  const byProduct = new Map(stock.map((s) => [s.product_id, s]));
  for (const r of rows) {
    const s = byProduct.get(r.id);
    const qty = s?.qty ?? 0;
    out.set(r.id, { qty, status: stockStatus(qty, s?.reorder_level ?? r.reorder_level) });
  }
  return out;
}

/**
 * What the shop may take of each product: the stock on hand when the company refuses backorders
 * and inventory is on; nothing (no limit) otherwise. Answers the statuses too (null: inventory off).
 */
export async function orderLimits(
  db: DbOrTx,
  companyId: number,
  rows: readonly { id: number; reorder_level: number | null }[],
) {
  const [[company], features] = await Promise.all([
    db.select({ allow_backorders: companies.allow_backorders }).from(companies).where(eq(companies.id, companyId)),
    activeFeatureNames(db, companyId),
  ]);
  const inventoryOn = features.has('inventory');
  const levels = inventoryOn
    ? await stockLevels(db, companyId, rows)
    : new Map<number, { qty: number; status: StockStatus }>();
  return {
    status: (id: number): StockStatus | null => levels.get(id)?.status ?? null,
    max: (id: number): number | null =>
      orderableQty(inventoryOn ? (levels.get(id)?.qty ?? 0) : null, company?.allow_backorders ?? true),
  };
}

/** Backorders off: refuses lines asking for more than the stock, naming each (400). */
export async function checkStock(db: DbOrTx, companyId: number, lines: readonly PricedLine[]) {
  const limits = await orderLimits(
    db,
    companyId,
    lines.map((l) => l.product),
  );
  const over = lines.flatMap((l) => {
    const max = limits.max(l.product.id);
    return max !== null && l.qty > max
      ? [ORDER_MSG.notEnoughStock(`${l.product.product} ${l.product.product_size}`, max)]
      : [];
  });
  if (over.length) throw badRequest(over[0], over);
}
