import { type LiveEventName, parseLiveEvent, SHOP_EVENTS } from '@dbo/domain/live-events';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Db } from '../db/client.js';
import type { AppDeps } from './http.js';
import { companyRoom, customerUserRoom, shopRoom, staffSessionRoom, userRoom } from './realtime-rooms.js';
import { requestId } from './log-safety.js';
import { createRedisClient } from './redis-client.js';
import { currentRequest } from './request-context.js';

/** What a socket's token opens: the rooms it joins, and the session whose end closes it. */
export interface SocketAdmission {
  companyId: number;
  sessionId: string;
  rooms: string[];
}

/**
 * A kind of session that may open a socket (staff sessions, the shop's customer sessions), given
 * by the module that owns it: lib/ knows no module.
 */
export interface SocketSessions {
  /**
   * The admission of a verified token: undefined when the token is not of this kind (the next
   * kind is asked); throws when it is, but its session may not open a socket.
   */
  admit(db: Db, token: unknown): Promise<SocketAdmission | undefined>;
  /** Which of these sessions are live, read from the database (the socket re-check). */
  live(db: Db, sessionIds: string[]): Promise<Set<string>>;
}

export interface RealtimeOptions {
  /** the kinds of session a socket may be opened with, asked in this order */
  sessions: SocketSessions[];
  /** with it, the Redis adapter shares events between the server's processes */
  redisUrl?: string;
}

/** The socket.io server of each app (keyed by its deps, which every route sees). */
const servers = new WeakMap<AppDeps, { io: Server; sessions: SocketSessions[] }>();

/**
 * Closes the sockets opened with these sessions' tokens (sign-out, a password change). Through the
 * Redis adapter this reaches the sockets held by every server process.
 */
export function disconnectSessions(deps: AppDeps, sessionIds: string[]) {
  const io = servers.get(deps)?.io;
  if (io && sessionIds.length > 0) io.in(sessionIds.map(staffSessionRoom)).disconnectSockets(true);
}

/** Closes, on every process, the sockets in these rooms (lib/realtime-rooms.ts names them). */
export function disconnectRooms(deps: AppDeps, rooms: string[]) {
  const io = servers.get(deps)?.io;
  if (io && rooms.length > 0) io.in(rooms).disconnectSockets(true);
}

/**
 * Checks the session behind every socket of this process against the database and closes those
 * whose session ended: a sign-out or a revocation heard by no other process while Redis was away
 * still closes the socket, on Redis's return and at each SOCKET_RECHECK_MS. Answers how many closed.
 */
export async function recheckSockets(deps: AppDeps): Promise<number> {
  const server = servers.get(deps);
  if (!server) return 0;
  const sockets = [...server.io.of('/').sockets.values()];
  // each socket's session is asked of the kind that admitted it (socket.data.kind, its index)
  const live = await Promise.all(
    server.sessions.map((kind, i) => {
      const ids = sockets.filter((s) => s.data.kind === i).map((s) => s.data.sessionId as string);
      return ids.length > 0 ? kind.live(deps.db, [...new Set(ids)]) : new Set<string>();
    }),
  );
  let closed = 0;
  for (const s of sockets) {
    const kind = s.data.kind as number | undefined;
    if (kind === undefined || !live[kind]?.has(s.data.sessionId as string)) {
      s.disconnect(true);
      closed++;
    }
  }
  return closed;
}

/** Open socket.io connections of this app's process (0 without realtime). */
export function socketCount(deps: AppDeps): number {
  return servers.get(deps)?.io.engine.clientsCount ?? 0;
}

/** Closes every socket of these users (a password reset revokes all their sessions). */
export function disconnectUsers(deps: AppDeps, userIds: number[]) {
  const io = servers.get(deps)?.io;
  if (io && userIds.length > 0) io.in(userIds.map(userRoom)).disconnectSockets(true);
}

/**
 * socket.io on the app's HTTP server (websocket transport, token in the handshake). With REDIS_URL
 * the Redis adapter lets several server processes share events.
 */
export async function attachRealtime(app: FastifyInstance, { sessions, redisUrl }: RealtimeOptions) {
  const io = new Server(app.server, { path: '/socket.io', transports: ['websocket'], serveClient: false });
  if (redisUrl) {
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = await createRedisClient(redisUrl);
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
      // close: the commands still pending (the adapter's last ones) finish, where destroy
      // rejected them with nobody listening (unhandled rejections at every close). A client can
      // also be stuck after a Redis restart (open, never ready again: seen on the subscriber),
      // and then neither QUIT, used before, nor close ever ends, and the app never closed: a
      // client not closed within 5 s is let go (unref: it no longer keeps the process alive)
      await Promise.all([pub, sub].map((c) => closeWithin(c, 5000)));
    });
  }
  io.use(async (socket, next) => {
    try {
      const token = String(socket.handshake.auth?.token ?? '');
      const payload: unknown = app.jwt.verify(token);
      for (const [i, kind] of sessions.entries()) {
        const admitted = await kind.admit(app.deps.db, payload);
        if (!admitted) continue;
        socket.data.kind = i;
        socket.data.companyId = admitted.companyId;
        socket.data.sessionId = admitted.sessionId;
        await socket.join(admitted.rooms);
        return next();
      }
      next(new Error('Unauthorized'));
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
  servers.set(app.deps, { io, sessions });
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
      send(shop ? [companyRoom(companyId), shopRoom(companyId)] : companyRoom(companyId), event, payload);
    },
    emitToCustomer: (customerUserId, event, payload) => send(customerUserRoom(customerUserId), event, payload),
  };
  return emitters;
}

/** Closes a Redis client, waiting for its pending commands; lets it go when that takes over `ms`. */
async function closeWithin(client: { close(): Promise<void>; unref(): void }, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(resolve, ms, 'late');
  });
  const closed = client.close().then(
    () => 'closed' as const,
    () => 'closed' as const,
  );
  if ((await Promise.race([closed, late])) === 'late') client.unref();
  clearTimeout(timer);
}
