import { OPERATOR_MSG } from '@dbo/domain/operator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpCompany, type TestContext, useTestApp } from '../../../test/helpers.js';
import { newProduct } from '../../../test/product-fixtures.js';
import { activities } from '../activity/activity.tables.js';

const TOKEN = 'operator-token-for-tests-0123456789';
const t = useTestApp({ operatorToken: TOKEN });

/** A call to the operator API, with the operator's token unless another header is given. */
async function op(
  ctx: TestContext,
  method: 'GET' | 'PUT',
  url: string,
  payload?: unknown,
  authorization: string | null = `Bearer ${TOKEN}`,
) {
  const res = await ctx.app.inject({
    method,
    url: `/api/v1/operator${url}`,
    headers: authorization ? { authorization } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() };
}

const paths = (ctx: TestContext) => Object.keys((ctx.app.swagger() as { paths: Record<string, unknown> }).paths);

describe('the operator API with OPERATOR_TOKEN set', () => {
  it('answers only to the operator token: none, a wrong one or a staff session is a 401', async () => {
    const owner = await signUpCompany(t.ctx);
    for (const url of ['/companies', '/feature-requests']) {
      for (const auth of [null, 'Bearer wrong-token', `Bearer ${owner.token}`, TOKEN]) {
        const res = await op(t.ctx, 'GET', url, undefined, auth);
        expect([res.status, res.body.message]).toEqual([401, OPERATOR_MSG.tokenRequired]);
      }
    }
    const put = await op(t.ctx, 'PUT', `/company/${owner.companyId}/feature/fintech`, { active: true }, null);
    expect(put.status).toBe(401);
    const staff = await op(
      t.ctx,
      'PUT',
      `/company/${owner.companyId}/feature/fintech`,
      { active: true },
      `Bearer ${owner.token}`,
    );
    expect(staff.status).toBe(401);
    // nothing was switched on by the refused calls
    const features = await owner.api.get('/company/features');
    expect(features.body.find((f: { name: string }) => f.name === 'fintech').active).toBe(false);
  });

  it('lists companies with their users, active features and open access requests', async () => {
    const owner = await signUpCompany(t.ctx, 'Listed Owner');
    await owner.api.put(`/company/${owner.companyId}`, {}); // untouched company stays listed either way
    await owner.api.post('/company/user-invitation', {
      name: 'Ollie',
      email: `ollie.${Date.now()}@example.com`,
      role: 'office',
    });
    expect((await owner.api.post('/company/feature', { name: 'reports', active: true })).status).toBe(200);
    const requested = await owner.api.post('/company/feature', { name: 'mpower', active: true });
    expect(requested.body).toMatchObject({ active: false, access_requested: true });

    const res = await op(t.ctx, 'GET', '/companies');
    expect(res.status).toBe(200);
    const row = res.body.find((c: { id: number }) => c.id === owner.companyId);
    expect(row).toMatchObject({ id: owner.companyId, users: 2, open_requests: ['mpower'] });
    expect(row.active_features).toContain('reports');
    expect(row.active_features).not.toContain('mpower');
    expect(typeof row.name).toBe('string');
    expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);

    const requests = await op(t.ctx, 'GET', '/feature-requests');
    expect(requests.status).toBe(200);
    expect(requests.body).toContainEqual(
      expect.objectContaining({ company_id: owner.companyId, feature: 'mpower', title: 'MPower', status: 'open' }),
    );
  });

  it('grants a requested feature: switched on for that company, its owner mailed, the grant logged', async () => {
    const owner = await signUpCompany(t.ctx, 'Granted Owner');
    const other = await signUpCompany(t.ctx, 'Other Owner');
    await owner.api.post('/company/feature', { name: 'fintech', active: true });
    const mailsBefore = t.ctx.mails.length;

    const res = await op(t.ctx, 'PUT', `/company/${owner.companyId}/feature/fintech`, { active: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      company_id: owner.companyId,
      name: 'fintech',
      active: true,
      ignore_pricing: false,
      access_requested: false,
      owners_mailed: 1,
    });
    const fintech = (await owner.api.get('/company/features')).body.find((f: { name: string }) => f.name === 'fintech');
    expect(fintech.active).toBe(true);
    // the other company is untouched
    const others = (await other.api.get('/company/features')).body.find((f: { name: string }) => f.name === 'fintech');
    expect(others.active).toBe(false);

    const mail = t.ctx.mails.slice(mailsBefore).find((m) => [m.to].flat().includes(owner.email));
    const company = (await owner.api.get('/company')).body;
    expect(mail?.subject).toBe(`Fintech is now active for ${company.name}`);
    expect(String(mail?.text)).toContain('You asked for access to Fintech');

    const [logged] = await t.ctx.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.company_id, owner.companyId), eq(activities.module, 'OPERATOR')));
    expect(logged).toMatchObject({ type: 'FEATURE_GRANT', user_id: null, success: true });
    expect(logged.info).toMatchObject({ feature: 'fintech', by: 'operator', active: true });

    const requests = await op(t.ctx, 'GET', '/feature-requests');
    expect(requests.body).toContainEqual(
      expect.objectContaining({ company_id: owner.companyId, feature: 'fintech', status: 'granted' }),
    );
    const listed = (await op(t.ctx, 'GET', '/companies')).body.find((c: { id: number }) => c.id === owner.companyId);
    expect(listed.open_requests).toEqual([]);
    expect(listed.active_features).toContain('fintech');
  });

  it('switches features off and sets ignore_pricing on Bottle POS, each logged, without mail', async () => {
    const owner = await signUpCompany(t.ctx);
    const mailsBefore = t.ctx.mails.length;
    const on = await op(t.ctx, 'PUT', `/company/${owner.companyId}/feature/bottle_pos`, {
      active: true,
      ignore_pricing: true,
    });
    expect(on.body).toMatchObject({ active: true, ignore_pricing: true, owners_mailed: 0 });
    const profile = await owner.api.get('/validate_token');
    const pos = profile.body.user.company.companyFeatures.find((f: { name: string }) => f.name === 'bottle_pos');
    expect(pos).toMatchObject({ active: true, ignore_pricing: true });

    const keep = await op(t.ctx, 'PUT', `/company/${owner.companyId}/feature/bottle_pos`, { active: true });
    expect(keep.body).toMatchObject({ active: true, ignore_pricing: true });
    const off = await op(t.ctx, 'PUT', `/company/${owner.companyId}/feature/bottle_pos`, {
      active: false,
      ignore_pricing: false,
    });
    expect(off.body).toMatchObject({ active: false, ignore_pricing: false });
    expect(t.ctx.mails.length).toBe(mailsBefore);

    const logged = await t.ctx.database.db
      .select({ type: activities.type, info: activities.info })
      .from(activities)
      .where(and(eq(activities.company_id, owner.companyId), eq(activities.module, 'OPERATOR')))
      .orderBy(activities.id);
    expect(logged.map((l) => l.type)).toEqual(['FEATURE_ON', 'UPDATE', 'FEATURE_OFF']);
    expect(logged[0].info).toMatchObject({ feature: 'bottle_pos', ignore_pricing: true, by: 'operator' });
  });

  it('Bottle POS limits the product to price edits, which ignore_pricing set by the operator opens', async () => {
    const owner = await signUpCompany(t.ctx);
    const p = (await owner.api.post('/product', newProduct())).body;
    await op(t.ctx, 'PUT', `/company/${owner.companyId}/feature/bottle_pos`, { active: true });
    const details = 'Product details are synchronised from Bottle POS; only prices can be edited here';
    const pricing = 'Prices are synchronised from Bottle POS and cannot be edited here';
    const put = (body: object) => owner.api.put(`/product/${p.id}`, body);

    // pricing blocking: the price is the POS's, and nothing else is editable either
    expect([(await put({ product_price: 25 })).body.message]).toEqual([pricing]);
    expect([(await put({ last_purchase_price: 9 })).body.message]).toEqual([pricing]);
    for (const body of [{ reorder_level: 4 }, { reorder_qty: 12 }, { reorder_time_in_days: 3 }, { product: 'RENAMED' }])
      expect([(await put(body)).status, (await put(body)).body.message]).toEqual([400, details]);
    expect((await owner.api.post('/product', newProduct())).body.message).toBe(
      'Products are synchronised from Bottle POS; create new products in Bottle POS',
    );

    await op(t.ctx, 'PUT', `/company/${owner.companyId}/feature/bottle_pos`, { active: true, ignore_pricing: true });
    const priced = await put({ product_price: 25, last_purchase_price: 9 });
    expect([priced.status, priced.body.product_price, priced.body.last_purchase_price]).toEqual([200, 25, 9]);
    const reorder = await put({ reorder_level: 4 });
    expect([reorder.status, reorder.body.message]).toEqual([400, details]);
    const stored = (await owner.api.get(`/product/${p.id}`)).body;
    expect([stored.product_price, stored.reorder_level]).toEqual([25, p.reorder_level]);
    // the same product saved whole, as the editor sends it, passes when only the price changed
    const { id: _id, ...whole } = stored;
    const resave = await put({
      product: whole.product,
      product_type: whole.product_type,
      product_size: whole.product_size,
      product_price: 26,
      reorder_level: whole.reorder_level,
      reorder_qty: whole.reorder_qty,
      reorder_time_in_days: whole.reorder_time_in_days,
    });
    expect([resave.status, resave.body.product_price]).toEqual([200, 26]);
  });

  it('refuses bad input with a 400 and an unknown company with a 404', async () => {
    const owner = await signUpCompany(t.ctx);
    const url = `/company/${owner.companyId}/feature`;
    const cases: [string, unknown, string][] = [
      [`${url}/teleport`, { active: true }, OPERATOR_MSG.unknownFeature],
      [`${url}/ai`, { active: true }, OPERATOR_MSG.comingSoon],
      [`${url}/fintech`, { active: true, ignore_pricing: true }, OPERATOR_MSG.ignorePricingPos],
      [`${url}/fintech`, { active: 'yes' }, OPERATOR_MSG.active],
      [`${url}/fintech`, {}, OPERATOR_MSG.active],
      [`${url}/clover`, { active: true, ignore_pricing: 'no' }, OPERATOR_MSG.ignorePricing],
      ['/company/abc/feature/fintech', { active: true }, 'Company id must be a whole number from 1 to 2147483647'],
      ['/company/0/feature/fintech', { active: true }, 'Company id must be a whole number from 1 to 2147483647'],
    ];
    for (const [path, body, message] of cases) {
      const res = await op(t.ctx, 'PUT', path, body);
      expect([path, res.status, res.body.message]).toEqual([path, 400, message]);
    }
    const none = await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/operator${url}/fintech`,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(none.statusCode).toBe(400);
    const missing = await op(t.ctx, 'PUT', '/company/2147483647/feature/fintech', { active: true });
    expect([missing.status, missing.body.message]).toEqual([404, OPERATOR_MSG.companyNotFound]);
  });

  it('documents its routes in the OpenAPI document', () => {
    expect(paths(t.ctx)).toEqual(
      expect.arrayContaining([
        '/api/v1/operator/companies',
        '/api/v1/operator/feature-requests',
        '/api/v1/operator/company/{id}/feature/{name}',
      ]),
    );
  });
});

describe('the operator API without OPERATOR_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('answers 404 to every route, with or without a token, and is absent from the OpenAPI document', async () => {
    for (const [method, url] of [
      ['GET', '/companies'],
      ['GET', '/feature-requests'],
      ['PUT', '/company/1/feature/fintech'],
    ] as const) {
      for (const auth of [null, `Bearer ${TOKEN}`]) {
        const res = await op(ctx, method, url, method === 'PUT' ? { active: true } : undefined, auth);
        expect([url, res.status]).toEqual([url, 404]);
      }
    }
    expect(paths(ctx).filter((p) => p.includes('/operator'))).toEqual([]);
  });
});
