import type { SocketSessions } from '../../lib/realtime.js';
import { companyRoom, staffSessionRoom, userRoom } from '../../lib/realtime-rooms.js';
import type { TokenPayload } from './auth.plugin.js';
import { findLiveSession } from './auth.service.js';
import { liveStaffSessionIds } from './session-check.js';

/**
 * A staff token (one without a `kind`) opens a socket in its company's room, its session's and
 * its user's, while the session is live; its sign-out or a password reset closes the socket.
 */
export const staffSockets: SocketSessions = {
  async admit(db, token) {
    const p = token as Partial<TokenPayload> & { kind?: string };
    if (p?.kind !== undefined) return undefined;
    const session = typeof p.jti === 'string' ? await findLiveSession(db, p.jti) : undefined;
    if (!session) throw new Error('Unauthorized');
    return {
      companyId: session.company_id,
      sessionId: session.id,
      rooms: [companyRoom(session.company_id), staffSessionRoom(session.id), userRoom(session.user_id)],
    };
  },
  live: liveStaffSessionIds,
};
