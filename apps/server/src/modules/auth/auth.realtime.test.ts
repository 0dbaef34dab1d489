import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, signUpCompany, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  ctx = await createTestApp({}, { realtime: true });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

async function openSocket(token: string) {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
const disconnected = (s: Socket) =>
  new Promise<string>((resolve) =>
    s.connected ? s.once('disconnect', (reason) => resolve(reason)) : resolve('already'),
  );

describe('sockets follow their sessions', () => {
  it('closes a socket when its own session signs out', async () => {
    const owner = await signUpCompany(ctx);
    const socket = await openSocket(owner.token);
    const gone = disconnected(socket);
    expect((await owner.api.post('/auth/signout')).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // and a revoked token cannot open a new one
    await expect(openSocket(owner.token)).rejects.toThrow(/Unauthorized/);
  });

  it("closes the other sessions' sockets on a password change and keeps this one", async () => {
    const owner = await signUpCompany(ctx);
    const other = await client(ctx).post('/auth/signin', { email: owner.email, password: owner.password });
    const mine = await openSocket(owner.token);
    const theirs = await openSocket(other.body.access_token);
    const gone = disconnected(theirs);
    const res = await owner.api.put('/user', {
      name: 'Alan Smith',
      password: 'fresh-pass',
      current_password: owner.password,
    });
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // this session's socket still gets the company's events
    const event = new Promise((resolve) => mine.once('ping-test', resolve));
    ctx.app.deps.emit(owner.companyId, 'ping-test', { ok: true });
    expect(await event).toEqual({ ok: true });
    expect(mine.connected).toBe(true);
  });
});
