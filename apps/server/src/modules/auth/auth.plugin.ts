import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import { findLiveSession } from './auth.service.js';

export interface TokenPayload {
  sub: string;
  cid: number;
  jti: string;
}

/** Adds `app.authenticate`: any missing, expired or revoked token answers 401. */
export default fp(async (app) => {
  app.decorateRequest('auth', null as never);
  app.decorate('authenticate', async (req: FastifyRequest, _reply: FastifyReply) => {
    let payload: TokenPayload;
    try {
      payload = await req.jwtVerify<TokenPayload>();
    } catch {
      throw unauthorized();
    }
    const s = await findLiveSession(app.deps.db, payload.jti);
    if (!s) throw unauthorized();
    req.auth = { userId: s.user_id, companyId: s.company_id, role: s.role, sessionId: s.id };
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}
