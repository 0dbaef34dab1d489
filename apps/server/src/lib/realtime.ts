import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { TokenPayload } from '../modules/auth/auth.plugin.js';
import { findLiveSession } from '../modules/auth/auth.service.js';

const room = (companyId: number) => `company:${companyId}`;

/**
 * socket.io on the app's HTTP server (websocket transport, token in the handshake). With REDIS_URL
 * the Redis adapter lets several server processes share events.
 */
export async function attachRealtime(app: FastifyInstance, redisUrl?: string) {
  const io = new Server(app.server, { path: '/socket.io', transports: ['websocket'], serveClient: false });
  if (redisUrl) {
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }
  io.use(async (socket, next) => {
    try {
      const token = String(socket.handshake.auth?.token ?? '');
      const payload = app.jwt.verify<TokenPayload>(token);
      const session = await findLiveSession(app.deps.db, payload.jti);
      if (!session) return next(new Error('Unauthorized'));
      socket.data.companyId = session.company_id;
      await socket.join(room(session.company_id));
      next();
    } catch {
      next(new Error('Unauthorized'));
    }
  });
  app.addHook('onClose', async () => {
    await io.close();
  });
  return (companyId: number, event: string, payload?: unknown) => {
    io.to(room(companyId)).emit(event, payload ?? {});
  };
}
