/**
 * Reports benchmark on 1,000,000 invoices (3 lines each) and their stamps.
 *
 *   npx tsx --conditions=source bench/reports.ts
 *
 * Database as bench/invoice-grid.ts (bench-company.ts: a throw-away database on 127.0.0.1:5432,
 * or BENCH_DATABASE_URL / TEST_DATABASE_URL). BENCH_INVOICES=200000 loads fewer rows;
 * BENCH_RUNS sets the timed runs per case (default 10).
 *
 * Each case prints p50/p95 of GET /report/... through app.inject (auth, feature check,
 * validation, the service's statements, JSON) next to the same SQL statements (rendered by the
 * service's own builders) run directly on the pool. BENCH_EXPLAIN=1 prints each statement's plan.
 *
 * Run on 2026-11-23 (PostgreSQL 15, 2 cores shared with other jobs, 1,000,000 invoices, 3,000,000
 * lines, 2,000 customers, 300 products, 5 runs; load 949 s):
 *   case                                 API p50  API p95  SQL p50  SQL p95
 *   sales by product, 12 months          10229    12057    10066    11940  ms
 *   sales by customer, 12 months          5433     6762     5515     7024
 *   sales by type, 12 months              8715     9901     8993    10130
 *   sales by month, 12 months             6141     6914     5324     5946
 *   sales by product, 3 years            26338    35106    25983    27900
 *   sales by month, 3 years              12562    13553    12059    14328
 *   stamps per month by roll, 12 months    854     1260      918     1043
 * The API adds next to nothing: the time is the aggregate itself (a hash join of every line of
 * the range's ~190,000 counted invoices, then the grouping). Too slow for a page at this size: the
 * next step is a monthly roll-up per company (product, customer, type) kept by the invoice save
 * hook, or the invoice date and status carried on invoice_items with an index on them.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { performance } from 'node:perf_hooks';
import { todayInTexas } from '../packages/domain/src/dates.js';
import { twelveMonthsBack } from '../packages/domain/src/report.js';
import { salesReportSql, salesTotalsSql, stampsReportSql } from '../apps/server/src/modules/reports/reports.service.js';
import { withBenchCompany } from './bench-company.js';
import { enableFeature } from './seed.js';

const N = Number(process.env.BENCH_INVOICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const CUSTOMERS = 2_000;
const PRODUCTS = 300;

async function main() {
  await withBenchCompany('dbo_bench_reports', async ({ app, raw, companyId, headers }) => {
    console.log(`loading ${N.toLocaleString()} invoices (x3 lines) for company ${companyId} ...`);
    const t0 = performance.now();
    await enableFeature((text, params) => raw.query(text, params), companyId, 'reports');
    await raw.query(
      `insert into customers (company_id, name, address, city, zip, tabc_id)
       select $1, 'Saloon ' || g, g || ' Main St', 'Austin', '78701', 'MB' || lpad(g::text, 6, '0')
       from generate_series(1, ${CUSTOMERS}) g`,
      [companyId],
    );
    await raw.query(
      `insert into products (company_id, product, product_type, product_size, product_price, last_purchase_price)
       select $1, 'PRODUCT ' || g, (array['LIQUOR','WINE','BEER','N/A'])[1 + g % 4], '750ML', 10 + g % 50, 5 + g % 40
       from generate_series(1, ${PRODUCTS}) g`,
      [companyId],
    );
    const lo = async (table: string) =>
      Number((await raw.query(`select min(id) as lo from ${table} where company_id = $1`, [companyId])).rows[0].lo);
    const custLo = await lo('customers');
    const prodLo = await lo('products');
    await raw.query(
      `insert into invoices (company_id, number, beer, customer_id, status, invoiced_at, due_at,
                             sub_total, tax_total, total, tax_rate)
       select $1, g, false, $2 + ((g::bigint * 7919) % ${CUSTOMERS})::int,
              (array['draft','invoiced','delivered','payment_due_soon','payment_due','paid','partially_paid','cancelled'])[1 + g % 8],
              current_date - (g % 1460), current_date - (g % 1460) + 30, 0, 0, 0, 8.25
       from generate_series(1, ${N}) g`,
      [companyId, custLo],
    );
    // three lines per invoice, then the invoice sums from its lines
    await raw.query(
      `insert into invoice_items (company_id, invoice_id, product_id, product_name, product_type, product_size, qty, price, total, position)
       select $1, i.id, p.id, p.product, p.product_type, p.product_size, 1 + (i.id + k) % 6, p.product_price,
              (1 + (i.id + k) % 6) * p.product_price, k
       from invoices i
       cross join generate_series(0, 2) k
       join products p on p.id = $2 + ((i.id::bigint * 31 + k * 97) % ${PRODUCTS})::int
       where i.company_id = $1`,
      [companyId, prodLo],
    );
    await raw.query(
      `update invoices i set sub_total = s.t, tax_total = round(s.t * 0.0825, 2), total = s.t + round(s.t * 0.0825, 2)
       from (select invoice_id, sum(total) as t from invoice_items where company_id = $1 group by invoice_id) s
       where s.invoice_id = i.id`,
      [companyId],
    );
    // a roll, and one stamp range logged on every fourth invoice (no ledger rows: the report reads the log)
    const roll = await raw.query(
      `insert into stamp_rolls (company_id, prefix, "from", "to", received_at) values ($1, 'A', 1, 5000000, current_date - 1500)
       returning id`,
      [companyId],
    );
    await raw.query(
      `insert into stamp_assignments (company_id, roll_id, prefix, "from", "to", status, invoice_id, logged_at)
       select $1, $2, 'A', i.number * 4, i.number * 4 + 2, 'INVOICED', i.id, i.invoiced_at::timestamptz
       from invoices i where i.company_id = $1 and i.number % 4 = 0`,
      [companyId, roll.rows[0].id],
    );
    for (const t of ['invoices', 'invoice_items', 'stamp_assignments', 'customers', 'products'])
      await raw.query(`vacuum analyze ${t}`);
    console.log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    const dialect = new PgDialect();
    const today = todayInTexas();
    const year = { companyId, from: twelveMonthsBack(today), to: today };
    // the longest range allowed: this month and the 35 before it
    const y = Number(today.slice(0, 4));
    const m = Number(today.slice(5, 7));
    const threeYears = { companyId, from: new Date(Date.UTC(y, m - 1 - 35, 1)).toISOString().slice(0, 10), to: today };
    type Range = typeof year;
    const sales = (groupBy: 'product' | 'customer' | 'type' | 'month', r: Range, label: string) => ({
      name: `sales by ${groupBy}, ${label}`,
      url: `/api/v1/report/sales?from=${r.from}&to=${r.to}&groupBy=${groupBy}`,
      statements: [salesReportSql(groupBy, r), salesTotalsSql(r)].map((s) => dialect.sqlToQuery(s)),
    });
    const cases = [
      sales('product', year, '12 months'),
      sales('customer', year, '12 months'),
      sales('type', year, '12 months'),
      sales('month', year, '12 months'),
      sales('product', threeYears, '3 years'),
      sales('month', threeYears, '3 years'),
      {
        name: 'stamps per month by roll, 12 months',
        url: `/api/v1/report/stamps?from=${year.from}&to=${year.to}`,
        statements: [dialect.sqlToQuery(stampsReportSql(year))],
      },
    ];

    if (process.env.BENCH_EXPLAIN)
      for (const c of cases)
        for (const q of c.statements) {
          const plan = await raw.query(`explain (analyze, buffers) ${q.sql}`, q.params);
          console.log(`-- ${c.name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
        }

    const pct = (xs: number[], p: number) => {
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
    };
    const fmt = (x: number) => `${x.toFixed(1).padStart(7)} ms`;
    console.log(
      `${'case'.padEnd(40)} ${'API p50'.padStart(10)} ${'API p95'.padStart(10)} ${'SQL p50'.padStart(10)} ${'SQL p95'.padStart(10)}  rows`,
    );
    for (const c of cases) {
      const api: number[] = [];
      const sqlTimes: number[] = [];
      let rows = 0;
      for (let i = 0; i < RUNS + 2; i++) {
        const a = performance.now();
        const res = await app.inject({ method: 'GET', url: c.url, headers });
        const b = performance.now();
        if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
        rows = res.json().rows.length;
        const s0 = performance.now();
        for (const q of c.statements) await raw.query(q.sql, q.params);
        const s1 = performance.now();
        if (i >= 2) {
          api.push(b - a);
          sqlTimes.push(s1 - s0);
        }
      }
      console.log(
        `${c.name.padEnd(40)} ${fmt(pct(api, 50))} ${fmt(pct(api, 95))} ${fmt(pct(sqlTimes, 50))} ${fmt(pct(sqlTimes, 95))}  ${rows}`,
      );
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
