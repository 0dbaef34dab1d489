import { canTransition, ORDER_MSG, type OrderStatus, type OrderStatusChange } from '@dbo/domain/order';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import { orderItems, orderNotes, orders } from './orders.tables.js';

/**
 * PUT /order/{id} {status, note}: a placed order may be cancelled or rejected (irreversible; its
 * lines are marked rejected with the note). The same status again is 'nothing to update'. Under a
 * row lock, so a concurrent invoice or second change sees the new status.
 */
export async function changeOrderStatus(
  db: Db,
  actor: { companyId: number; userId: number },
  id: number,
  change: OrderStatusChange,
) {
  return db.transaction(async (tx) => {
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.company_id, actor.companyId)))
      .for('update');
    if (!o || o.status === 'draft') throw notFound(ORDER_MSG.notFound);
    const from = o.status as OrderStatus;
    if (from === change.status) throw badRequest(ORDER_MSG.nothingToUpdate);
    if (!canTransition(from, change.status)) throw badRequest(ORDER_MSG.transition(from, change.status));
    const note = change.note || null;
    await tx.update(orders).set({ status: change.status, updated_at: new Date() }).where(eq(orders.id, o.id));
    if (change.status === 'rejected')
      await tx.update(orderItems).set({ is_rejected: true, rejection_note: note }).where(eq(orderItems.order_id, o.id));
    if (note)
      await tx.insert(orderNotes).values({
        company_id: actor.companyId,
        order_id: o.id,
        note,
        company_user_id: actor.userId,
      });
    await recordActivity(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      module: 'ORDER',
      type: 'UPDATE',
      info: { orderNumber: o.order_number, orderId: o.id, from, to: change.status },
    });
    return { ...o, status: change.status };
  });
}
