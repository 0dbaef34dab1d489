/**
 * Issue 35 case 5 across processes: a session ended on one server process closes its sockets on
 * another (the Redis adapter carries the word), for a staff sign-out and a customer sign-out.
 */
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { signUpCompany, createTestApp, type TestContext } from '../../../test/helpers.js';
import { makeShop } from '../../../test/order-factories.js';
import { connectSocket, disconnected, within } from '../../../test/realtime-fixtures.js';
import { redisUp, redisUrl } from '../../../test/redis.js';

// CI starts Redis (.ci/run): there a missing Redis is a failure, not a skip
const redisAnswers = await redisUp();

describe.runIf(redisAnswers)('a session ended on one process closes its sockets on the other', () => {
  // process A answers the API; process B (same database, same Redis) holds the sockets.
  // no periodic re-check: only the word through Redis can close B's sockets in time
  let a: TestContext;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let bUrl = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    a = await createTestApp({ redisUrl, socketRecheckMs: 0 }, { realtime: true });
    b = await buildApp({
      config: a.config,
      db: a.database.db,
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
    await a?.close();
  });

  const openOnB = (token: string) => connectSocket(bUrl, token, (s) => sockets.push(s));

  it('a staff sign-out on A closes the socket on B', async () => {
    const owner = await signUpCompany(a);
    const socket = await openOnB(owner.token);
    const gone = disconnected(socket);
    expect((await owner.api.post('/auth/signout')).status).toBe(200);
    expect(await within(gone, 5000)).toBe('io server disconnect');
    await expect(openOnB(owner.token)).rejects.toThrow(/Unauthorized/);
  });

  it("a customer's sign-out on A closes the shopper's socket on B", async () => {
    const { shopper } = await makeShop(a);
    const socket = await openOnB(shopper.token);
    const gone = disconnected(socket);
    expect((await shopper.api.post('/customer-app/signout')).status).toBe(200);
    expect(await within(gone, 5000)).toBe('io server disconnect');
  });
});
