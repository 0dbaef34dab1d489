/**
 * Product search and grid benchmark on a catalogue of 50,000 products.
 *
 *   npx tsx --conditions=source bench/product-search.ts
 *
 * Database: BENCH_DATABASE_URL or TEST_DATABASE_URL when set (a company is added, and removed at
 * the end); otherwise a throw-away database `dbo_bench_products_<pid>` on
 * postgres://postgres@127.0.0.1:5432 (override with BENCH_PG_ADMIN_URL), dropped at the end.
 * BENCH_PRODUCTS=10000 loads fewer rows; BENCH_RUNS=30 sets the timed runs per case.
 *
 * Each case prints p50/p95 of the endpoint through app.inject next to the raw SQL of the same
 * match run directly on the pool.
 */
import { performance } from 'node:perf_hooks';
import { compareApiWithSql, withQuery } from './api-vs-sql.js';
import { withBenchCompany } from './bench-company.js';

const N = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

async function main() {
  await withBenchCompany('dbo_bench_products', async ({ app, raw, companyId, headers }) => {
    console.log(`loading ${N.toLocaleString()} products for company ${companyId} ...`);
    const t0 = performance.now();
    await raw.query(
      `insert into products (company_id, product, product_type, product_size, product_price, last_purchase_price,
                             upc, internal_sku, distributor, units_sold)
       select $1,
              (array['TITO''S','DEEP EDDY','GARRISON','BALCONES','DULCE VIDA','SHINER','LONE STAR','BECKER','LLANO','TOPO'])[1 + g % 10]
                || ' ' || (array['VODKA','BOURBON','WHISKY','TEQUILA','BOCK','LAGER','CABERNET','CHARDONNAY','RUM','GIN'])[1 + (g / 10) % 10]
                || ' ' || g,
              (array['LIQUOR','WINE','BEER','N/A'])[1 + g % 4],
              (array['750ML','1.75L','12OZ','375ML'])[1 + g % 4],
              10 + (g % 90), 8 + (g % 70),
              (600000000000 + g)::text, 'SKU-' || g,
              (array['Republic National','Silver Eagle','Southern Glazer'])[1 + g % 3],
              (g * 7919) % 1000
       from generate_series(1, ${N}) g`,
      [companyId],
    );
    await raw.query('vacuum analyze products');
    console.log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    const upc = String(600000000000 + Math.floor(N / 2));
    const base = 'select id from products where company_id = $1 and not archived';
    const cases: { name: string; url: string; query: Record<string, unknown>; sql: string }[] = [
      {
        name: `suggestions: UPC scan ${upc}`,
        url: '/api/v1/product/suggestions',
        query: { query: upc },
        sql: `${base} and upc in ('${upc}', '0${upc}') limit 20`,
      },
      {
        name: 'suggestions: name prefix "garrison bo"',
        url: '/api/v1/product/suggestions',
        query: { query: 'garrison bo' },
        sql: `${base} and (product like 'GARRISON BO%' or to_tsvector('simple', product) @@ to_tsquery('simple', 'garrison:* & bo:*'))
              order by units_sold desc limit 20`,
      },
      {
        name: 'suggestions: word prefix "eddy whis 4321"',
        url: '/api/v1/product/suggestions',
        query: { query: 'eddy whis 4321' },
        sql: `${base} and to_tsvector('simple', product) @@ to_tsquery('simple', 'eddy:* & whis:* & 4321:*') order by units_sold desc limit 20`,
      },
      {
        name: 'grid: first page, units_sold desc',
        url: '/api/v1/product/grid',
        query: { startRow: 0, endRow: 25 },
        sql: `${base} order by units_sold desc nulls last, id desc limit 25`,
      },
      {
        name: 'grid: page 41 (startRow 1000)',
        url: '/api/v1/product/grid',
        query: { startRow: 1000, endRow: 1025 },
        sql: `${base} order by units_sold desc nulls last, id desc limit 25 offset 1000`,
      },
      {
        name: 'grid: product equals (the duplicate link)',
        url: '/api/v1/product/grid',
        query: { filterModel: { product: { filterType: 'text', type: 'equals', filter: 'SHINER BOCK 1234' } } },
        sql: `${base} and lower(product) = lower('SHINER BOCK 1234') order by units_sold desc nulls last, id desc limit 25`,
      },
    ];

    await compareApiWithSql(
      { app, raw, headers },
      cases.map((c) => ({ name: c.name, url: withQuery(c.url, c.query), sql: c.sql, params: [companyId] })),
      { runs: RUNS, warmup: 3, width: 44, countLabel: 'rows', count: (body) => (body.suggestions ?? body.rows).length },
    );
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
