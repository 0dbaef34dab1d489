/**
 * Issue 35, case 3: the shop's sign-in limit is keyed by the parsed email (and separately by the
 * address): 20 failed sign-ins with made-up emails from one address do not lock out the real
 * customer behind the same address, while one email is still limited.
 */
import { describe, expect, it } from 'vitest';
import { client, uniqueEmail, useTestApp } from '../../../test/helpers.js';
import { makeShop } from '../../../test/order-factories.js';

const t = useTestApp({ rateLimitAuth: 20, rateLimitAuthAddress: 60 });

describe('customer-app sign-in limits', () => {
  it('20 failed sign-ins with made-up emails do not lock out the real customer', async () => {
    const { company, shopper } = await makeShop(t.ctx);
    for (let i = 0; i < 20; i++) {
      const res = await client(t.ctx).post('/customer-app/signin', {
        email: uniqueEmail('made-up'),
        password: 'wrong-pass',
        subdomain: company.subdomain,
      });
      expect(res.status).toBe(400);
    }
    const real = await client(t.ctx).post('/customer-app/signin', {
      email: shopper.email,
      password: shopper.password,
      subdomain: company.subdomain,
    });
    expect(real.status).toBe(200);
  });

  it('still limits one email to 20 attempts a minute', async () => {
    const { company, shopper } = await makeShop(t.ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await client(t.ctx).post('/customer-app/signin', {
        email: shopper.email,
        password: 'wrong-pass',
        subdomain: company.subdomain,
      });
      statuses.push(res.status);
    }
    // the fixture's own sign-in was the first of the 20
    expect(statuses).toEqual([...Array(19).fill(400), 429, 429]);
  });
});
