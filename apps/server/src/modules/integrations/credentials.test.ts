import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeCompany, makeStaff } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { getIntegrationCredentials } from './credentials.service.js';
import { companyIntegrations } from './integrations.tables.js';

const t = useTestApp();

const KEY = 'bp_live_0123456789abcdef';

describe('partners credentials in settings', () => {
  it('stores the key sealed, answers it masked and hands the client the whole key', async () => {
    const owner = await makeCompany(t.ctx);
    const put = await owner.api.put('/company/integration/bottle-pos', { api_key: KEY });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'bottle_pos', title: 'Bottle POS', configured: true, api_key: '••••cdef' });

    const got = await owner.api.get('/company/integration/bottle_pos');
    expect(got.body.api_key).toBe('••••cdef');
    expect(JSON.stringify(got.body)).not.toContain(KEY);

    const [row] = await t.ctx.database.db
      .select()
      .from(companyIntegrations)
      .where(eq(companyIntegrations.company_id, owner.companyId));
    expect(row.api_key_sealed).not.toContain(KEY);
    expect(row.api_key_sealed.startsWith('v1:')).toBe(true);
    expect(await getIntegrationCredentials(t.ctx.database.db, owner.companyId, 'bottle_pos')).toEqual({ api_key: KEY });
  });

  it('lists the four partners, unset ones as not configured, and keeps Clover’s merchant id', async () => {
    const owner = await makeCompany(t.ctx);
    await owner.api.put('/company/integration/clover', { api_key: 'clover-key-12345678', merchant_id: 'M-42' });
    const list = await owner.api.get('/company/integration');
    expect(list.status).toBe(200);
    const byName = Object.fromEntries(list.body.integrations.map((i: { name: string }) => [i.name, i]));
    expect(Object.keys(byName)).toEqual(['bottle_pos', 'clover', 'fintech', 'mpower']);
    expect(byName.clover).toMatchObject({ configured: true, merchant_id: 'M-42' });
    expect(byName.fintech).toMatchObject({ configured: false, api_key: null });
    expect(await getIntegrationCredentials(t.ctx.database.db, owner.companyId, 'fintech')).toBeNull();
  });

  it('refuses an empty key, an unknown partner and a staff user, changing nothing', async () => {
    const owner = await makeCompany(t.ctx);
    const empty = await owner.api.put('/company/integration/mpower', { api_key: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('API key is required');
    const unknown = await owner.api.put('/company/integration/quickbooks', { api_key: KEY });
    expect(unknown.status).toBe(400);
    const nul = await owner.api.put('/company/integration/mpower', { api_key: 'abc\u0000def' });
    expect(nul.status).toBe(400);
    const staff = await makeStaff(t.ctx, owner.companyId);
    const forbidden = await staff.put('/company/integration/mpower', { api_key: KEY });
    expect(forbidden.status).toBe(403);
    expect((await owner.api.get('/company/integration/mpower')).body.configured).toBe(false);
    // staff still see that a partner is connected, masked
    expect((await staff.get('/company/integration/mpower')).status).toBe(200);
  });

  it('keeps each company’s keys to itself: a sealed key copied to another company does not open', async () => {
    const a = await makeCompany(t.ctx);
    const b = await makeCompany(t.ctx);
    await a.api.put('/company/integration/fintech', { api_key: KEY });
    expect((await b.api.get('/company/integration/fintech')).body.configured).toBe(false);

    const [row] = await t.ctx.database.db
      .select()
      .from(companyIntegrations)
      .where(and(eq(companyIntegrations.company_id, a.companyId), eq(companyIntegrations.name, 'fintech')));
    await t.ctx.database.db.insert(companyIntegrations).values({ ...row, company_id: b.companyId });
    await expect(getIntegrationCredentials(t.ctx.database.db, b.companyId, 'fintech')).rejects.toThrow(
      /enter them again/,
    );
  });

  it('removes the credentials', async () => {
    const owner = await makeCompany(t.ctx);
    await owner.api.put('/company/integration/mpower', { api_key: KEY });
    const del = await owner.api.del('/company/integration/mpower');
    expect(del.body.configured).toBe(false);
    expect(await getIntegrationCredentials(t.ctx.database.db, owner.companyId, 'mpower')).toBeNull();
  });
});
