/** An app listening on a real port with socket.io on, and sockets that connect to it as the web app does. */
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
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
