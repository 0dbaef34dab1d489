/**
 * The route as every screen reads it (office, route sheet, driver's phone): stops in order, each
 * with its customer, invoices and lines, the distilled spirits in gallons with TABC's 2.4-gallon
 * warning, what to collect at the door, and the route's progress.
 */
import { casesAndBottles, mapsUrl, spiritsCheck, type RouteOut } from '@dbo/domain/delivery';
import { displayNumber } from '@dbo/domain/invoice';
import { centsToString, toCents } from '@dbo/domain/money';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { decodeObject, jsonObject } from '../../db/json-rows.js';
import { notFound } from '../../lib/errors.js';
import { users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { customerNumberingOn } from '../invoices/invoice-lookup.service.js';
import { invoiceItems, invoices } from '../invoices/invoices.tables.js';
import { creditMemos } from '../payments/payments.tables.js';
import { deliveryInvoices, deliveryRoutes, deliveryStops } from './delivery.tables.js';
import { DELIVERY_MSG } from '@dbo/domain/delivery';
import type { InvoiceReceivedPart, InvoiceReadPart } from '../invoices/invoice-read.service.js';

type RouteRow = typeof deliveryRoutes.$inferSelect;

const money = (cents: number) => Number(centsToString(cents));

/** Cash on delivery: the customer is COD, or the invoice is beer (Alco. Bev. Code §102.31). */
export const isCod = (inv: { beer: boolean }, customer: { cash_on_delivery: boolean }) =>
  customer.cash_on_delivery || inv.beer;

interface StoredLine {
  item_id: number;
  delivered_qty: number;
  reason: string;
}

export function parseLines(text: string | null): StoredLine[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? (v as StoredLine[]) : [];
  } catch {
    return [];
  }
}

export async function findRoute(db: DbOrTx, companyId: number, id: number): Promise<RouteRow> {
  const [r] = await db
    .select()
    .from(deliveryRoutes)
    .where(and(eq(deliveryRoutes.company_id, companyId), eq(deliveryRoutes.id, id)));
  if (!r) throw notFound(DELIVERY_MSG.routeNotFound);
  return r;
}

/** The read model of several routes of one company, in the order given. */
export async function readRoutes(db: DbOrTx, companyId: number, routes: RouteRow[]): Promise<RouteOut[]> {
  if (!routes.length) return [];
  const ids = routes.map((r) => r.id);
  const numbering = await customerNumberingOn(db, companyId);
  const stops = await db
    .select({ stop: deliveryStops, customer: customers })
    .from(deliveryStops)
    .innerJoin(customers, eq(customers.id, deliveryStops.customer_id))
    .where(and(eq(deliveryStops.company_id, companyId), inArray(deliveryStops.route_id, ids)))
    .orderBy(asc(deliveryStops.position), asc(deliveryStops.id));
  const onRoute = await db
    .select({ di: deliveryInvoices, inv: invoices, memoTotal: creditMemos.total })
    .from(deliveryInvoices)
    .innerJoin(invoices, eq(invoices.id, deliveryInvoices.invoice_id))
    .leftJoin(creditMemos, eq(creditMemos.id, deliveryInvoices.credit_memo_id))
    .where(and(eq(deliveryInvoices.company_id, companyId), inArray(deliveryInvoices.route_id, ids)))
    .orderBy(asc(deliveryInvoices.position), asc(deliveryInvoices.id));
  const invIds = onRoute.map((r) => r.inv.id);
  const items = invIds.length
    ? await db
        .select()
        .from(invoiceItems)
        .where(inArray(invoiceItems.invoice_id, invIds))
        .orderBy(asc(invoiceItems.position), asc(invoiceItems.id))
    : [];
  const drivers = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.company_id, companyId));
  const driverName = new Map(drivers.map((d) => [d.id, d.name]));

  return routes.map((route) => {
    const exceptions: string[] = [];
    let codExpected = 0;
    let codCollected = 0;
    let codShort = 0;
    let invoicesDone = 0;
    const routeStops = stops
      .filter((s) => s.stop.route_id === route.id)
      .map(({ stop, customer }, i) => {
        const mine = onRoute.filter((r) => r.di.stop_id === stop.id);
        const allLines = mine.flatMap((r) => items.filter((it) => it.invoice_id === r.inv.id));
        const { spirits_gallons, warnings } = spiritsCheck(
          allLines.map((l) => ({
            product_type: l.product_type,
            product_size: l.product_size,
            product_name: l.product_name,
            qty: l.qty,
          })),
        );
        let codCents = 0;
        const invs = mine.map(({ di, inv, memoTotal }) => {
          const cod = isCod(inv, customer);
          const balance = toCents(inv.total) - toCents(inv.paid_total);
          const done = !!di.completed_at;
          const delivered = new Map(parseLines(di.lines).map((l) => [l.item_id, l]));
          const label = displayNumber(inv, numbering);
          if (cod) {
            const due = done ? toCents(di.cod_due ?? '0') : Math.max(balance, 0);
            codCents += done ? 0 : Math.max(balance, 0);
            codExpected += due;
            if (done) {
              const paid = toCents(di.payment_amount ?? '0');
              codCollected += paid;
              if (paid < due) codShort += due - paid;
              if (paid < due)
                exceptions.push(`Invoice ${label}: collected ${money(paid).toFixed(2)} of ${money(due).toFixed(2)}`);
            }
          }
          if (done) invoicesDone++;
          for (const l of delivered.values())
            if (done && l.reason) {
              const it = items.find((x) => x.id === l.item_id);
              exceptions.push(
                `Invoice ${label}: ${it?.product_name ?? 'item'} delivered ${l.delivered_qty} of ${it?.qty ?? '?'} (${l.reason})`,
              );
            }
          return {
            id: inv.id,
            number_label: label,
            status: inv.status,
            invoiced_at: inv.invoiced_at,
            total: Number(inv.total),
            balance: money(balance),
            cod,
            lines: items
              .filter((it) => it.invoice_id === inv.id)
              .map((it) => {
                const d = delivered.get(it.id);
                return {
                  item_id: it.id,
                  product_id: it.product_id,
                  product_name: it.product_name,
                  product_type: it.product_type,
                  product_size: it.product_size,
                  qty: it.qty,
                  ...casesAndBottles(it.qty, it.product_size),
                  delivered_qty: done ? (d?.delivered_qty ?? it.qty) : null,
                  reason: d?.reason || null,
                };
              }),
            completed: done,
            received_by: di.received_by,
            completed_at: di.completed_at,
            payment: di.payment_method
              ? {
                  method: di.payment_method,
                  amount: Number(di.payment_amount ?? 0),
                  reference: di.payment_reference ?? '',
                }
              : null,
            credit_memo_total: memoTotal === null ? null : Number(memoTotal),
          };
        });
        return {
          id: stop.id,
          position: i + 1,
          customer: {
            id: customer.id,
            name: customer.name,
            address: customer.address,
            city: customer.city,
            state: customer.state,
            zip: customer.zip,
            contact_name: customer.contact_name,
            contact_phone: customer.contact_phone,
            maps_url: mapsUrl([customer.address, customer.city, `${customer.state} ${customer.zip}`]),
          },
          invoices: invs,
          spirits_gallons,
          cod_amount: money(codCents),
          warnings,
          done: invs.length > 0 && invs.every((v) => v.completed),
        };
      });
    return {
      id: route.id,
      date: route.date,
      driver_user_id: route.driver_user_id,
      driver_name: route.driver_user_id ? (driverName.get(route.driver_user_id) ?? '') : '',
      stops: routeStops,
      progress: {
        stops: routeStops.length,
        stops_done: routeStops.filter((s) => s.done).length,
        invoices: routeStops.reduce((n, s) => n + s.invoices.length, 0),
        invoices_done: invoicesDone,
        cod_expected: money(codExpected),
        cod_collected: money(codCollected),
        cod_short: money(codShort),
        exceptions,
      },
      updated_at: route.updated_at,
    };
  });
}

export async function readRoute(db: DbOrTx, companyId: number, id: number) {
  const [out] = await readRoutes(db, companyId, [await findRoute(db, companyId, id)]);
  return out;
}

export async function routesOn(db: DbOrTx, companyId: number, date: string, driverUserId?: number) {
  const rows = await db
    .select()
    .from(deliveryRoutes)
    .where(
      and(
        eq(deliveryRoutes.company_id, companyId),
        eq(deliveryRoutes.date, date),
        driverUserId === undefined ? undefined : eq(deliveryRoutes.driver_user_id, driverUserId),
      ),
    )
    .orderBy(asc(deliveryRoutes.id));
  return readRoutes(db, companyId, rows);
}

const receivedColumns = {
  received_by: deliveryInvoices.received_by,
  completed_at: deliveryInvoices.completed_at,
  signature: deliveryInvoices.signature,
};
type ReceivedRow = { [K in keyof typeof receivedColumns]: (typeof receivedColumns)[K]['_']['data'] | null };

/** The invoice's signature for its read model (PDF, print page, email). */
export const receivedPart: InvoiceReadPart<InvoiceReceivedPart | null> = {
  sql: (invoiceId) =>
    sql`(select ${jsonObject(receivedColumns)} from ${deliveryInvoices} where ${deliveryInvoices.invoice_id} = ${invoiceId} limit 1)`,
  decode: (json) => {
    if (json === null || json === undefined) return null;
    const row = decodeObject<ReceivedRow>(receivedColumns, json);
    if (!row.completed_at || !row.received_by) return null;
    return { received_by: row.received_by, received_at: row.completed_at, signature: row.signature };
  },
};
