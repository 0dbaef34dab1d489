import type { Socket } from 'socket.io';
import type { Db } from '../db/client.js';
import { findCustomerSession } from '../modules/customers/customer-sessions.service.js';

/** Staff of a company share its room; each customer user has a room of their own. */
export const companyRoom = (companyId: number) => `company:${companyId}`;
export const customerUserRoom = (customerUserId: number) => `customer-user:${customerUserId}`;
/** The sockets opened with one customer-app session's token (its sign-out closes them). */
export const customerSessionRoom = (sessionId: string) => `customer-session:${sessionId}`;

interface CustomerTokenPayload {
  kind?: string;
  cu?: number;
  cid?: number;
  jti?: string;
}

/**
 * A customer-app token (kind 'customer') joins its user's own room and nothing else. Answers false
 * for any other token (the staff check then runs); throws when the customer user may not sign in.
 */
export async function joinCustomerRoom(db: Db, socket: Socket, payload: unknown): Promise<boolean> {
  const p = payload as CustomerTokenPayload;
  if (p?.kind !== 'customer') return false;
  const user = typeof p.jti === 'string' ? await findCustomerSession(db, p.jti) : undefined;
  if (!user || user.id !== p.cu || user.company_id !== p.cid) throw new Error('Unauthorized');
  socket.data.customerUserId = user.id;
  socket.data.companyId = user.company_id;
  socket.data.customerSessionId = p.jti;
  await socket.join([customerUserRoom(user.id), customerSessionRoom(p.jti as string)]);
  return true;
}
