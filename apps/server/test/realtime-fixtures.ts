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

/** One realtime app for the test file: started before its tests, closed (with every socket) after. */
export function useRealtimeApp(overrides: Partial<AppConfig> = {}): RealtimeApp {
  const sockets: Socket[] = [];
  const rt: RealtimeApp = {
    ctx: undefined as unknown as TestContext,
    url: '',
    async open(token) {
      const socket = io(rt.url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
      });
      sockets.push(socket);
      const events: { name: string; payload: unknown }[] = [];
      socket.onAny((name, payload) => events.push({ name, payload }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
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
