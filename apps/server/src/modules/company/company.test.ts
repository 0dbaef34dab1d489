import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validCompanyBody } from '../../../test/factories.js';
import { activateFeature, type SignedUp, signUpCompany, useTestApp } from '../../../test/helpers.js';
import { postForm } from '../../../test/multipart.js';

const t = useTestApp();

const validCompany = {
  ...validCompanyBody,
  starting_invoice_number: 500,
  stamp_threshold: 300,
  tax_rate: 8.25,
  default_invoice_status: 'invoiced',
};

// smallest valid PNG (1x1)
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** Posts `content` as the logo form field, named logo.png and claiming to be a PNG. */
const uploadLogo = (owner: SignedUp, content: Buffer) =>
  postForm(t.ctx, owner, '/company/logo', [{ name: 'logo', value: content, filename: 'logo.png', type: 'image/png' }]);

describe('company settings', () => {
  it('saves a valid company and answers it', async () => {
    const owner = await signUpCompany(t.ctx);
    const res = await owner.api.put(`/company/${owner.companyId}`, validCompany);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...validCompany, tax_rate: 8.25 });
    const me = await owner.api.get('/validate_token');
    expect(me.body.user.company.name).toBe('Hill Country Spirits');
  });

  it('refuses each rule with its message and changes nothing', async () => {
    const owner = await signUpCompany(t.ctx);
    await owner.api.put(`/company/${owner.companyId}`, validCompany);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Company name is required'],
      [{ city: ' ' }, 'City is required'],
      [{ tabc_id: '' }, 'TABC ID is required'],
      [{ zip: '' }, 'Zip is required'],
      [{ starting_invoice_number: 0 }, 'Starting invoice number must be a number of at least 1'],
      [{ stamp_threshold: 5001 }, 'Stamp threshold must be between 1 and 5000'],
      [{ stamp_threshold: 0 }, 'Stamp threshold must be between 1 and 5000'],
      [{ tax_rate: 100.5 }, 'Tax rate must be between 0 and 100 with at most 2 decimals'],
      [{ tax_rate: 8.255 }, 'Tax rate must be between 0 and 100 with at most 2 decimals'],
      [{ default_invoice_status: 'shipped' }, 'Default invoice status must be one of the invoice statuses'],
      [{ has_fintech: true, fintech_id: '' }, 'Fintech ID is required while Fintech is enabled'],
    ];
    for (const [change, message] of cases) {
      const res = await owner.api.put(`/company/${owner.companyId}`, { ...validCompany, ...change });
      expect(res.status, message).toBe(400);
      expect(res.body.details, message).toContain(message);
    }
    const me = await owner.api.get('/company');
    expect(me.body).toMatchObject({ name: 'Hill Country Spirits', stamp_threshold: 300, tax_rate: 8.25 });
  });

  it('requires the subdomain only while online ordering is active', async () => {
    const owner = await signUpCompany(t.ctx);
    expect((await owner.api.put(`/company/${owner.companyId}`, validCompany)).status).toBe(200);
    await activateFeature(t.ctx, owner.companyId, 'order');
    const res = await owner.api.put(`/company/${owner.companyId}`, validCompany);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Subdomain is required while online ordering is active');
    const sub = `hill${owner.companyId}`;
    expect((await owner.api.put(`/company/${owner.companyId}`, { ...validCompany, subdomain: sub })).status).toBe(200);
    const other = await signUpCompany(t.ctx);
    const taken = await other.api.put(`/company/${other.companyId}`, { ...validCompany, subdomain: sub });
    expect(taken.body.message).toBe('This subdomain is already taken');
  });

  it("never shows or changes another company's settings", async () => {
    const a = await signUpCompany(t.ctx);
    const b = await signUpCompany(t.ctx);
    const res = await b.api.put(`/company/${a.companyId}`, validCompany);
    expect(res.status).toBe(404);
    const mine = await a.api.get('/company');
    expect(mine.body.name).not.toBe('Hill Country Spirits');
  });
});

describe('features', () => {
  it('activates and deactivates a feature, recording the activity', async () => {
    const owner = await signUpCompany(t.ctx);
    const on = await owner.api.post('/company/feature', { name: 'inventory', active: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ name: 'inventory', active: true });
    const me = await owner.api.get('/validate_token');
    expect(me.body.user.company.companyFeatures).toContainEqual(
      expect.objectContaining({ name: 'inventory', active: true }),
    );
    const off = await owner.api.post('/company/feature', { name: 'inventory', active: false });
    expect(off.body.active).toBe(false);
    const log = await owner.api.get('/user/user-activity/grid', { startRow: 0, endRow: 10 });
    const types = log.body.rows.map((r: any) => r.type);
    expect(types).toEqual(expect.arrayContaining(['FEATURE_ON', 'FEATURE_OFF']));
  });

  it('turns a gated feature into an access request and refuses coming-soon ones', async () => {
    const owner = await signUpCompany(t.ctx);
    const req = await owner.api.post('/company/feature', { name: 'fintech', active: true });
    expect(req.body).toMatchObject({ name: 'fintech', active: false, access_requested: true });
    const soon = await owner.api.post('/company/feature', { name: 'ai', active: true });
    expect(soon.status).toBe(400);
    expect(soon.body.message).toBe('This feature is coming soon');
    const unknown = await owner.api.post('/company/feature', { name: 'teleport', active: true });
    expect(unknown.body.message).toBe('Unknown feature');
    const list = await owner.api.get('/company/features');
    expect(list.body.find((f: any) => f.name === 'fintech')).toMatchObject({ gated: true, access_requested: true });
  });
});

describe('logos', () => {
  it('uploads an image, makes the first one the default, serves it and removes it', async () => {
    const owner = await signUpCompany(t.ctx);
    // a JSON body where the form goes: the clear 400, not multipart's 406
    const notForm = await owner.api.post('/company/logo', { logo: 'x' });
    expect([notForm.status, notForm.body.error]).toEqual([400, 'Bad Request']);
    const res = await uploadLogo(owner, PNG);
    expect(res.status).toBe(200);
    const logo = res.body;
    expect(logo).toMatchObject({ originalname: 'logo.png', mimetype: 'image/png' });
    expect((await owner.api.get('/company')).body.default_logo_id).toBe(logo.id);
    const file = await t.ctx.app.inject({ method: 'GET', url: logo.path });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await owner.api.get('/company/logo')).body.logos).toHaveLength(1);

    const other = await signUpCompany(t.ctx);
    expect((await other.api.del(`/company/logo/${logo.id}`)).status).toBe(404);
    expect((await other.api.get('/company/logo')).body.logos).toHaveLength(0);

    expect((await owner.api.del(`/company/logo/${logo.id}`)).status).toBe(200);
    expect((await owner.api.get('/company')).body.default_logo_id).toBeNull();
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, 'uploads', 'logos', path.basename(logo.path)))).toBe(false);
  });

  it('refuses a file that is not an image, whatever it claims', async () => {
    const owner = await signUpCompany(t.ctx);
    const res = await uploadLogo(owner, Buffer.from('%PDF-1.4 not an image'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The logo must be a PNG, JPEG, GIF or WebP image');
    expect((await owner.api.get('/company/logo')).body.logos).toHaveLength(0);
  });
});

describe('activity grid', () => {
  it('pages, filters and sorts over whitelisted columns only', async () => {
    const owner = await signUpCompany(t.ctx);
    for (const name of ['inventory', 'reports', 'order'])
      await owner.api.post('/company/feature', { name, active: true });
    const page = await owner.api.get('/user/user-activity/grid', { startRow: 0, endRow: 2 });
    expect(page.status).toBe(200);
    expect(page.body.rows).toHaveLength(2);
    expect(page.body.count).toBe(4); // sign-up + three features
    const filtered = await owner.api.get('/user/user-activity/grid', {
      startRow: 0,
      endRow: 25,
      filterModel: { type: { filterType: 'set', values: ['FEATURE_ON'] } },
      sortModel: [{ colId: 'created_at', sort: 'asc' }],
    });
    expect(filtered.body.count).toBe(3);
    expect(filtered.body.rows.map((r: any) => r.info.feature)).toEqual(['inventory', 'reports', 'order']);
    const bad = await owner.api.get('/user/user-activity/grid', { filterModel: { password_hash: { filter: 'x' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unknown grid column: password_hash');
    const other = await signUpCompany(t.ctx);
    const theirs = await other.api.get('/user/user-activity/grid', {
      filterModel: { type: { filterType: 'set', values: ['FEATURE_ON'] } },
    });
    expect(theirs.body.count).toBe(0);
  });
});
