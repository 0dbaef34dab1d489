import type { Socket } from 'socket.io';
import type { Db } from '../db/client.js';
import { customerUserSession } from '../modules/customers/customer-users.service.js';

/** Staff of a company share its room; each customer user has a room of their own, and the company's shop room. */
export const companyRoom = (companyId: number) => `company:${companyId}`;
export const customerUserRoom = (customerUserId: number) => `customer-user:${customerUserId}`;
/** every signed-in customer user of a company: the shop's company-wide events (SHOP_EVENTS) */
export const shopRoom = (companyId: number) => `shop:${companyId}`;

interface CustomerTokenPayload {
  kind?: string;
  cu?: number;
  cid?: number;
}

/**
 * A customer-app token (kind 'customer') joins its user's own room and nothing else. Answers false
 * for any other token (the staff check then runs); throws when the customer user may not sign in.
 */
export async function joinCustomerRoom(db: Db, socket: Socket, payload: unknown): Promise<boolean> {
  const p = payload as CustomerTokenPayload;
  if (p?.kind !== 'customer') return false;
  const user = typeof p.cu === 'number' ? await customerUserSession(db, p.cu) : undefined;
  if (!user || user.company_id !== p.cid) throw new Error('Unauthorized');
  socket.data.customerUserId = user.id;
  socket.data.companyId = user.company_id;
  await socket.join([customerUserRoom(user.id), shopRoom(user.company_id)]);
  return true;
}
