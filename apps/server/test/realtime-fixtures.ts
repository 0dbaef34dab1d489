/** An app listening on a real port with socket.io on, and sockets that connect to it as the web app does. */
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { createTestApp, type TestContext } from './helpers.js';

export interface RealtimeApp {
  ctx: TestContext;
  url: string;
  /** A connected socket (websocket only, token in the handshake) recording every event. */
  open(token: string): Promise<{ socket: Socket; events: { name: string; payload: unknown }[] }>;
}

/**
 * A socket connected to `url` as the web app connects (websocket only, token in the handshake);
 * `listen` is called before the handshake, so no event sent on connection is missed.
 */
export async function connectSocket(url: string, token: string, listen?: (s: Socket) => void): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
  listen?.(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  return socket;
}

/** Resolves with the reason once the socket is closed ('already' if it was not connected). */
export const disconnected = (s: Socket) =>
  new Promise<string>((resolve) =>
    s.connected ? s.once('disconnect', (reason) => resolve(reason)) : resolve('already'),
  );

/** `p`, or a rejection naming the time when it takes longer than `ms`. */
export const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

/** One realtime app for the test file: started before its tests, closed (with every socket) after. */
export function useRealtimeApp(overrides: Partial<AppConfig> = {}): RealtimeApp {
  const sockets: Socket[] = [];
  const rt: RealtimeApp = {
    ctx: undefined as unknown as TestContext,
    url: '',
    async open(token) {
      const events: { name: string; payload: unknown }[] = [];
      const socket = await connectSocket(rt.url, token, (s) => {
        sockets.push(s);
        s.onAny((name, payload) => events.push({ name, payload }));
      });
      return { socket, events };
    },
  };
  beforeAll(async () => {
    rt.ctx = await createTestApp(overrides, { realtime: true });
    await rt.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    rt.url = `http://127.0.0.1:${(rt.ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await rt.ctx?.close();
  });
  return rt;
}

export interface TwoProcesses {
  /** process A: answers the API */
  a: TestContext;
  /** a socket connected to process B, closed with the file */
  openOnB(token: string): Promise<Socket>;
}

/**
 * Two apps on one database and one Redis, as two server processes are: A answers the API, B holds
 * the sockets. Neither re-checks its sockets on a timer, so only the word through Redis (or Redis's
 * return) can close B's. `redisUrl` is read when the apps start.
 */
export function useTwoProcesses(redisUrl: () => string): TwoProcesses {
  const sockets: Socket[] = [];
  let b: Awaited<ReturnType<typeof buildApp>> | undefined;
  let bUrl = '';
  const two: TwoProcesses = {
    a: undefined as unknown as TestContext,
    openOnB: (token) => connectSocket(bUrl, token, (s) => sockets.push(s)),
  };
  beforeAll(async () => {
    two.a = await createTestApp({ redisUrl: redisUrl(), socketRecheckMs: 0 }, { realtime: true });
    b = await buildApp({
      config: two.a.config,
      db: two.a.database.db,
      jwtSecret: 'test-secret',
      realtime: true,
      logger: false,
    });
    await b.listen({ port: 0, host: '127.0.0.1' });
    bUrl = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await b?.close();
    await two.a?.close();
  });
  return two;
}
