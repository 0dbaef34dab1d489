/** Issue 11's reproducers for customers, companies, products and stamps: each one is a 400. */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeCustomer, makeProduct, makeRoll, validCompanyBody } from './factories.js';
import { type SignedUp, useTestApp } from './helpers.js';

const t = useTestApp();
let owner: SignedUp;
let customerId: number;
beforeAll(async () => {
  owner = await makeCompany(t.ctx);
  customerId = (await makeCustomer(t.ctx, owner.companyId)).id;
});

const validCustomer = {
  name: 'Broken Spoke',
  address: '3201 S Lamar',
  city: 'Austin',
  zip: '78704',
  tabc_id: 'MB123456',
};
const validCompany = validCompanyBody;

describe('customers', () => {
  it('refuses a NUL byte in the name', async () => {
    const res = await owner.api.post('/customer', { ...validCustomer, name: 'a\u0000b' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Text must not contain NUL characters');
  });

  it('refuses an id past int4', async () => {
    expect((await owner.api.get('/customer/2147483648')).status).toBe(400);
  });

  it('refuses a 1 MB name', async () => {
    expect((await owner.api.post('/customer', { ...validCustomer, name: 'x'.repeat(1024 * 1024) })).status).toBe(400);
  });

  it('refuses a service start that is no date', async () => {
    expect((await owner.api.post('/customer', { ...validCustomer, service_start: 'garbage' })).status).toBe(400);
  });

  it('refuses an AIMS id past int4', async () => {
    const res = await owner.api.post('/customer', { ...validCustomer, aims_license_type: 'MB', aims_id: 2 ** 31 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('AIMS ID must be a whole number');
  });

  it('refuses a zip longer than its column', async () => {
    expect((await owner.api.put(`/customer/${customerId}`, { ...validCustomer, zip: '9'.repeat(40) })).status).toBe(
      400,
    );
  });

  it('refuses empty notification preferences', async () => {
    const res = await owner.api.put(`/customer/${customerId}/notification-preferences`, {
      preferences: {},
      customerUser: 1,
    });
    expect(res.status).toBe(400);
  });

  it('still saves a valid customer', async () => {
    const res = await owner.api.post('/customer', { ...validCustomer, service_start: '2024-05-01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Broken Spoke', service_start: '2024-05-01', deleted: false });
  });
});

describe('PUT /company/{id}', () => {
  const put = (fields: Record<string, unknown>) =>
    owner.api.put(`/company/${owner.companyId}`, { ...validCompany, ...fields });

  it.each([
    ['a 40-character zip', { zip: '7'.repeat(40) }],
    ['a long state', { state: 'T'.repeat(100) }],
    ['a long tabc_id', { tabc_id: 'L'.repeat(100) }],
    ['a 1 MB name', { name: 'x'.repeat(1024 * 1024) }],
    ['starting_invoice_number 2^31', { starting_invoice_number: 2 ** 31 }],
    ['a NUL in the address', { address: 'a\u0000b' }],
  ])('refuses %s', async (_label, fields) => {
    expect((await put(fields)).status).toBe(400);
  });

  it.each([null, ''])('refuses tax_rate %o with the tax-rate message and keeps the rate', async (taxRate) => {
    const res = await put({ tax_rate: taxRate });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Tax rate must be between 0 and 100 with at most 2 decimals');
    expect((await owner.api.get('/company')).body.tax_rate).toBe(8.25);
  });

  it('takes an explicit 0 as no tax', async () => {
    const res = await put({ tax_rate: 0 });
    expect(res.status).toBe(200);
    expect(res.body.tax_rate).toBe(0);
    await put({ tax_rate: 8.25 });
  });

  it('refuses a company id past int4', async () => {
    expect((await owner.api.put('/company/2147483648', validCompany)).status).toBe(400);
  });
});

describe('products', () => {
  const validProduct = { product: 'Ranch Water', product_type: 'BEER', product_size: '12OZ', product_price: 2.5 };

  it('refuses an effective date that is no calendar day', async () => {
    const res = await owner.api.post('/product', { ...validProduct, effective_date: '9999-99-99' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Price effective date must be a date (YYYY-MM-DD)');
  });

  it('refuses an effective date on update that is no calendar day', async () => {
    const p = await makeProduct(t.ctx, owner.companyId);
    const res = await owner.api.put(`/product/${p.id}`, { product_price: 30, effective_date: '9999-99-99' });
    expect(res.status).toBe(400);
  });

  it('refuses a price past numeric(12,2)', async () => {
    expect((await owner.api.post('/product', { ...validProduct, product_price: 1e10 })).status).toBe(400);
  });

  it('refuses a 1 MB product name', async () => {
    expect((await owner.api.post('/product', { ...validProduct, product: 'x'.repeat(1024 * 1024) })).status).toBe(400);
  });

  it('refuses a product id past int4', async () => {
    expect((await owner.api.get('/product/2147483648')).status).toBe(400);
  });
});

describe('stamps', () => {
  const roll = (fields: Record<string, unknown>) =>
    owner.api.post('/stamp/roll', { roll: { prefix: 'Z', received_at: '2024-01-02', from: 1, to: 80, ...fields } });

  it('refuses a prefix longer than its column', async () => {
    expect((await roll({ prefix: 'P'.repeat(40) })).status).toBe(400);
  });

  it('refuses a roll end past int4', async () => {
    const res = await roll({ from: 2 ** 31 - 10, to: 2 ** 31 });
    expect(res.status).toBe(400);
  });

  it('refuses an impossible receive date', async () => {
    expect((await roll({ received_at: '2024-02-30' })).status).toBe(400);
  });

  it('refuses a destroy range past int4', async () => {
    const r = await makeRoll(t.ctx, owner.companyId, { prefix: 'Q' });
    const res = await owner.api.put(`/stamp/roll/${r.id}/assign`, { from: 1001, to: 2 ** 31 });
    expect(res.status).toBe(400);
  });
});
