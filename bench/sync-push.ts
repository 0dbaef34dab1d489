/**
 * Bottle POS push benchmark: N invoices (default 10,000; BENCH_N to change) pushed through the
 * durable job queue to the Bottle POS simulator over HTTP by two workers (two "processes" sharing
 * one PostgreSQL database, 8 jobs at a time each), with a few injected 503s and a 429 on the way.
 * Prints throughput and checks that the partner holds every invoice exactly once.
 *
 *   npx tsx --conditions=source bench/sync-push.ts
 *   BENCH_N=2000 npx tsx --conditions=source bench/sync-push.ts
 */
import { randomUUID } from 'node:crypto';
import { startSimulator } from '../apps/server/src/integrations/bottle-pos/simulator.js';
import { createJobQueue } from '../apps/server/src/lib/jobs.js';
import { saveIntegrationCredentials } from '../apps/server/src/modules/integrations/credentials.service.js';
import { registerPosJobs } from '../apps/server/src/modules/integrations/pos-jobs.js';
import { JOB } from '../apps/server/src/modules/integrations/pos-sync.service.js';
import { withBenchCompany } from './bench-company.js';

const N = Number(process.env.BENCH_N ?? 10_000);

const sim = await startSimulator();
process.env.BOTTLE_POS_URL = sim.url;
// the bench runs its own two workers; the app's own stays off
process.env.JOBS_WORKER = 'off';
process.env.JOBS_RETRY_BASE_MS = '50';

try {
  await withBenchCompany('bench_sync_push', async ({ app, raw, companyId }) => {
    const db = app.deps.db;
    await saveIntegrationCredentials(db, companyId, 'bottle_pos', { api_key: 'bench-key' });
    const { rows: cust } = await raw.query(
      `insert into customers (company_id, name, address, city, zip, tabc_id)
       values ($1, 'Bench Bar', '1 Main St', 'Austin', '78701', 'MB100001') returning id`,
      [companyId],
    );
    const { rows: prod } = await raw.query(
      `insert into products (company_id, product, product_type, product_size, product_price, internal_sku)
       values ($1, 'BENCH LAGER', 'BEER', '12OZ', '1.50', 'BENCH-1') returning id`,
      [companyId],
    );
    console.log(`loading ${N.toLocaleString()} invoices ...`);
    await raw.query(
      `insert into invoices (company_id, number, beer, customer_id, status, invoiced_at, due_at,
                             sub_total, tax_total, total, paid_total, tax_rate)
       select $1, g, false, $2, 'invoiced', current_date, current_date + 30, 15.00, 1.24, 16.24, 0, 8.25
       from generate_series(1, $3::int) g`,
      [companyId, cust[0].id, N],
    );
    await raw.query(
      `insert into invoice_items (company_id, invoice_id, product_id, product_name, product_type, product_size, qty, price, total)
       select $1, id, $2, 'BENCH LAGER', 'BEER', '12OZ', 10, 1.50, 15.00 from invoices where company_id = $1`,
      [companyId, prod[0].id],
    );
    const syncId = randomUUID();
    await raw.query(
      `insert into jobs (name, data, max_attempts)
       select $2, jsonb_build_object('partner', 'bottle_pos', 'companyId', $1::int, 'invoiceId', id, 'syncId', $3::text,
                                     'key', 'bench-' || id), 10
       from invoices where company_id = $1`,
      [companyId, JOB.pushInvoice, syncId],
    );

    // two workers on the same database, as two server processes would be
    const workers = [1, 2].map(() => {
      const q = createJobQueue(db, { concurrency: 8, pollMs: 20, retryBaseMs: 50 });
      registerPosJobs({ ...app.deps, jobs: q });
      return q;
    });
    sim.control.fail(503, 3);
    const t0 = performance.now();
    for (const w of workers) w.start();
    // a 429 with Retry-After 1 s in the middle of the run
    const midway = setTimeout(() => sim.control.fail(429, 1, 1), 2000);
    await workers[0].drain([JOB.pushInvoice], 30 * 60_000);
    const seconds = (performance.now() - t0) / 1000;
    clearTimeout(midway);
    await Promise.all(workers.map((w) => w.stop()));

    const state = sim.control.state();
    const numbers = new Set(state.invoices.filter((i) => i.merchant === 'bench-key').map((i) => i.number));
    const { rows: jobStates } = await raw.query(
      `select state, count(*)::int as n, sum(attempts)::int as attempts from jobs where name = $1 and data->>'syncId' = $2 group by state`,
      [JOB.pushInvoice, syncId],
    );
    const { rows: logs } = await raw.query(
      `select success, count(*)::int as n from sync_logs where company_id = $1 group by success`,
      [companyId],
    );
    console.log(
      `\n${N.toLocaleString()} invoices pushed in ${seconds.toFixed(1)} s: ${(N / seconds).toFixed(0)} invoices/s`,
    );
    console.log(
      `partner holds ${state.invoices.length} invoices, ${numbers.size} distinct numbers; duplicates refused: ${state.duplicates}`,
    );
    console.log(`jobs: ${jobStates.map((r) => `${r.state} ${r.n} (attempts ${r.attempts})`).join(', ')}`);
    console.log(`sync_logs rows: ${logs.map((r) => `${r.success ? 'ok' : 'error'} ${r.n}`).join(', ')}`);
    const ok = state.invoices.length === N && numbers.size === N;
    console.log(ok ? 'zero duplicates, none missing' : 'MISMATCH: duplicates or missing invoices');
    await raw.query(`delete from jobs where data->>'syncId' = $1`, [syncId]);
    if (!ok) process.exitCode = 1;
  });
} finally {
  await sim.close();
}
