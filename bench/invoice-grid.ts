/**
 * Invoice grid and quick-search benchmark on 1,000,000 invoices.
 *
 *   npx tsx --conditions=source bench/invoice-grid.ts
 *
 * Database: TEST_DATABASE_URL (or BENCH_DATABASE_URL) when set — a company is added to it, and
 * removed at the end; otherwise a throw-away database `dbo_bench_<pid>` is created on
 * postgres://postgres@127.0.0.1:5432 (override with BENCH_PG_ADMIN_URL) and dropped at the end.
 * BENCH_INVOICES=200000 loads fewer rows; BENCH_RUNS=30 sets the timed runs per case.
 *
 * Each case prints p50/p95 of the endpoint through app.inject (routing, auth, validation, the
 * service's page query and its count, JSON) next to the raw SQL of the same page query run
 * directly on the pool, then the request's own statements replayed (`api-vs-sql.ts`). The grid
 * count is exact up to 10,000 matching rows, then the planner's estimate (marked "(estimate)"), so
 * no request counts a million rows.
 *
 * Run on 2026-11-21 (PostgreSQL 15, 2 shared cores, 1,000,000 invoices, 2,000 customers, 30 runs):
 *   case                                      API p50  API p95  SQL p50  SQL p95
 *   grid: first page, invoiced_at desc          7.5     14.5      2.0      5.4  ms
 *   grid: page 41 (startRow 1000)              13.2     25.3      4.2      8.7
 *   grid: status in (paid)                      8.0     13.1      2.0      3.3
 *   grid: number equals                         3.8      8.2      0.6      2.6
 *   grid: customer contains "icehouse 17"       9.6     15.2      3.9      8.1
 *   grid: invoiced_at in last 30 days          12.4     32.3      3.0     11.5
 *   grid: sort by total desc                    8.0     14.3      1.3      4.4
 *   quick-search: invoice number prefix         6.9     10.9      1.2      5.2
 *   quick-search: customer name                 3.3      8.7      0.7      3.2
 * (Before the number/total indexes: number equals 271 ms and sort by total 550 ms p50.)
 */
import { performance } from 'node:perf_hooks';
import { compareApiWithSql, withQuery } from './api-vs-sql.js';
import { withBenchCompany } from './bench-company.js';
import { seedInvoices } from './seed.js';

const N = Number(process.env.BENCH_INVOICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CUSTOMERS = 2_000;

async function main() {
  await withBenchCompany('dbo_bench', async ({ app, raw, companyId, headers }) => {
    console.log(`loading ${N.toLocaleString()} invoices for company ${companyId} ...`);
    const t0 = performance.now();
    await seedInvoices((t, p) => raw.query(t, p), companyId, { customers: CUSTOMERS, invoices: N });
    await raw.query('vacuum analyze invoices');
    await raw.query('analyze customers');
    console.log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    const { rows: pick } = await raw.query(
      'select number from invoices where company_id = $1 and not beer order by number desc offset 1234 limit 1',
      [companyId],
    );
    const someNumber = Number(pick[0].number);

    const gridSelect = `select i.*, c.name as customer_name, c.deleted_at from invoices i
      join customers c on c.id = i.customer_id where i.company_id = $1`;
    const cases: { name: string; query: Record<string, unknown>; sql: string; params: unknown[]; url?: string }[] = [
      {
        name: 'grid: first page, invoiced_at desc',
        query: { startRow: 0, endRow: 25 },
        sql: `${gridSelect} order by i.invoiced_at desc nulls last, i.id desc limit 25`,
        params: [companyId],
      },
      {
        name: 'grid: page 41 (startRow 1000)',
        query: { startRow: 1000, endRow: 1025 },
        sql: `${gridSelect} order by i.invoiced_at desc nulls last, i.id desc limit 25 offset 1000`,
        params: [companyId],
      },
      {
        name: 'grid: status in (paid)',
        query: { filterModel: { status: { filterType: 'set', values: ['paid'] } } },
        sql: `${gridSelect} and i.status in ('paid') order by i.invoiced_at desc nulls last, i.id desc limit 25`,
        params: [companyId],
      },
      {
        name: 'grid: number equals',
        query: { filterModel: { number: { filterType: 'number', type: 'equals', filter: someNumber } } },
        sql: `${gridSelect} and i.number = ${someNumber} order by i.invoiced_at desc nulls last, i.id desc limit 25`,
        params: [companyId],
      },
      {
        name: 'grid: customer contains "icehouse 17"',
        query: { filterModel: { customer: { filterType: 'text', type: 'contains', filter: 'icehouse 17' } } },
        sql: `${gridSelect} and c.name::text ilike '%icehouse 17%' order by i.invoiced_at desc nulls last, i.id desc limit 25`,
        params: [companyId],
      },
      {
        name: 'grid: invoiced_at in last 30 days',
        query: {
          filterModel: {
            invoiced_at: {
              filterType: 'date',
              type: 'greaterThanOrEqual',
              dateFrom: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
            },
          },
        },
        sql: `${gridSelect} and i.invoiced_at >= current_date - 30 order by i.invoiced_at desc nulls last, i.id desc limit 25`,
        params: [companyId],
      },
      {
        name: 'grid: sort by total desc',
        query: { sortModel: [{ colId: 'total', sort: 'desc' }] },
        sql: `${gridSelect} order by i.total desc nulls last, i.id desc limit 25`,
        params: [companyId],
      },
      {
        name: `quick-search: "${String(someNumber).slice(0, 4)}" (invoice number prefix)`,
        url: '/api/v1/company/quick-search',
        query: { query: String(someNumber).slice(0, 4) },
        sql: `select i.*, c.name from invoices i join customers c on c.id = i.customer_id
              where i.company_id = $1 and (i.number::text) like '${String(someNumber).slice(0, 4)}%'
              order by (i.number::text), i.beer limit 5`,
        params: [companyId],
      },
      {
        name: 'quick-search: "icehouse" (customer name)',
        url: '/api/v1/company/quick-search',
        query: { query: 'icehouse' },
        sql: `select id, name, city, tabc_id from customers where company_id = $1 and deleted_at is null
              and (lower(name) like '%icehouse%' or lower(tabc_id) like '%icehouse%') order by lower(name), id limit 5`,
        params: [companyId],
      },
    ];

    await compareApiWithSql(
      { app, raw, headers },
      cases.map((c) => ({
        name: c.name,
        url: withQuery(c.url ?? '/api/v1/invoice/grid', c.query),
        sql: c.sql,
        params: c.params,
      })),
      {
        runs: RUNS,
        warmup: 3,
        width: 48,
        countLabel: 'count',
        count: (body) =>
          body.count !== undefined
            ? `${body.count}${body.count_estimated ? ' (estimate)' : ''}`
            : `${body.invoices?.length ?? 0} inv / ${body.customers?.length ?? 0} cust`,
      },
    );
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
