import { FINTECH_MSG, fintechSynced } from '@dbo/domain/fintech';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../integrations/fintech/simulator.js';
import { line, makeCompany } from '../../../test/factories.js';
import { fintechCompany, useAppWithSimulator, withPartnerTimeout } from '../../../test/fintech-fixtures.js';
import { activateFeature } from '../../../test/helpers.js';
import { syncLogs } from './integrations.tables.js';

const t = useAppWithSimulator(startSimulator, (sim) => ({ fintechUrl: sim.url }), { attempts: 4 });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const messages = (entry: { success_log: { step: string; message: string }[] }) =>
  entry.success_log.map((s) => `${s.step}: ${s.message}`);

describe('fintech sync', () => {
  it('files the invoice with the clearing house and logs the run, ending with Sync succeeded', async () => {
    const { owner, invoice } = await fintechCompany(t.ctx);
    const res = await owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ invoice_ids: [invoice.id], success: true, error_log: null });
    expect(res.body.success_log.at(-1)).toMatchObject({ step: 'end', message: 'Sync succeeded' });
    expect(messages(res.body).join('\n')).toContain(`Invoice #${invoice.number} filed as FT-000001`);

    const filed = t.sim.control.invoices();
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({
      distributor_id: 'DIST-77',
      retailer_id: 'RTL-9',
      invoice_number: `INV${invoice.number}`,
      invoice_date: '11/02/2026',
      api_key_tail: '0001',
      lines: [
        {
          upc: '089046000113',
          description: 'BECKER CABERNET',
          unit_of_measure: 'EA',
          quantity: 2,
          unit_price: '18.99',
          extended_price: '37.98',
        },
      ],
    });
    expect(filed[0].total).toBe(invoice.total.toFixed(2));

    const log = await owner.api.get('/fintech/sync-log', { invoiceIds: String(invoice.id) });
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({ id: res.body.id, invoice_ids: [invoice.id], success: true });
    expect(fintechSynced(log.body)).toBe(true);
    const [row] = await t.ctx.database.db.select().from(syncLogs).where(eq(syncLogs.id, res.body.id));
    expect(row).toMatchObject({ service: 'fintech', type: 'invoice', company_id: owner.companyId, success: true });
  });

  it('retries a 5xx and files the invoice once', async () => {
    const { owner, invoice } = await fintechCompany(t.ctx);
    t.sim.control.faults({ fail: { count: 2, status: 503 } });
    const res = await owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`);
    expect(res.body.success).toBe(true);
    const log = messages(res.body).join('\n');
    expect(log).toContain('attempt 1: Fintech answered 503');
    expect(log).toContain('attempt 2: Fintech answered 503');
    expect(log).toContain('attempt 3: Fintech answered 201');
    expect(t.sim.control.requests().map((r) => r.status)).toEqual([503, 503, 201]);
    expect(t.sim.control.invoices()).toHaveLength(1);
  });

  it('waits the Retry-After of a 429, and gives up (saying so) when it asks for longer than we wait', async () => {
    const { owner, invoice } = await fintechCompany(t.ctx);
    t.sim.control.faults({ rateLimit: { count: 1, retryAfter: 1 } });
    const ok = await owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`);
    expect(ok.body.success).toBe(true);
    expect(messages(ok.body).join('\n')).toContain('retrying in 1 s (Retry-After)');
    expect(t.sim.control.requests().map((r) => r.status)).toEqual([429, 201]);

    t.sim.control.reset();
    t.sim.control.faults({ rateLimit: { count: 5, retryAfter: 60 } });
    const busy = await owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`);
    expect(busy.body.success).toBe(false);
    expect(busy.body.error_log.message).toContain('asked to retry after 60 s');
    expect(fintechSynced([busy.body])).toBe(false);
    expect(t.sim.control.requests()).toHaveLength(1);
  });

  it('times out each attempt, fails the run, and four late attempts still leave one copy', async () => {
    const { owner, invoice } = await fintechCompany(t.ctx);
    t.sim.control.faults({ delay: { count: 4, ms: 900 } });
    const res = await withPartnerTimeout(t.ctx, 400, () => owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`));
    expect(res.body.success).toBe(false);
    expect(res.body.error_log).toMatchObject({ step: 'push' });
    expect(res.body.error_log.message).toContain('did not answer within 0.4 s');
    expect(messages(res.body).filter((m) => m.includes('retrying'))).toHaveLength(3);
    // the slow service still processes the four requests: the idempotency key keeps one copy
    await sleep(1200);
    expect(t.sim.control.invoices()).toHaveLength(1);
    // a later run finds it there and says so
    const again = await owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`);
    expect(again.body.success).toBe(true);
    expect(messages(again.body).join('\n')).toContain('already received by fintech as FT-000001 (duplicate refused)');
    expect(t.sim.control.invoices()).toHaveLength(1);
  });

  it('never files twice when an accepted push loses its answer (retry with the same key)', async () => {
    const { owner, invoice } = await fintechCompany(t.ctx);
    t.sim.control.faults({ delay: { count: 1, ms: 700, after: true } });
    const res = await withPartnerTimeout(t.ctx, 400, () => owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`));
    expect(res.body.success).toBe(true);
    expect(messages(res.body).join('\n')).toContain('(duplicate refused)');
    const keys = t.sim.control.requests().map((r) => r.key);
    expect(new Set(keys).size).toBe(1);
    await sleep(800);
    expect(t.sim.control.invoices()).toHaveLength(1);
    // a second Sync Now of the same invoice files nothing new either
    await owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`);
    expect(t.sim.control.invoices()).toHaveLength(1);
  });

  it('shows a refused key as a failed sync with the partner message', async () => {
    const { owner, invoice } = await fintechCompany(t.ctx, { key: 'invalid' });
    const res = await owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.error_log).toMatchObject({ step: 'auth' });
    expect(res.body.error_log.message).toContain('Invalid API key');
    expect(t.sim.control.invoices()).toHaveLength(0);
    const log = await owner.api.get('/fintech/sync-log', { invoiceIds: String(invoice.id) });
    expect(fintechSynced(log.body)).toBe(false);
  });

  it('syncs several invoices in one run', async () => {
    const { owner, invoice, customer, product } = await fintechCompany(t.ctx);
    const second = await owner.api.post('/invoice', {
      customer: { id: customer.id },
      stamps: [],
      items: [line(product.id, 1, 5)],
    });
    const ids = `${invoice.id},${second.body.id}`;
    const res = await owner.api.post(`/fintech/sync?invoiceIds=${ids}`);
    expect(res.body).toMatchObject({ success: true, invoice_ids: [invoice.id, second.body.id] });
    expect(t.sim.control.invoices().map((i) => i.invoice_number)).toEqual([
      `INV${invoice.number}`,
      `INV${second.body.number}`,
    ]);
    const log = await owner.api.get(`/fintech/sync-log?invoiceIds=${second.body.id}`);
    expect(log.body.map((e: { id: number }) => e.id)).toEqual([res.body.id]);
  });
});

describe('fintech set-up and input', () => {
  it('answers a 400 naming what is missing, and calls nobody', async () => {
    const cases: [Parameters<typeof fintechCompany>[1], string][] = [
      [{ hasFintech: false }, FINTECH_MSG.companyNotEnabled],
      [{ companyFintechId: '' }, FINTECH_MSG.companyNoId],
      [{ customer: { fintech_option: false } }, FINTECH_MSG.customerNoOption('Broken Spoke Saloon')],
      [{ customer: { fintech_id: '' } }, FINTECH_MSG.customerNoId('Broken Spoke Saloon')],
      [{ key: null }, FINTECH_MSG.noCredentials('Fintech')],
    ];
    for (const [opts, message] of cases) {
      const { owner, invoice } = await fintechCompany(t.ctx, opts);
      const res = await owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(t.sim.control.requests()).toHaveLength(0);
    const none = await t.ctx.database.db.select().from(syncLogs).where(eq(syncLogs.service, 'fintech'));
    expect(none.filter((r) => !r.success && r.error_log === null)).toHaveLength(0);
  });

  it('lists every gap at once in details', async () => {
    const { owner, invoice } = await fintechCompany(t.ctx, {
      hasFintech: false,
      companyFintechId: '',
      customer: { fintech_option: false, fintech_id: '' },
    });
    const res = await owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      FINTECH_MSG.companyNotEnabled,
      FINTECH_MSG.companyNoId,
      FINTECH_MSG.customerNoOption('Broken Spoke Saloon'),
      FINTECH_MSG.customerNoId('Broken Spoke Saloon'),
    ]);
  });

  it('refuses without the fintech feature (403) and bad invoiceIds (400)', async () => {
    const { owner, invoice } = await fintechCompany(t.ctx);
    for (const q of ['', '?invoiceIds=', '?invoiceIds=abc', '?invoiceIds=99999999999', '?invoiceIds=1%002'] as const) {
      const res = await owner.api.post(`/fintech/sync${q}`);
      expect(res.status, q).toBe(400);
      const log = await owner.api.get(`/fintech/sync-log${q}`);
      expect(log.status, q).toBe(400);
    }
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect((await owner.api.post(`/fintech/sync?invoiceIds=${many}`)).body.message).toBe(FINTECH_MSG.invoiceIdsTooMany);
    await activateFeature(t.ctx, owner.companyId, 'fintech', false);
    const off = await owner.api.post(`/fintech/sync?invoiceIds=${invoice.id}`);
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(FINTECH_MSG.featureOff);
    expect((await owner.api.get(`/fintech/sync-log?invoiceIds=${invoice.id}`)).status).toBe(403);
  });

  it('keeps each company to its own invoices and logs (404)', async () => {
    const a = await fintechCompany(t.ctx);
    const b = await fintechCompany(t.ctx);
    await a.owner.api.post(`/fintech/sync?invoiceIds=${a.invoice.id}`);
    expect((await b.owner.api.post(`/fintech/sync?invoiceIds=${a.invoice.id}`)).status).toBe(404);
    expect((await b.owner.api.post(`/fintech/sync?invoiceIds=${b.invoice.id},${a.invoice.id}`)).status).toBe(404);
    expect((await b.owner.api.get(`/fintech/sync-log?invoiceIds=${a.invoice.id}`)).status).toBe(404);
    expect((await b.owner.api.get(`/fintech/sync-log?invoiceIds=${b.invoice.id}`)).body).toEqual([]);
    expect(t.sim.control.invoices()).toHaveLength(1);
    const rows = await t.ctx.database.db
      .select()
      .from(syncLogs)
      .where(and(eq(syncLogs.company_id, b.owner.companyId), eq(syncLogs.service, 'fintech')));
    expect(rows).toHaveLength(0);
    // a company without the feature learns nothing of others' invoices either
    const plain = await makeCompany(t.ctx);
    expect((await plain.api.post(`/fintech/sync?invoiceIds=${a.invoice.id}`)).status).toBe(403);
  });
});
