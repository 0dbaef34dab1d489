/**
 * Aging report benchmark: GET /report/aging on 1,000,000 invoices and 10,000 customers.
 *
 *   npx tsx --conditions=source bench/aging.ts
 *
 * Database: as bench/invoice-grid.ts (TEST_DATABASE_URL / BENCH_DATABASE_URL, else a throw-away
 * dbo_bench_aging_<pid> on postgres://postgres@127.0.0.1:5432). BENCH_INVOICES=200000 loads fewer
 * rows; BENCH_RUNS=20 sets the timed runs per case. A third of the invoices carry a payment with
 * one allocation (so the as-of sum of allocations is really exercised).
 *
 * Each case prints p50/p95 of the endpoint through app.inject next to the raw SQL of the same
 * aggregate (agingSql, the exact query the service runs) on the pool.
 */
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import { addDays, todayInTexas } from '../packages/domain/src/dates.js';
import { agingSql } from '../apps/server/src/modules/receivables/aging.service.js';
import { compareApiWithSql } from './api-vs-sql.js';
import { withBenchCompany } from './bench-company.js';

const N = Number(process.env.BENCH_INVOICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);

async function main() {
  await withBenchCompany('dbo_bench_aging', async ({ app, raw, companyId, headers }) => {
    console.log(`loading ${N.toLocaleString()} invoices, ${CUSTOMERS.toLocaleString()} customers ...`);
    const t0 = performance.now();
    await raw.query(
      `insert into customers (company_id, name, address, city, zip, tabc_id)
       select $1, 'Saloon ' || g, g || ' Main St', 'Austin', '78701', 'MB' || lpad(g::text, 6, '0')
       from generate_series(1, ${CUSTOMERS}) g`,
      [companyId],
    );
    const { rows: r } = await raw.query('select min(id) as lo from customers where company_id = $1', [companyId]);
    const lo = Number(r[0].lo);
    await raw.query(
      `insert into invoices (company_id, number, beer, customer_id, status, invoiced_at, due_at, sub_total, tax_total, total, tax_rate)
       select $1, g, false, $2 + ((g::bigint * 7919) % ${CUSTOMERS})::int,
              (array['draft','invoiced','delivered','payment_due','partially_paid','cancelled'])[1 + g % 6],
              current_date - (g % 400), current_date - (g % 400) + 30, s, 0, s, 8.25
       from (select g, round((10 + (g * 37 % 5000))::numeric, 2) as s from generate_series(1, ${N}) g) x`,
      [companyId, lo],
    );
    // a third of the invoices: a payment of half the total, as one allocation
    await raw.query(
      `insert into payments (company_id, customer_id, amount, received_at, method)
       select company_id, customer_id, round(total / 2, 2), invoiced_at + 10, 'check'
       from invoices where company_id = $1 and number % 3 = 0 order by number`,
      [companyId],
    );
    await raw.query(
      `insert into payment_allocations (company_id, payment_id, invoice_id, amount)
       select p.company_id, p.id, i.id, p.amount
       from (select id, company_id, row_number() over (order by id) as k, amount from payments where company_id = $1) p
       join (select id, row_number() over (order by number) as k from invoices where company_id = $1 and number % 3 = 0) i
         on i.k = p.k`,
      [companyId],
    );
    await raw.query('vacuum analyze invoices');
    await raw.query('vacuum analyze payments');
    await raw.query('vacuum analyze payment_allocations');
    await raw.query('analyze customers');
    console.log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    const dialect = new PgDialect();
    const today = todayInTexas();
    const cases = [
      { name: 'aging as of today', asOf: today },
      { name: 'aging as of 180 days ago', asOf: addDays(today, -180) },
    ];
    await compareApiWithSql(
      { app, raw, headers },
      cases.map((c) => {
        const q = dialect.sqlToQuery(agingSql(companyId, c.asOf));
        return { name: c.name, url: `/api/v1/report/aging?asOf=${c.asOf}`, sql: q.sql, params: q.params };
      }),
      { runs: RUNS, warmup: 2, width: 30, countLabel: 'rows', count: (body) => body.rows.length },
    );
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
