import type { SocketSessions } from '../../lib/realtime.js';
import { customerSessionRoom, customerUserRoom, shopRoom } from '../../lib/realtime-rooms.js';
import { findCustomerSession, liveCustomerSessionIds } from './customer-sessions.service.js';

interface CustomerTokenPayload {
  kind?: string;
  cu?: number;
  cid?: number;
  jti?: string;
}

/**
 * A customer-app token (kind 'customer') joins its user's own room, its session's and the
 * company's shop room, and nothing else; it is refused when the customer user may not sign in.
 */
export const customerSockets: SocketSessions = {
  async admit(db, token) {
    const p = token as CustomerTokenPayload;
    if (p?.kind !== 'customer') return undefined;
    const user = typeof p.jti === 'string' ? await findCustomerSession(db, p.jti) : undefined;
    if (!user || user.id !== p.cu || user.company_id !== p.cid) throw new Error('Unauthorized');
    const sessionId = p.jti as string;
    return {
      companyId: user.company_id,
      sessionId,
      rooms: [customerUserRoom(user.id), customerSessionRoom(sessionId), shopRoom(user.company_id)],
    };
  },
  live: liveCustomerSessionIds,
};
