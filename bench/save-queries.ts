/**
 * The statements one POST /invoice (20 lines, 20 stamps) sends to PostgreSQL, each with its time:
 * round trips are the save path's floor, and this count does not depend on the machine's load.
 *
 *   npx tsx --conditions=source bench/save-queries.ts
 *
 * 2026-11-23: 44 statements before the sales counters were batched, 26 after.
 * 2026-11-26 (issue 37): 31 before the writes and the read model were folded into fewer statements, 8 after.
 * BENCH_WARMUP (10) saves first, then BENCH_SAVES (20) recorded: each statement's median over them.
 */
import { performance } from 'node:perf_hooks';
import { createRollStamps } from '../apps/server/src/modules/stamps/stamps.ledger.js';
import { withBenchCompany } from './bench-company.js';
import { captureStatements } from './request-statements.js';
import { completeCompany, seedInvoices, seedProducts } from './seed.js';

await withBenchCompany('dbo_bench_queries', async ({ app, raw, companyId, headers }) => {
  const q = (t: string, p?: unknown[]) => raw.query(t, p);
  await completeCompany(q, companyId);
  await seedInvoices(q, companyId, { customers: 200, invoices: 5_000 });
  const { rows: buyer } = await raw.query(
    `insert into customers (company_id, name, address, city, zip, tabc_id)
     values ($1, 'Bench Buyer', '1 Main St', 'Austin', '78701', 'MB999999') returning id`,
    [companyId],
  );
  const products = await seedProducts(q, companyId, 20);
  const { rows: rolls } = await raw.query(
    `insert into stamp_rolls (company_id, prefix, "from", "to", active, received_at)
     values ($1, 'B', 1, 5000, true, current_date) returning id, company_id, "from", "to"`,
    [companyId],
  );
  await createRollStamps(app.deps.db, rolls[0]);
  // warm-up saves (a named statement's plan settles after its fifth run), then the recorded ones:
  // each statement's median over them
  const WARM = Number(process.env.BENCH_WARMUP ?? 10);
  const SAVES = Number(process.env.BENCH_SAVES ?? 20);
  const saves: { text: string; at: number; ms: number }[][] = [];
  const totals: number[] = [];
  for (let k = 0; k < WARM + SAVES; k++) {
    const started = performance.now();
    const { result: res, statements } = await captureStatements(() =>
      app.inject({
        method: 'POST',
        url: '/api/v1/invoice',
        headers,
        payload: {
          customer: { id: buyer[0].id },
          items: products.map((id, i) => ({ product_id: id, qty: i === 0 ? k + 1 : 1, price: '25.00', taxable: true })),
          stamps: [{ roll_id: rolls[0].id, from: 1 + k * 20, to: 20 + k * 20 }],
        },
      }),
    );
    if (res.statusCode !== 200) throw new Error(`save: ${res.statusCode} ${res.body.slice(0, 300)}`);
    if (k >= WARM) {
      totals.push(performance.now() - started);
      // the last statement's answer settles after the response
      await new Promise((r) => setImmediate(r));
      saves.push(
        statements.map((st) => ({
          text: st.config.text.replace(/\s+/g, ' ').trim().slice(0, 120),
          at: st.start - started,
          ms: st.end - st.start,
        })),
      );
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const first = saves[0];
  const commit = first.findIndex((l) => l.text === 'commit');
  const rows = first.map((l, i) => ({
    text: l.text,
    at: median(saves.map((s) => s[i]?.at ?? 0)),
    ms: median(saves.map((s) => s[i]?.ms ?? 0)),
  }));
  console.log(`POST /invoice: ${median(totals).toFixed(1)} ms (median of ${SAVES} saves after ${WARM} warm-up saves)`);
  console.log(
    `${first.length} statements (${commit + 1} up to the commit, ${first.length - commit - 1} after it), ${rows.reduce((a, b) => a + b.ms, 0).toFixed(1)} ms in the database\n`,
  );
  console.log('  start   time  statement (medians)');
  for (const l of rows) console.log(`${l.at.toFixed(1).padStart(6)} ${l.ms.toFixed(1).padStart(6)}  ${l.text}`);
});
