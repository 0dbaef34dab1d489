/**
 * Order placement under load: 200 orders placed by 20 customer users at once (each user places
 * its 10 orders one after another, the 20 users concurrently), through POST /customer-app/order.
 *
 *   npx tsx --conditions=source bench/orders-place.ts
 *
 * Database: BENCH_DATABASE_URL or TEST_DATABASE_URL when set (a company is added, and removed at
 * the end); otherwise a throw-away database `dbo_bench_orders_<pid>` on
 * postgres://postgres@127.0.0.1:5432 (override with BENCH_PG_ADMIN_URL), dropped at the end.
 * BENCH_USERS=20 and BENCH_ORDERS_PER_USER=10 change the load.
 *
 * Prints p50/p95/max latency, throughput, the error count, and checks that the order numbers are
 * exactly 1..N (per company, sequential, unique).
 */
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { withBenchCompany } from './bench-company.js';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const PER_USER = Number(process.env.BENCH_ORDERS_PER_USER ?? 10);
const PRODUCTS = 40;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  await withBenchCompany('dbo_bench_orders', async ({ app, raw, companyId }) => {
    const subdomain = `bench-${process.pid}`;
    await raw.query('update companies set subdomain = $2 where id = $1', [companyId, subdomain]);
    await raw.query(`insert into company_features (company_id, name, active) values ($1, 'order', true)`, [companyId]);
    await raw.query(
      `insert into products (company_id, product, product_type, product_size, product_price, last_purchase_price)
       select $1, 'BENCH PRODUCT ' || g, (array['LIQUOR','WINE','BEER'])[1 + g % 3], '750ML', 10 + g, 5 + g
         from generate_series(1, $2) g`,
      [companyId, PRODUCTS],
    );
    const { rows: products } = await raw.query<{ id: number }>(
      'select id from products where company_id = $1 order by id',
      [companyId],
    );
    const hash = await hashPassword('bench-pass');
    const tokens: string[] = [];
    for (let u = 0; u < USERS; u++) {
      const {
        rows: [c],
      } = await raw.query<{ id: number }>(
        `insert into customers (company_id, name, address, city, zip, tabc_id)
         values ($1, $2, '1 Main St', 'Austin', '78701', 'MB100000') returning id`,
        [companyId, `Bench Bar ${u + 1}`],
      );
      const email = `buyer${u + 1}.${process.pid}@bench.example`;
      await raw.query(
        `insert into customer_users (company_id, customer_id, name, email, password_hash, signed_up_at)
         values ($1, $2, $3, $4, $5, now())`,
        [companyId, c.id, `Buyer ${u + 1}`, email, hash],
      );
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/customer-app/signin',
        payload: { email, password: 'bench-pass', subdomain },
      });
      tokens.push(res.json().access_token);
    }

    console.log(`${USERS} customer users place ${PER_USER} orders each (${USERS * PER_USER} orders) ...`);
    const latencies: number[] = [];
    const errors: string[] = [];
    const t0 = performance.now();
    await Promise.all(
      tokens.map(async (token, u) => {
        for (let k = 0; k < PER_USER; k++) {
          const items = [0, 1, 2].map((j) => ({
            product_id: products[(u * 7 + k * 3 + j * 11) % products.length].id,
            qty: 1 + ((u + k + j) % 12),
          }));
          const start = performance.now();
          const res = await app.inject({
            method: 'POST',
            url: '/api/v1/customer-app/order',
            headers: { authorization: `Bearer ${token}` },
            payload: { items, note: `bench ${u}-${k}` },
          });
          latencies.push(performance.now() - start);
          if (res.statusCode !== 200) errors.push(`${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }),
    );
    const wall = performance.now() - t0;
    const sorted = [...latencies].sort((a, b) => a - b);
    const { rows: numbers } = await raw.query<{ order_number: number }>(
      `select order_number from orders where company_id = $1 and status = 'placed' order by order_number`,
      [companyId],
    );
    const sequential = numbers.every((n, i) => n.order_number === i + 1);
    console.log(
      [
        `orders placed: ${numbers.length} in ${(wall / 1000).toFixed(2)} s (${((numbers.length / wall) * 1000).toFixed(1)} orders/s)`,
        `latency p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
        `errors: ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''}`,
        `order numbers 1..${numbers.length} sequential and unique: ${sequential ? 'yes' : 'NO'}`,
      ].join('\n'),
    );
    if (errors.length || !sequential || numbers.length !== USERS * PER_USER) process.exitCode = 1;
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
