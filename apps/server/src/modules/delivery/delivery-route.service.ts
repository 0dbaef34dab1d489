/**
 * Routes for the day: which invoices go on whose truck, in which order. An invoice may go on a
 * route when it is invoiced or later, not cancelled and not yet delivered, and it is on one route
 * at a time; a delivered invoice stays on its route (and a route with one cannot be deleted).
 */
import { DELIVERY_MSG, type RouteCreateInput, type RouteUpdateInput } from '@dbo/domain/delivery';
import { displayNumber } from '@dbo/domain/invoice';
import { can } from '@dbo/domain/permissions';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { customerNumberingOn, lockCompany } from '../invoices/invoice-lookup.service.js';
import { invoices } from '../invoices/invoices.tables.js';
import { findRoute, isCod, readRoute } from './delivery-read.service.js';
import { deliveryInvoices, deliveryRoutes, deliveryStops } from './delivery.tables.js';

/** Statuses an invoice can leave the warehouse in. */
const NOT_ELIGIBLE = ['draft', 'cancelled', 'delivered'];

interface Actor {
  companyId: number;
  userId: number;
}

/** A driver is a user of the company whose role works deliveries (the driver role; owners and managers too). */
/** A user who can still sign in: not disabled, not removed from the team (a route is theirs to drive). */
const activeStaff = and(eq(users.active, true), isNull(users.removed_at));

async function checkDriver(db: DbOrTx, companyId: number, driverId: number) {
  const [u] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.id, driverId), activeStaff));
  if (!u || !can(u.role, 'delivery.own')) throw badRequest(DELIVERY_MSG.driverNotFound);
}

/** The invoices, locked, each checked eligible for `routeId` (or for a new route). */
async function eligibleInvoices(tx: Tx, companyId: number, ids: readonly number[], routeId: number | null) {
  if (!ids.length) return [];
  const rows = await tx
    .select({ inv: invoices, customer: customers })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .where(and(eq(invoices.company_id, companyId), inArray(invoices.id, [...ids])))
    .for('update', { of: invoices });
  const numbering = await customerNumberingOn(tx, companyId);
  const elsewhere = await tx
    .select({ invoice_id: deliveryInvoices.invoice_id, route_id: deliveryInvoices.route_id })
    .from(deliveryInvoices)
    .where(and(eq(deliveryInvoices.company_id, companyId), inArray(deliveryInvoices.invoice_id, [...ids])));
  const onRoute = new Map(elsewhere.map((e) => [e.invoice_id, e.route_id]));
  const byId = new Map(rows.map((r) => [r.inv.id, r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw badRequest(DELIVERY_MSG.invoiceNotEligible(`#${id}`));
    const label = displayNumber(r.inv, numbering);
    const other = onRoute.get(id);
    if (other !== undefined && other !== routeId) throw badRequest(DELIVERY_MSG.invoiceOnOtherRoute(label));
    if (other === undefined && (NOT_ELIGIBLE.includes(r.inv.status) || r.inv.signed_at))
      throw badRequest(DELIVERY_MSG.invoiceNotEligible(label));
    return r;
  });
}

/** Puts the invoices on the route: a stop per customer (kept if it was there), appended in order. */
async function placeInvoices(
  tx: Tx,
  companyId: number,
  routeId: number,
  rows: Awaited<ReturnType<typeof eligibleInvoices>>,
) {
  const stops = await tx.select().from(deliveryStops).where(eq(deliveryStops.route_id, routeId));
  const stopOf = new Map(stops.map((s) => [s.customer_id, s.id]));
  let position = stops.reduce((m, s) => Math.max(m, s.position), 0);
  const existing = new Set(
    (
      await tx
        .select({ invoice_id: deliveryInvoices.invoice_id })
        .from(deliveryInvoices)
        .where(eq(deliveryInvoices.route_id, routeId))
    ).map((r) => r.invoice_id),
  );
  let i = 0;
  for (const { inv } of rows) {
    i++;
    let stopId = stopOf.get(inv.customer_id);
    if (stopId === undefined) {
      const [s] = await tx
        .insert(deliveryStops)
        .values({ company_id: companyId, route_id: routeId, customer_id: inv.customer_id, position: ++position })
        .returning();
      stopId = s.id;
      stopOf.set(inv.customer_id, stopId);
    }
    if (existing.has(inv.id))
      await tx.update(deliveryInvoices).set({ position: i }).where(eq(deliveryInvoices.invoice_id, inv.id));
    else
      await tx
        .insert(deliveryInvoices)
        .values({ company_id: companyId, route_id: routeId, stop_id: stopId, invoice_id: inv.id, position: i });
  }
}

export async function createRoute(db: Db, actor: Actor, v: RouteCreateInput & { date: string }) {
  await checkDriver(db, actor.companyId, Number(v.driver_user_id));
  const id = await db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const rows = await eligibleInvoices(tx, actor.companyId, v.invoice_ids.map(Number), null);
    const [route] = await tx
      .insert(deliveryRoutes)
      .values({
        company_id: actor.companyId,
        date: v.date,
        driver_user_id: Number(v.driver_user_id),
        user_id: actor.userId,
      })
      .returning();
    await placeInvoices(tx, actor.companyId, route.id, rows);
    return route.id;
  });
  return readRoute(db, actor.companyId, id);
}

export async function updateRoute(db: Db, actor: Actor, id: number, v: RouteUpdateInput) {
  const { companyId } = actor;
  if (v.driver_user_id !== undefined) await checkDriver(db, companyId, Number(v.driver_user_id));
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const route = await findRoute(tx, companyId, id);
    const set: Partial<typeof deliveryRoutes.$inferInsert> = { updated_at: new Date() };
    if (v.driver_user_id !== undefined) set.driver_user_id = Number(v.driver_user_id);
    if (v.invoice_ids) {
      const ids = v.invoice_ids.map(Number);
      const gone = await tx
        .select({ di: deliveryInvoices, inv: invoices })
        .from(deliveryInvoices)
        .innerJoin(invoices, eq(invoices.id, deliveryInvoices.invoice_id))
        .where(and(eq(deliveryInvoices.route_id, route.id), notInArray(deliveryInvoices.invoice_id, ids)));
      const numbering = await customerNumberingOn(tx, companyId);
      for (const g of gone)
        if (g.di.completed_at) throw badRequest(DELIVERY_MSG.removeCompleted(displayNumber(g.inv, numbering)));
      if (gone.length)
        await tx.delete(deliveryInvoices).where(
          inArray(
            deliveryInvoices.id,
            gone.map((g) => g.di.id),
          ),
        );
      await placeInvoices(tx, companyId, route.id, await eligibleInvoices(tx, companyId, ids, route.id));
      // a customer with no invoice left on the route is no stop any more
      await tx
        .delete(deliveryStops)
        .where(
          and(
            eq(deliveryStops.route_id, route.id),
            sql`not exists (select 1 from ${deliveryInvoices} where ${deliveryInvoices.stop_id} = ${deliveryStops.id})`,
          ),
        );
    }
    if (v.stop_order) await reorderStops(tx, route.id, v.stop_order.map(Number));
    await tx.update(deliveryRoutes).set(set).where(eq(deliveryRoutes.id, route.id));
  });
  return readRoute(db, companyId, id);
}

async function reorderStops(tx: Tx, routeId: number, order: number[]) {
  const stops = await tx
    .select({ id: deliveryStops.id })
    .from(deliveryStops)
    .where(eq(deliveryStops.route_id, routeId))
    .orderBy(asc(deliveryStops.position));
  const have = new Set(stops.map((s) => s.id));
  if (order.length !== have.size || new Set(order).size !== order.length || order.some((s) => !have.has(s)))
    throw badRequest(DELIVERY_MSG.stopOrder);
  for (const [i, stopId] of order.entries())
    await tx
      .update(deliveryStops)
      .set({ position: i + 1 })
      .where(eq(deliveryStops.id, stopId));
}

export async function deleteRoute(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const route = await findRoute(tx, actor.companyId, id);
    const [done] = await tx
      .select({ id: deliveryInvoices.id })
      .from(deliveryInvoices)
      .where(and(eq(deliveryInvoices.route_id, route.id), sql`${deliveryInvoices.completed_at} is not null`))
      .limit(1);
    if (done) throw badRequest(DELIVERY_MSG.deleteCompleted);
    await tx.delete(deliveryRoutes).where(eq(deliveryRoutes.id, route.id));
  });
  return { success: true, id };
}

/** Invoices the office may put on a route (with the route they are on, if any). */
export async function eligibleForRoutes(db: DbOrTx, companyId: number) {
  const numbering = await customerNumberingOn(db, companyId);
  const rows = await db
    .select({ inv: invoices, customer: customers, route_id: deliveryInvoices.route_id })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer_id))
    .leftJoin(deliveryInvoices, eq(deliveryInvoices.invoice_id, invoices.id))
    .where(
      and(
        eq(invoices.company_id, companyId),
        notInArray(invoices.status, NOT_ELIGIBLE),
        isNull(invoices.signed_at),
        isNull(deliveryInvoices.completed_at),
      ),
    )
    .orderBy(sql`${invoices.invoiced_at} desc`, sql`${invoices.id} desc`)
    .limit(500);
  return rows.map(({ inv, customer, route_id }) => ({
    id: inv.id,
    number_label: displayNumber(inv, numbering),
    status: inv.status,
    invoiced_at: inv.invoiced_at,
    total: Number(inv.total),
    customer_id: customer.id,
    customer_name: customer.name,
    address: [customer.address, customer.city, customer.zip].filter(Boolean).join(', '),
    cod: isCod(inv, customer),
    route_id,
  }));
}

/** Who may be named driver: the company's drivers first, then the owners and managers who also drive. */
export async function listDrivers(db: DbOrTx, companyId: number) {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.company_id, companyId), activeStaff))
    .orderBy(asc(users.name));
  const drivers = rows.filter((u) => can(u.role, 'delivery.own'));
  return [...drivers.filter((u) => u.role === 'driver'), ...drivers.filter((u) => u.role !== 'driver')];
}
