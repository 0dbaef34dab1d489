/**
 * What writing a grid page's answer costs: zod's path (safeEncode, then JSON.stringify; what
 * fastify-type-provider-zod's serializer did for every answer) against the writer compiled from
 * the same schema (apps/server/src/lib/serializer.ts, issue 37). In one process, the two taken in
 * turn round after round, so a loaded machine slows both alike.
 *
 *   npx tsx --conditions=source bench/answer-serializer.ts
 *
 * BENCH_ROUNDS=20 rounds of BENCH_CALLS=1000 writes each; p50 and the fastest round, per page.
 */
import { invoiceGridOut } from '@dbo/domain/invoice';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from '../apps/server/src/lib/serializer.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);

/** A grid page of 25 invoices as the service hands it over: timestamps as the pg driver's Dates. */
const invoicePage = (rows: number) => ({
  rows: Array.from({ length: rows }, (_, i) => ({
    id: 100_000 + i,
    number: 40_000 + i,
    beer: i % 5 === 0,
    display_number: `${40_000 + i}`,
    customer_id: 17 + i,
    status: i % 3 ? 'paid' : 'open',
    invoiced_at: '2026-11-02',
    due_at: i % 2 ? '2026-12-02' : null,
    sub_total: 1234.5 + i,
    tax_total: 101.84,
    total: 1336.34 + i,
    paid_total: i % 3 ? 1336.34 + i : 0,
    created_at: new Date(Date.UTC(2026, 10, 2, 15, i, 7, 120)),
    customer_name: `Icehouse ${i} Liquor & "Wine"`,
    customer: { id: 17 + i, name: `Icehouse ${i} Liquor & "Wine"`, deleted: false },
  })),
  count: 1_000_000,
  count_estimated: true,
});

const input = { schema: invoiceGridOut, method: 'GET', url: '/invoice/grid', httpStatus: '200' } as never;
const writers = { zod: zodSerializerCompiler(input), compiled: serializerCompiler(input) };

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

for (const rows of [25, 100]) {
  const page = invoicePage(rows);
  if (writers.zod(page) !== writers.compiled(page)) throw new Error('the two writers disagree');
  const times: Record<string, number[]> = { zod: [], compiled: [] };
  for (let r = 0; r < ROUNDS; r++)
    for (const [name, write] of Object.entries(writers)) {
      const t0 = performance.now();
      for (let i = 0; i < CALLS; i++) write(page);
      times[name].push(((performance.now() - t0) / CALLS) * 1000);
    }
  for (const [name, xs] of Object.entries(times))
    console.log(
      `invoice grid, ${rows} rows, ${name.padEnd(8)}  p50 ${pct(xs, 0.5).toFixed(0)} us  fastest round ${Math.min(...xs).toFixed(0)} us`,
    );
}
