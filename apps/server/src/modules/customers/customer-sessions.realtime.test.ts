/**
 * Issue 35, case 5 (one process): a customer user's socket closes at once when their session ends
 * (sign-out, disabled, revoked, the customer removed, a password reset), and the periodic re-check
 * closes a socket whose session ended where no word of it reached this process (Redis away).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client } from '../../../test/helpers.js';
import { makeShop } from '../../../test/order-factories.js';
import { disconnected, useRealtimeApp } from '../../../test/realtime-fixtures.js';
import { sessions } from '../auth/auth.tables.js';
import { customerSessions } from './customers.tables.js';

const rt = useRealtimeApp({ socketRecheckMs: 300 });

describe("a customer user's socket follows their session", () => {
  it('closes on sign-out, and the token opens no new socket', async () => {
    const { shopper } = await makeShop(rt.ctx);
    const { socket } = await rt.open(shopper.token);
    const gone = disconnected(socket);
    expect((await shopper.api.post('/customer-app/signout')).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expect(rt.open(shopper.token)).rejects.toThrow(/Unauthorized/);
  });

  it('closes when staff disable the user, before any order:status reaches it', async () => {
    const { company, shopper } = await makeShop(rt.ctx);
    const { socket, events } = await rt.open(shopper.token);
    const gone = disconnected(socket);
    await company.api.put('/customer/user-permission', { permission: false, customerUser: shopper.userId });
    expect(await gone).toBe('io server disconnect');
    rt.ctx.app.deps.emitToCustomer(shopper.userId, 'order:status', { id: 1, order_number: 1, status: 'cancelled' });
    await new Promise((r) => setTimeout(r, 100));
    expect(events.map((e) => e.name)).not.toContain('order:status');
  });

  it('closes when the user is revoked or the customer removed', async () => {
    const { company, shopper } = await makeShop(rt.ctx);
    const first = await rt.open(shopper.token);
    const revokedGone = disconnected(first.socket);
    await company.api.put('/customer/user-invitation-revoke', { revoke: true, customerUser: shopper.userId });
    expect(await revokedGone).toBe('io server disconnect');

    const other = await makeShop(rt.ctx);
    const second = await rt.open(other.shopper.token);
    const removedGone = disconnected(second.socket);
    expect((await other.company.api.del(`/customer/${other.shopper.customerId}`)).status).toBe(200);
    expect(await removedGone).toBe('io server disconnect');
  });

  it('closes on a password reset', async () => {
    const { company, shopper } = await makeShop(rt.ctx);
    const { socket } = await rt.open(shopper.token);
    const gone = disconnected(socket);
    await client(rt.ctx).post('/customer-app/reset-request', { email: shopper.email, subdomain: company.subdomain });
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(rt.ctx.mails.at(-1)!.text!)![1]);
    const reset = await client(rt.ctx).put('/customer-app/password', {
      token,
      password: 'fresh-buyer-pass-9',
      confirm_password: 'fresh-buyer-pass-9',
    });
    expect(reset.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('the re-check of every socket (a change no message announced)', () => {
  it("closes a customer's and a staff socket whose sessions ended straight in the database", async () => {
    const { company, shopper } = await makeShop(rt.ctx);
    const shopperSocket = (await rt.open(shopper.token)).socket;
    const staffSocket = (await rt.open(company.token)).socket;
    const bothGone = Promise.all([disconnected(shopperSocket), disconnected(staffSocket)]);
    // what another process did while Redis was away: rows revoked, no word reached this process
    const now = new Date();
    await rt.ctx.database.db
      .update(customerSessions)
      .set({ revoked_at: now })
      .where(eq(customerSessions.customer_user_id, shopper.userId));
    await rt.ctx.database.db.update(sessions).set({ revoked_at: now }).where(eq(sessions.user_id, company.user.id));
    expect(await bothGone).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('keeps the sockets of live sessions', async () => {
    const { company, shopper } = await makeShop(rt.ctx);
    const shopperSocket = (await rt.open(shopper.token)).socket;
    const staffSocket = (await rt.open(company.token)).socket;
    await new Promise((r) => setTimeout(r, 900));
    expect([shopperSocket.connected, staffSocket.connected]).toEqual([true, true]);
  });
});
