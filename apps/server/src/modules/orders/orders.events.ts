import {
  ORDER_EVENTS,
  ORDER_STATUS_LABELS,
  type OrderPlacedEvent,
  type OrderStatus,
  type OrderStatusEvent,
} from '@dbo/domain/order';
import { HIDDEN_INVOICE_STATUSES } from '@dbo/domain/customer-app';
import { and, eq, notInArray } from 'drizzle-orm';
import type { AppServices } from '../../lib/http.js';
import { companies, users } from '../company/company.tables.js';
import { customers, customerUsers } from '../customers/customers.tables.js';
import { invoices } from '../invoices/invoices.tables.js';
import { orderInvoices, orders } from './orders.tables.js';

export interface OrderRef {
  id: number;
  order_number: number | null;
  status: string;
  customer_user_id: number | null;
}

/**
 * Live events (spec 2 section 7) and e-mail for orders. Called after the change committed; a mail
 * failure is logged, never reported as a failed order.
 */
export function orderNotifier(deps: AppServices, log: (err: unknown) => void = () => {}) {
  const { db, mailer, config } = deps;
  const link = (path: string) => `${config.publicUrl.replace(/\/$/, '')}${path}`;

  const hasVisibleInvoice = async (orderId: number) => {
    const [v] = await db
      .select({ id: invoices.id })
      .from(orderInvoices)
      .innerJoin(invoices, eq(invoices.id, orderInvoices.invoice_id))
      .where(and(eq(orderInvoices.order_id, orderId), notInArray(invoices.status, [...HIDDEN_INVOICE_STATUSES])))
      .limit(1);
    return !!v;
  };

  return {
    /** order:placed to the company's staff; 'New order #N' to staff with e-mail notifications on. */
    async placed(orderId: number) {
      const [row] = await db
        .select({ o: orders, customer: customers.name, company: companies.name })
        .from(orders)
        .innerJoin(companies, eq(companies.id, orders.company_id))
        .leftJoin(customers, eq(customers.id, orders.customer_id))
        .where(eq(orders.id, orderId));
      if (!row) return;
      const n = row.o.order_number ?? 0;
      const payload: OrderPlacedEvent = {
        id: row.o.id,
        order_number: n,
        customer_name: row.customer ?? 'Deleted Customer',
        total: Number(row.o.total),
      };
      deps.emit(row.o.company_id, ORDER_EVENTS.placed, payload);
      const staff = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.company_id, row.o.company_id), eq(users.email_notification, true)));
      if (!staff.length) return;
      try {
        await mailer.send({
          to: staff.map((s) => s.email),
          subject: `New order #${n}`,
          text: `${payload.customer_name} placed order #${n} (total ${payload.total.toFixed(2)}).\n\n${link(`/order/${n}`)}\n`,
        });
      } catch (err) {
        log(err);
      }
    },

    /**
     * order:status or order:invoiced to the company's staff and the customer user who placed it;
     * the customer user gets a message when the order is invoiced or rejected (if they want e-mail).
     */
    async statusChanged(o: OrderRef, event: 'status' | 'invoiced') {
      const [row] = await db
        .select({ company_id: orders.company_id, company: companies.name, subdomain: companies.subdomain })
        .from(orders)
        .innerJoin(companies, eq(companies.id, orders.company_id))
        .where(eq(orders.id, o.id));
      if (!row) return;
      const payload: OrderStatusEvent = {
        id: o.id,
        order_number: o.order_number ?? 0,
        status: o.status as OrderStatus,
      };
      const name = event === 'invoiced' ? ORDER_EVENTS.invoiced : ORDER_EVENTS.status;
      deps.emit(row.company_id, name, payload);
      if (!o.customer_user_id) return;
      deps.emitToCustomer(o.customer_user_id, name, payload);
      if (!['invoiced', 'partially_invoiced', 'rejected'].includes(o.status)) return;
      const [cu] = await db
        .select({ email: customerUsers.email, name: customerUsers.name, wants: customerUsers.email_notification })
        .from(customerUsers)
        .where(eq(customerUsers.id, o.customer_user_id));
      if (!cu?.wants) return;
      // an order invoiced only on drafts is still being prepared for the customer: no mail yet
      if (o.status !== 'rejected' && !(await hasVisibleInvoice(o.id))) return;
      const label = ORDER_STATUS_LABELS[o.status as OrderStatus];
      const path = row.subdomain ? `/shop/${row.subdomain}/order/${o.id}` : `/order/${o.id}`;
      try {
        await mailer.send({
          to: cu.email,
          subject: `Your order #${payload.order_number} is ${label.toLowerCase()}`,
          text: `Hello ${cu.name},\n\n${row.company} changed your order #${payload.order_number}: ${label}.\n\n${link(path)}\n`,
        });
      } catch (err) {
        log(err);
      }
    },
  };
}
