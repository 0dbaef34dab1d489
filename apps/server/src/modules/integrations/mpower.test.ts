import { FINTECH_MSG } from '@dbo/domain/fintech';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../integrations/mpower/simulator.js';
import { makeCompany } from '../../../test/factories.js';
import { fintechCompany, useAppWithSimulator, withPartnerTimeout } from '../../../test/fintech-fixtures.js';
import { activateFeature } from '../../../test/helpers.js';
import { activities } from '../activity/activity.tables.js';
import { mpowerInvoices, syncLogs } from './integrations.tables.js';

const t = useAppWithSimulator(startSimulator, (sim) => ({ mpowerUrl: sim.url }), { attempts: 3 });

describe('MPower sync', () => {
  it("sends the invoice, stores MPower's answer and shows it on the invoice", async () => {
    const { owner, customer, invoice } = await fintechCompany(t.ctx);
    const res = await owner.api.get(`/mpower/${invoice.id}/sync`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      invoice_id: invoice.id,
      error: null,
      response: { invoice_id: 'MPW-00001', status: 'RECEIVED', items: 1 },
    });
    const [sent] = t.sim.control.invoices();
    expect(sent).toMatchObject({
      number: String(invoice.number),
      date: '2026-11-02',
      customer: { name: customer.name, license: customer.tabc_id },
      total: invoice.total,
      items: [{ name: 'BECKER CABERNET', upc: '089046000113', qty: 2, price: 18.99, total: 37.98 }],
    });
    const detail = await owner.api.get(`/invoice/${invoice.id}?by=id`);
    expect(detail.body.mPowerInvoice).toMatchObject({
      invoice_id: invoice.id,
      error: null,
      response: { invoice_id: 'MPW-00001' },
    });
    const [act] = await t.ctx.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.company_id, owner.companyId), eq(activities.module, 'MPOWER')));
    expect(act).toMatchObject({
      type: 'INVOICE_SYNC',
      success: true,
      info: { invoiceNumber: invoice.number, beer: false },
    });
    const logs = await t.ctx.database.db.select().from(syncLogs).where(eq(syncLogs.company_id, owner.companyId));
    expect(logs).toMatchObject([{ service: 'mpower', invoice_id: invoice.id, success: true }]);
  });

  it('retries a 5xx and a 429, never sending a second copy; a re-sync answers the copy MPower has', async () => {
    const { owner, invoice } = await fintechCompany(t.ctx);
    t.sim.control.faults({ fail: { count: 1, status: 502 }, rateLimit: { count: 1, retryAfter: 1 } });
    const res = await owner.api.get(`/mpower/${invoice.id}/sync`);
    expect(res.body.error).toBeNull();
    expect(t.sim.control.requests().map((r) => r.status)).toEqual([429, 502, 201]);
    const again = await owner.api.get(`/mpower/${invoice.id}/sync`);
    expect(again.body).toMatchObject({ error: null, response: { invoice_id: 'MPW-00001', duplicate: true } });
    expect(t.sim.control.invoices()).toHaveLength(1);
  });

  it('stores and shows the error: a refused key, a timeout, a validation error', async () => {
    const bad = await fintechCompany(t.ctx, { key: 'invalid' });
    const refused = await bad.owner.api.get(`/mpower/${bad.invoice.id}/sync`);
    expect(refused.status).toBe(200);
    expect(refused.body.error).toBe('MPower refused the API key: API key rejected by MPower');
    expect((await bad.owner.api.get(`/invoice/${bad.invoice.id}?by=id`)).body.mPowerInvoice.error).toContain(
      'API key rejected',
    );

    const { owner, invoice } = await fintechCompany(t.ctx, { customer: { tabc_id: '' } });
    const invalid = await owner.api.get(`/mpower/${invoice.id}/sync`);
    expect(invalid.body.error).toBe(
      'MPower refused the data: Invalid invoice; customer.license (TABC permit) is required',
    );
    expect(invalid.body.response).toMatchObject({ errors: ['customer.license (TABC permit) is required'] });

    const slow = await fintechCompany(t.ctx);
    t.sim.control.faults({ delay: { count: 3, ms: 700 } });
    const timedOut = await withPartnerTimeout(t.ctx, 400, () => slow.owner.api.get(`/mpower/${slow.invoice.id}/sync`));
    expect(timedOut.body.error).toBe('MPower did not answer within 0.4 s');
    const [row] = await t.ctx.database.db
      .select()
      .from(mpowerInvoices)
      .where(eq(mpowerInvoices.invoice_id, slow.invoice.id));
    expect(row.error).toBe('MPower did not answer within 0.4 s');
    const [act] = await t.ctx.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.company_id, slow.owner.companyId), eq(activities.module, 'MPOWER')));
    expect(act.success).toBe(false);
    await new Promise((r) => setTimeout(r, 800));
  });

  it('needs the feature (403) and a key (400); another company answers 404', async () => {
    const a = await fintechCompany(t.ctx, { key: null });
    const noKey = await a.owner.api.get(`/mpower/${a.invoice.id}/sync`);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe(FINTECH_MSG.noCredentials('MPower'));
    const b = await fintechCompany(t.ctx);
    expect((await b.owner.api.get(`/mpower/${a.invoice.id}/sync`)).status).toBe(404);
    expect((await b.owner.api.get('/mpower/99999999999/sync')).status).toBe(400);
    expect((await b.owner.api.get('/mpower/abc/sync')).status).toBe(400);
    await activateFeature(t.ctx, b.owner.companyId, 'mpower', false);
    const off = await b.owner.api.get(`/mpower/${b.invoice.id}/sync`);
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(FINTECH_MSG.mpowerFeatureOff);
    const plain = await makeCompany(t.ctx);
    expect((await plain.api.get(`/mpower/${a.invoice.id}/sync`)).status).toBe(404);
    expect(t.sim.control.requests()).toHaveLength(0);
    const rows = await t.ctx.database.db
      .select()
      .from(mpowerInvoices)
      .where(eq(mpowerInvoices.company_id, b.owner.companyId));
    expect(rows).toHaveLength(0);
  });
});
