/**
 * Inventory grid and inventory history grid on 50,000 products and 1,000,000 history rows.
 *
 *   npx tsx --conditions=source bench/inventory-grid.ts
 *
 * Database as in bench/invoice-grid.ts (TEST_DATABASE_URL / BENCH_DATABASE_URL, else a throw-away
 * database). BENCH_PRODUCTS / BENCH_HISTORY load fewer rows; BENCH_RUNS sets the timed runs.
 * Each case prints p50/p95 of the endpoint through app.inject (auth, validation, page query,
 * count and value total, days of cover for the page, JSON) next to the raw SQL of the same page
 * query run directly on the pool.
 *
 * Run on 2026-11-23 (PostgreSQL 15, 2 cores shared with other jobs, 50,000 products, 1,000,000
 * history rows, 20 runs):
 *   case                                        API p50  API p95  SQL p50  SQL p95
 *   inventory: first page, updated_at desc        98.8    152.6      2.6      5.1  ms
 *   inventory: page 41 (startRow 1000)            81.8    104.7      4.3     12.6
 *   inventory: needs reorder                      70.0    156.3      1.4      8.0
 *   inventory: product contains "bourbon 12"      63.8     88.0     23.3     47.0
 *   inventory: sort by qty asc                   124.2    404.1    103.6   1012.1
 *   history: first page, created_at desc        178.5    326.2      6.6     96.9
 *   history: last 7 days                          12.5     20.6      4.5     91.6
 *   history: source restock                     194.9    320.6      6.9     16.6
 * Over the 2x budget: the page is index-backed, the cost is the exact count (history: up to 1M
 * rows) and the inventory value total over every filtered item (50k). The history count should
 * move to the shared runGrid's capped/estimated count; sort by qty needs an index on
 * (company_id, qty, id) (a migration, left to the lead).
 */
import { performance } from 'node:perf_hooks';
import { compareApiWithSql, withQuery } from './api-vs-sql.js';
import { withBenchCompany } from './bench-company.js';
import { enableFeature } from './seed.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

async function main() {
  await withBenchCompany('dbo_bench_inv', async ({ app, raw, companyId, headers }) => {
    console.log(`loading ${PRODUCTS.toLocaleString()} products, ${HISTORY.toLocaleString()} history rows ...`);
    const t0 = performance.now();
    await enableFeature((text, params) => raw.query(text, params), companyId, 'inventory');
    await raw.query(
      `insert into products (company_id, product, product_type, product_size, product_price, last_purchase_price,
                             upc, reorder_level, reorder_qty, distributor)
       select $1, (array['VODKA','BOURBON','TEQUILA','CABERNET','CHARDONNAY','LAGER'])[1 + g % 6] || ' ' || g,
              (array['LIQUOR','LIQUOR','LIQUOR','WINE','WINE','BEER'])[1 + g % 6], '750ML',
              10 + g % 50, 7 + g % 40, lpad(g::text, 12, '0'), 6, 24,
              (array['Republic National','Silver Eagle','Favorite Brands','Southern Glazers'])[1 + g % 4]
       from generate_series(1, ${PRODUCTS}) g`,
      [companyId],
    );
    await raw.query(
      `insert into inventory (company_id, product_id, qty, distributor, reorder_level, reorder_qty, created_at, updated_at)
       select company_id, id, 0, distributor, reorder_level, reorder_qty, now(), now() - make_interval(secs => id % 100000)
       from products where company_id = $1`,
      [companyId],
    );
    const { rows: range } = await raw.query(
      'select min(id) as lo, max(id) as hi, min(product_id) as plo from inventory where company_id = $1',
      [companyId],
    );
    const lo = Number(range[0].lo);
    const plo = Number(range[0].plo);
    // restocks (+) and invoice sales (-) over the last 400 days; qty is set to the sum afterwards
    await raw.query(
      `insert into inventory_history (company_id, inventory_id, product_id, qty, source, ref_number, unit_price, on_deal, created_at)
       select $1, $2 + k, $3 + k,
              case when g % 4 = 0 then 24 else -(1 + g % 5) end,
              case when g % 4 = 0 then 'restock' else 'invoice' end,
              case when g % 4 = 0 then 'PO-' || (g / 4) else (1000 + g / 3)::text end,
              10 + g % 40, g % 9 = 0, now() - make_interval(mins => g % (400 * 24 * 60))
       from (select g, (g::bigint * 7919 % ${PRODUCTS})::int as k from generate_series(1, ${HISTORY}) g) x`,
      [companyId, lo, plo],
    );
    await raw.query(
      `update inventory i set qty = s.total from
         (select inventory_id, sum(qty) as total from inventory_history where company_id = $1 group by inventory_id) s
       where s.inventory_id = i.id`,
      [companyId],
    );
    await raw.query('vacuum analyze inventory');
    await raw.query('vacuum analyze inventory_history');
    await raw.query('analyze products');
    console.log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    const itemSelect = `select i.*, p.product, p.product_type, p.product_size, p.upc, p.internal_sku, p.last_purchase_price
      from inventory i join products p on p.id = i.product_id and p.company_id = i.company_id
      where i.company_id = $1 and p.archived = false`;
    const histSelect = `select h.*, p.product, p.product_size, u.name from inventory_history h
      left join products p on p.id = h.product_id left join users u on u.id = h.user_id where h.company_id = $1`;
    const cases: { name: string; url: string; query: Record<string, unknown>; sql: string }[] = [
      {
        name: 'inventory: first page, updated_at desc',
        url: '/api/v1/inventory/grid',
        query: { startRow: 0, endRow: 25 },
        sql: `${itemSelect} order by i.updated_at desc nulls last, i.id desc limit 25`,
      },
      {
        name: 'inventory: page 41 (startRow 1000)',
        url: '/api/v1/inventory/grid',
        query: { startRow: 1000, endRow: 1025 },
        sql: `${itemSelect} order by i.updated_at desc nulls last, i.id desc limit 25 offset 1000`,
      },
      {
        name: 'inventory: needs reorder',
        url: '/api/v1/inventory/grid',
        query: { filterModel: { reorder_needed: { filterType: 'boolean', filter: true } } },
        sql: `${itemSelect} and coalesce(i.qty <= coalesce(i.reorder_level, p.reorder_level), false) = true
              order by i.updated_at desc nulls last, i.id desc limit 25`,
      },
      {
        name: 'inventory: product contains "bourbon 12"',
        url: '/api/v1/inventory/grid',
        query: { filterModel: { product: { filterType: 'text', type: 'contains', filter: 'bourbon 12' } } },
        sql: `${itemSelect} and p.product::text ilike '%bourbon 12%' order by i.updated_at desc nulls last, i.id desc limit 25`,
      },
      {
        name: 'inventory: sort by qty asc',
        url: '/api/v1/inventory/grid',
        query: { sortModel: [{ colId: 'qty', sort: 'asc' }] },
        sql: `${itemSelect} order by i.qty asc nulls first, i.id asc limit 25`,
      },
      {
        name: 'history: first page, created_at desc',
        url: '/api/v1/inventory/history/grid',
        query: { startRow: 0, endRow: 25 },
        sql: `${histSelect} order by h.created_at desc nulls last, h.id desc limit 25`,
      },
      {
        name: 'history: last 7 days',
        url: '/api/v1/inventory/history/grid',
        query: {
          dateFrom: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
          dateTo: new Date().toISOString().slice(0, 10),
        },
        sql: `${histSelect} and h.created_at >= now() - interval '7 days' order by h.created_at desc nulls last, h.id desc limit 25`,
      },
      {
        name: 'history: source restock',
        url: '/api/v1/inventory/history/grid',
        query: { filterModel: { source: { filterType: 'set', values: ['restock'] } } },
        sql: `${histSelect} and h.source in ('restock') order by h.created_at desc nulls last, h.id desc limit 25`,
      },
    ];

    await compareApiWithSql(
      { app, raw, headers },
      cases.map((c) => ({ name: c.name, url: withQuery(c.url, c.query), sql: c.sql, params: [companyId] })),
      { runs: RUNS, warmup: 3, width: 44, countLabel: 'count', count: (body) => body.count },
    );
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
