import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpCompany, type TestContext } from '../../test/helpers.js';

const lines: string[] = [];
let ctx: TestContext;
let url: string;
let socket: Socket | undefined;
beforeAll(async () => {
  ctx = await createTestApp({ logLevel: 'info' }, { realtime: true, logStream: { write: (l) => void lines.push(l) } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  socket?.close();
  await ctx?.close();
});

type Line = { reqId?: string; msg: string; socketEvent?: string; socketId?: string };
const parsed = () => lines.map((l) => JSON.parse(l) as Line);

describe('socket logs carry the request id', () => {
  it('logs each event a request emits with that request id, and a socket with its handshake id', async () => {
    const owner = await signUpCompany(ctx);
    socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: owner.token },
      extraHeaders: { 'x-request-id': 'proxy-socket-9' },
      reconnection: false,
    });
    const received = new Promise((resolve) => socket?.once('order:feature', resolve));
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', () => resolve());
      socket?.once('connect_error', reject);
    });
    // a POST with a body (parsed in stream callbacks), as a proxy sends it with its X-Request-Id
    const res = await fetch(`${url}/api/v1/company/feature`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/json',
        'x-request-id': 'proxy-req-77',
      },
      body: JSON.stringify({ name: 'order', active: true }),
    });
    expect(res.status).toBe(200);
    await received;

    const emitted = parsed().filter((l) => l.socketEvent);
    expect(emitted.map((l) => l.socketEvent)).toEqual(['company:update', 'order:feature']);
    for (const l of emitted) expect(l.reqId).toBe('proxy-req-77');
    const connected = parsed().find((l) => l.msg === 'socket connected');
    expect(connected?.reqId).toBe('proxy-socket-9');
    expect(connected?.socketId).toBe(socket.id);
    // the log never carries the socket's token
    expect(lines.join('')).not.toContain(owner.token);
  });
});
