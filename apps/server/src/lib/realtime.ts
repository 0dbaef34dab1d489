import { type LiveEventName, parseLiveEvent, SHOP_EVENTS } from '@dbo/domain/live-events';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { TokenPayload } from '../modules/auth/auth.plugin.js';
import { findLiveSession } from '../modules/auth/auth.service.js';
import { liveStaffSessionIds } from '../modules/auth/session-check.js';
import { liveCustomerSessionIds } from '../modules/customers/customer-sessions.service.js';
import type { AppDeps } from './http.js';
import { customerUserRoom, joinCustomerRoom, shopRoom } from './realtime-rooms.js';
import { requestId } from './log-safety.js';
import { currentRequest } from './request-context.js';

const room = (companyId: number) => `company:${companyId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const userRoom = (userId: number) => `user:${userId}`;

/** The socket.io server of each app (keyed by its deps, which every route sees). */
const servers = new WeakMap<AppDeps, Server>();

/**
 * Closes the sockets opened with these sessions' tokens (sign-out, a password change). Through the
 * Redis adapter this reaches the sockets held by every server process.
 */
export function disconnectSessions(deps: AppDeps, sessionIds: string[]) {
  const io = servers.get(deps);
  if (io && sessionIds.length > 0) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
}

/** Closes, on every process, the sockets in these rooms (lib/realtime-rooms.ts names them). */
export function disconnectRooms(deps: AppDeps, rooms: string[]) {
  const io = servers.get(deps);
  if (io && rooms.length > 0) io.in(rooms).disconnectSockets(true);
}

/**
 * Checks the session behind every socket of this process against the database and closes those
 * whose session ended: a sign-out or a revocation heard by no other process while Redis was away
 * still closes the socket, on Redis's return and at each SOCKET_RECHECK_MS. Answers how many closed.
 */
export async function recheckSockets(deps: AppDeps): Promise<number> {
  const io = servers.get(deps);
  if (!io) return 0;
  const sockets = [...io.of('/').sockets.values()];
  const staff = sockets.map((s) => s.data.sessionId as string | undefined).filter((id): id is string => !!id);
  const shoppers = sockets
    .map((s) => s.data.customerSessionId as string | undefined)
    .filter((id): id is string => !!id);
  const [liveStaff, liveShoppers] = await Promise.all([
    liveStaffSessionIds(deps.db, staff),
    liveCustomerSessionIds(deps.db, shoppers),
  ]);
  let closed = 0;
  for (const s of sockets) {
    const staffId = s.data.sessionId as string | undefined;
    const shopperId = s.data.customerSessionId as string | undefined;
    const live = staffId ? liveStaff.has(staffId) : shopperId ? liveShoppers.has(shopperId) : false;
    if (!live) {
      s.disconnect(true);
      closed++;
    }
  }
  return closed;
}

/** Open socket.io connections of this app's process (0 without realtime). */
export function socketCount(deps: AppDeps): number {
  return servers.get(deps)?.engine.clientsCount ?? 0;
}

/** Closes every socket of these users (a password reset revokes all their sessions). */
export function disconnectUsers(deps: AppDeps, userIds: number[]) {
  const io = servers.get(deps);
  if (io && userIds.length > 0) io.in(userIds.map(userRoom)).disconnectSockets(true);
}

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
    // At the start the subscriptions must be in place before any socket joins a room, so a Redis
    // out of reach fails the start at its first refusal, saying what to do (a listener makes the
    // clients retry forever, which would hang the start instead).
    let starting: ((err: Error) => void) | null = null;
    // A Redis lost later stops nothing: the clients reconnect and subscribe again, and meanwhile
    // this process's events still reach its own sockets. One line an outage, not one a retry.
    let down = false;
    for (const c of [pub, sub]) {
      c.on('error', (err: Error) => {
        if (starting) return starting(err);
        if (down) return;
        down = true;
        app.log.warn({ err }, 'Redis is out of reach: real-time events stay in this process until it is back');
      });
      c.on('ready', () => {
        if (!down || !pub.isReady || !sub.isReady) return;
        down = false;
        app.log.info('Redis is back: real-time events reach the other processes again');
        // a sign-out or revocation made on another process meanwhile never reached this one
        recheckSockets(app.deps).catch((err) => app.log.warn({ err }, 'socket re-check failed'));
      });
    }
    try {
      await new Promise<void>((resolve, reject) => {
        starting = reject;
        Promise.all([pub.connect(), sub.connect()]).then(() => resolve(), reject);
      });
    } catch (err) {
      for (const c of [pub, sub]) c.destroy();
      throw new Error(
        `REDIS_URL is set but Redis does not answer (${(err as Error).message}): start Redis, or unset REDIS_URL to run a single process`,
      );
    } finally {
      starting = null;
    }
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }
  io.use(async (socket, next) => {
    try {
      const token = String(socket.handshake.auth?.token ?? '');
      const payload = app.jwt.verify<TokenPayload>(token);
      if (await joinCustomerRoom(app.deps.db, socket, payload)) return next();
      const session = await findLiveSession(app.deps.db, payload.jti);
      if (!session) return next(new Error('Unauthorized'));
      socket.data.companyId = session.company_id;
      socket.data.sessionId = session.id;
      await socket.join([room(session.company_id), sessionRoom(session.id), userRoom(session.user_id)]);
      next();
    } catch {
      next(new Error('Unauthorized'));
    }
  });
  io.on('connection', (socket) => {
    // the upgrade request's id (a proxy's X-Request-Id, as for HTTP requests): one id in both logs
    const log = app.log.child({ socketId: socket.id, reqId: requestId(socket.request) });
    log.info({ companyId: socket.data.companyId }, 'socket connected');
    socket.on('disconnect', (reason) => log.info({ reason }, 'socket disconnected'));
  });
  servers.set(app.deps, io);
  const every = app.deps.config.socketRecheckMs ?? 30_000;
  const recheck =
    every > 0
      ? setInterval(() => {
          recheckSockets(app.deps).catch((err) => app.log.warn({ err }, 'socket re-check failed'));
        }, every)
      : undefined;
  recheck?.unref();
  app.addHook('onClose', async () => {
    clearInterval(recheck);
    servers.delete(app.deps);
    await io.close();
  });
  // an event emitted while serving a request is logged with that request's id (its logger)
  const send = (to: string | string[], event: LiveEventName, payload: unknown) => {
    const log = currentRequest()?.log ?? app.log;
    // a payload off its schema is a bug of ours: said loudly, and still sent (the screens refresh)
    if (parseLiveEvent(event, payload) === undefined)
      log.error({ socketEvent: event, payload }, `socket event ${event} does not match its schema`);
    io.to(to).emit(event, payload);
    log.info({ socketEvent: event, room: to }, `socket emit ${event}`);
  };
  const emitters: Pick<AppDeps, 'emit' | 'emitToCustomer'> = {
    emit: (companyId, event, payload) => {
      // one emit (and one log line) to the office's room and, for the shop's events, the shop's room
      const shop = (SHOP_EVENTS as readonly string[]).includes(event);
      send(shop ? [room(companyId), shopRoom(companyId)] : room(companyId), event, payload);
    },
    emitToCustomer: (customerUserId, event, payload) => send(customerUserRoom(customerUserId), event, payload),
  };
  return emitters;
}
