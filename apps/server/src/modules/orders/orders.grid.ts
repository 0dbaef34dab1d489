import { HIDDEN_INVOICE_STATUSES } from '@dbo/domain/customer-app';
import type { GridQuery } from '@dbo/domain/grid';
import type { OrderGridOut, OrderRowOut, OrderStatus } from '@dbo/domain/order';
import { and, asc, count, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type GridColumns, gridClauses } from '../../db/grid.js';
import { customers, customerUsers } from '../customers/customers.tables.js';
import { invoices } from '../invoices/invoices.tables.js';
import { orderInvoices, orderItems, orders } from './orders.tables.js';

const columns: GridColumns = {
  status: { expr: orders.status, type: 'set' },
  order_number: { expr: orders.order_number, type: 'number' },
  created_at: { expr: orders.created_at, type: 'timestamp' },
  ordered_at: { expr: orders.ordered_at, type: 'timestamp' },
  total: { expr: orders.total, type: 'number' },
  customer_name: { expr: customers.name, type: 'text' },
  customer_id: { expr: orders.customer_id, type: 'number' },
};

/**
 * A page of placed (non-draft) orders with their customer, line counts and linked invoices: one
 * query for the page, one for the count, one each for counts and invoices of the page's orders.
 */
async function orderPage(
  db: DbOrTx,
  companyId: number,
  q: GridQuery,
  scope?: SQL,
  invoiceScope?: SQL,
): Promise<OrderGridOut> {
  const g = gridClauses(q, columns, {
    defaultSort: [{ colId: 'created_at', sort: 'desc' }],
    tieBreaker: orders.id,
  });
  const where = and(eq(orders.company_id, companyId), ne(orders.status, 'draft'), scope, g.where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        o: orders,
        c: { id: customers.id, name: customers.name, address: customers.address, city: customers.city },
        deleted: sql<boolean>`${customers.deleted_at} is not null`,
        cu: { id: customerUsers.id, name: customerUsers.name },
      })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customer_id))
      .leftJoin(customerUsers, eq(customerUsers.id, orders.customer_user_id))
      .where(where)
      .orderBy(...g.orderBy)
      .limit(g.limit)
      .offset(g.offset),
    db.select({ n: count() }).from(orders).leftJoin(customers, eq(customers.id, orders.customer_id)).where(where),
  ]);
  const ids = rows.map((r) => r.o.id);
  const [counts, invs] = ids.length
    ? await Promise.all([
        db
          .select({
            order_id: orderItems.order_id,
            items: sql<number>`count(*) filter (where not ${orderItems.is_added})::int`,
            units: sql<number>`coalesce(sum(${orderItems.qty}) filter (where not ${orderItems.is_added}), 0)::int`,
          })
          .from(orderItems)
          .where(inArray(orderItems.order_id, ids))
          .groupBy(orderItems.order_id),
        db
          .select({
            order_id: orderInvoices.order_id,
            id: invoices.id,
            number: invoices.number,
            beer: invoices.beer,
            invoiced_at: invoices.invoiced_at,
          })
          .from(orderInvoices)
          .innerJoin(invoices, eq(invoices.id, orderInvoices.invoice_id))
          .where(and(inArray(orderInvoices.order_id, ids), invoiceScope))
          .orderBy(asc(orderInvoices.created_at), asc(invoices.id)),
      ])
    : [[], []];
  const countOf = new Map(counts.map((c) => [c.order_id, c]));
  const rowsOut: OrderRowOut[] = rows.map(({ o, c, deleted, cu }) => ({
    id: o.id,
    order_number: o.order_number ?? 0,
    status: o.status as OrderStatus,
    created_at: o.created_at,
    ordered_at: o.ordered_at,
    total: Number(o.total),
    items_count: countOf.get(o.id)?.items ?? 0,
    units_count: countOf.get(o.id)?.units ?? 0,
    customer_id: o.customer_id,
    customer: c ? { ...c, deleted: !!deleted } : null,
    customer_user: cu,
    invoices: invs
      .filter((i) => i.order_id === o.id)
      .map(({ order_id: _o, ...i }) => i)
      .filter((i) => i.id !== null),
  }));
  return { rows: rowsOut, count: Number(n) };
}

/** GET /order/grid */
export const orderGrid = (db: DbOrTx, companyId: number, q: GridQuery) => orderPage(db, companyId, q);

/** GET /customer-app/order: the customer's orders, newest first, without draft or cancelled invoices. */
export const customerOrders = (db: DbOrTx, companyId: number, customerId: number, q: GridQuery) =>
  orderPage(
    db,
    companyId,
    q,
    eq(orders.customer_id, customerId),
    notInArray(invoices.status, [...HIDDEN_INVOICE_STATUSES]),
  );
