/**
 * Issue 35, case 4: customer-app tokens are sessions like the staff's. Each is a stored row (its
 * jti), ended by the customer sign-out route, a password reset, disabling, revoking or removing
 * the customer; re-enabling the user revives none of the old tokens.
 */
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/helpers.js';
import { makeShop, makeShopper } from '../../../test/order-factories.js';

const t = useTestApp();

const signIn = async (email: string, password: string, subdomain: string) => {
  const res = await client(t.ctx).post('/customer-app/signin', { email, password, subdomain });
  expect(res.status).toBe(200);
  return client(t.ctx, res.body.access_token as string);
};

describe('customer sessions', () => {
  it('POST /customer-app/signout ends this token only, at once', async () => {
    const { company, shopper } = await makeShop(t.ctx);
    const other = await signIn(shopper.email, shopper.password, company.subdomain);
    expect((await shopper.api.get('/customer-app/me')).status).toBe(200);
    const out = await shopper.api.post('/customer-app/signout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect((await shopper.api.get('/customer-app/me')).status).toBe(401);
    expect((await shopper.api.get('/customer-app/cart')).status).toBe(401);
    // signing out twice, or with no token, is a 401 too
    expect((await shopper.api.post('/customer-app/signout')).status).toBe(401);
    expect((await client(t.ctx).post('/customer-app/signout')).status).toBe(401);
    // the user's other device stays signed in
    expect((await other.get('/customer-app/cart')).status).toBe(200);
  });

  it('a password reset ends every token issued before it', async () => {
    const { company, shopper } = await makeShop(t.ctx);
    expect((await shopper.api.get('/customer-app/cart')).status).toBe(200);
    const asked = await client(t.ctx).post('/customer-app/reset-request', {
      email: shopper.email,
      subdomain: company.subdomain,
    });
    expect(asked.status).toBe(200);
    const mail = t.ctx.mails.findLast((m) => m.to === shopper.email);
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    const reset = await client(t.ctx).put('/customer-app/password', {
      token,
      password: 'brand-new-buyer-pass',
      confirm_password: 'brand-new-buyer-pass',
    });
    expect(reset.status).toBe(200);
    expect((await shopper.api.get('/customer-app/cart')).status).toBe(401);
    expect((await shopper.api.get('/customer-app/me')).status).toBe(401);
    const fresh = await signIn(shopper.email, 'brand-new-buyer-pass', company.subdomain);
    expect((await fresh.get('/customer-app/cart')).status).toBe(200);
  });

  it('disabling ends the tokens and enabling again does not revive them', async () => {
    const { company, shopper } = await makeShop(t.ctx);
    const disable = await company.api.put('/customer/user-permission', {
      permission: false,
      customerUser: shopper.userId,
    });
    expect(disable.status).toBe(200);
    expect((await shopper.api.get('/customer-app/cart')).status).toBe(401);
    const enable = await company.api.put('/customer/user-permission', {
      permission: true,
      customerUser: shopper.userId,
    });
    expect(enable.status).toBe(200);
    expect((await shopper.api.get('/customer-app/cart')).status).toBe(401);
    expect((await shopper.api.get('/customer-app/me')).status).toBe(401);
    // a new sign-in works
    const again = await signIn(shopper.email, shopper.password, company.subdomain);
    expect((await again.get('/customer-app/cart')).status).toBe(200);
  });

  it('revoking ends the tokens and re-activating does not revive them', async () => {
    const { company, shopper } = await makeShop(t.ctx);
    const revoke = await company.api.put('/customer/user-invitation-revoke', {
      revoke: true,
      customerUser: shopper.userId,
    });
    expect(revoke.status).toBe(200);
    expect((await shopper.api.get('/customer-app/cart')).status).toBe(401);
    await company.api.put('/customer/user-invitation-revoke', { revoke: false, customerUser: shopper.userId });
    expect((await shopper.api.get('/customer-app/cart')).status).toBe(401);
  });

  it('removing the customer ends every token of its users', async () => {
    const { company, shopper } = await makeShop(t.ctx);
    const colleague = await makeShopper(t.ctx, company, shopper.customerId);
    expect((await colleague.api.get('/customer-app/cart')).status).toBe(200);
    expect((await company.api.del(`/customer/${shopper.customerId}`)).status).toBe(200);
    expect((await shopper.api.get('/customer-app/cart')).status).toBe(401);
    expect((await colleague.api.get('/customer-app/preferences')).status).toBe(401);
  });

  it('refuses a customer token that names no stored session', async () => {
    const { company, shopper } = await makeShop(t.ctx);
    const forged = t.ctx.app.jwt.sign({ kind: 'customer', cu: shopper.userId, cid: company.companyId });
    expect((await client(t.ctx, forged).get('/customer-app/cart')).status).toBe(401);
    const unknown = t.ctx.app.jwt.sign({
      kind: 'customer',
      cu: shopper.userId,
      cid: company.companyId,
      jti: '00000000-0000-4000-8000-000000000000',
    });
    expect((await client(t.ctx, unknown).get('/customer-app/cart')).status).toBe(401);
  });
});
