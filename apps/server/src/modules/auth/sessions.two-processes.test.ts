import { describe, expect, it } from 'vitest';
import { signUpCompany } from '../../../test/helpers.js';
import { makeShop } from '../../../test/order-factories.js';
import { disconnected, useTwoProcesses, within } from '../../../test/realtime-fixtures.js';
import { redisUp, redisUrl } from '../../../test/redis.js';

// CI starts Redis (.ci/run): there a missing Redis is a failure, not a skip
const redisAnswers = await redisUp();

describe.runIf(redisAnswers)('a session ended on one process closes its sockets on the other', () => {
  // process A answers the API; process B (same database, same Redis) holds the sockets
  const procs = useTwoProcesses(() => redisUrl);
  const { openOnB } = procs;

  it('a staff sign-out on A closes the socket on B', async () => {
    const owner = await signUpCompany(procs.a);
    const socket = await openOnB(owner.token);
    const gone = disconnected(socket);
    expect((await owner.api.post('/auth/signout')).status).toBe(200);
    expect(await within(gone, 5000)).toBe('io server disconnect');
    await expect(openOnB(owner.token)).rejects.toThrow(/Unauthorized/);
  });

  it("a customer's sign-out on A closes the shopper's socket on B", async () => {
    const { shopper } = await makeShop(procs.a);
    const socket = await openOnB(shopper.token);
    const gone = disconnected(socket);
    expect((await shopper.api.post('/customer-app/signout')).status).toBe(200);
    expect(await within(gone, 5000)).toBe('io server disconnect');
  });
});
