/**
 * The save path at scale: POST /invoice with 20 items and 20 stamps, PUT /invoice moving its
 * stamps, and a payment, on a company with 1,000,000 invoices and 100,000 stamps (PostgreSQL),
 * next to the same writes as one bare SQL transaction; then 50 saves at once across two server
 * processes (`src/main.ts` on one database with Redis): throughput, errors, numbers and stamps exact.
 *
 *   npx tsx --conditions=source bench/invoice-save.ts
 *
 * BENCH_INVOICES (default 1,000,000), BENCH_STAMPS (100,000), BENCH_RUNS (30), BENCH_CONCURRENT (50).
 * BENCH_CPU_PROFILE=file.cpuprofile writes a CPU profile of the timed POST /invoice runs (open it
 * in Chromium's DevTools) to see where the API's time beyond the bare transaction goes.
 * Database as bench/bench-company.ts says. The bare SQL copies the API's own rows (the invoice, its
 * items and stamp log) under a new number and takes the next 20 stamps: the writes a save makes,
 * without routing, validation, rules or JSON.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createRollStamps } from '../apps/server/src/modules/stamps/stamps.ledger.js';
import { spawnServer } from '../apps/server/test/server-process.js';
import { withBenchCompany } from './bench-company.js';
import { completeCompany, ms, pct, seedInvoices, seedProducts } from './seed.js';

const N = Number(process.env.BENCH_INVOICES ?? 1_000_000);
const STAMPS = Number(process.env.BENCH_STAMPS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 50);
const LINES = 20;

async function main() {
  await withBenchCompany('dbo_bench_save', async ({ app, raw, companyId, headers, databaseUrl }) => {
    const q = (t: string, p?: unknown[]) => raw.query(t, p);
    console.log(`loading ${N.toLocaleString()} invoices and ${STAMPS.toLocaleString()} stamps ...`);
    const t0 = performance.now();
    await completeCompany(q, companyId);
    await seedInvoices(q, companyId, { customers: 2_000, invoices: N });
    // customers in good standing (the seeded ones owe old invoices, which the credit law refuses),
    // one per save: the same lines for the same customer twice in 24 h are a duplicate (409)
    const { rows: buyer } = await raw.query(
      `insert into customers (company_id, name, address, city, zip, tabc_id)
       select $1, 'Bench Buyer ' || n, '1 Main St', 'Austin', '78701', 'MB99' || lpad(n::text, 4, '0')
       from generate_series(1, 500) n returning id`,
      [companyId],
    );
    const products = await seedProducts(q, companyId, LINES);
    const { rows: rolls } = await raw.query(
      `insert into stamp_rolls (company_id, prefix, "from", "to", active, received_at)
       values ($1, 'B', 1, $2, true, current_date) returning id, company_id, "from", "to"`,
      [companyId, STAMPS],
    );
    const roll = rolls[0];
    await createRollStamps(app.deps.db, roll);
    await raw.query('vacuum analyze');
    console.log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    let nextStamp = 1;
    const takeStamps = () => {
      const from = nextStamp;
      nextStamp += LINES;
      return [{ roll_id: roll.id, from, to: from + LINES - 1 }];
    };
    let saves = 0;
    // every line one bottle, so the 20 stamps are exactly what the invoice needs at any status (a
    // payment makes it partially paid); an edit keeps its customer
    const body = (stamps = takeStamps(), customer = Number(buyer[saves++ % buyer.length].id)) => ({
      customer: { id: customer },
      items: products.map((id) => ({
        product_id: id,
        qty: 1,
        price: '25.00',
        taxable: true,
        on_deal: false,
      })),
      stamps,
    });
    const timed = async (fn: () => Promise<void>) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const a = performance.now();
        await fn();
        if (i >= 3) times.push(performance.now() - a);
      }
      return times;
    };
    const inject = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
      const res = await app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json();
    };

    const saved: { id: number; total: number; customer: number }[] = [];
    const post = await profiled(process.env.BENCH_CPU_PROFILE, () =>
      timed(async () => {
        const inv = await inject('POST', '/invoice', body());
        saved.push({ id: inv.id, total: Number(inv.total), customer: inv.customer_id });
      }),
    );
    let edited = 0;
    const put = await timed(async () => {
      const inv = saved[edited++];
      await inject('PUT', `/invoice/${inv.id}`, body(takeStamps(), inv.customer));
    });
    let paidIndex = 0;
    const pay = await timed(async () => {
      const inv = saved[paidIndex++];
      await inject('POST', `/invoice/${inv.id}/payment`, {
        received_at: new Date().toISOString().slice(0, 10),
        amount: 10,
      });
    });

    // the same writes, bare: the template's rows copied under the next number, the next 20 stamps
    const template = saved[0].id;
    const columns = async (table: string, skip: string[]) => {
      const { rows } = await raw.query(
        'select column_name from information_schema.columns where table_name = $1 and column_default is distinct from $2 order by ordinal_position',
        [table, `nextval('${table}_id_seq'::regclass)`],
      );
      return rows.map((r) => `"${r.column_name}"`).filter((c) => !skip.includes(c));
    };
    const invCols = await columns('invoices', ['"number"']);
    const itemCols = await columns('invoice_items', ['"invoice_id"']);
    const logCols = await columns('stamp_assignments', ['"invoice_id"', '"from"', '"to"']);
    const bare = await timed(async () => {
      const c = await raw.connect();
      try {
        await c.query('begin');
        const { rows: n } = await c.query(
          'update companies set last_invoice_number = last_invoice_number + 1 where id = $1 returning last_invoice_number',
          [companyId],
        );
        const { rows: inv } = await c.query(
          `insert into invoices ("number", ${invCols}) select $2, ${invCols} from invoices where id = $1 returning id`,
          [template, n[0].last_invoice_number],
        );
        const id = inv[0].id;
        await c.query(
          `insert into invoice_items ("invoice_id", ${itemCols}) select $2, ${itemCols} from invoice_items where invoice_id = $1`,
          [template, id],
        );
        const [s] = takeStamps();
        const taken = await c.query(
          `update stamps set status = 'INVOICED', invoice_id = $1, updated_at = now()
           where roll_id = $2 and company_id = $3 and number between $4 and $5 and status = 'AVAILABLE'`,
          [id, roll.id, companyId, s.from, s.to],
        );
        if (taken.rowCount !== LINES) throw new Error('stamps not available');
        await c.query(
          `insert into stamp_assignments ("invoice_id", "from", "to", ${logCols})
           select $2, $3, $4, ${logCols} from stamp_assignments where invoice_id = $1 and released_at is null limit 1`,
          [saved[RUNS + 2].id, id, s.from, s.to],
        );
        await c.query('commit');
      } catch (err) {
        await c.query('rollback');
        throw err;
      } finally {
        c.release();
      }
    });

    console.log(`${'case'.padEnd(46)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}`);
    const row = (name: string, xs: number[]) => console.log(`${name.padEnd(46)} ${ms(pct(xs, 50))} ${ms(pct(xs, 95))}`);
    row('POST /invoice (20 items, 20 stamps)', post);
    row('same writes, one bare SQL transaction', bare);
    row('PUT /invoice (moves its 20 stamps)', put);
    row('POST /invoice/{id}/payment', pay);

    // 50 saves at once across two server processes
    const ports = [3311, 3312];
    const children = await Promise.all(ports.map((port) => startServer(port, databaseUrl)));
    try {
      // warm both processes up (first requests compile and fill caches)
      for (const port of ports) {
        for (let i = 0; i < 3; i++) {
          await fetch(`http://127.0.0.1:${port}/api/v1/invoice`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body()),
          });
        }
      }
      const before = await raw.query('select count(*)::int as n from invoices where company_id = $1', [companyId]);
      const a = performance.now();
      const results = await Promise.all(
        Array.from({ length: CONCURRENT }, async (_, i) => {
          const res = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/v1/invoice`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body()),
          });
          return res.status;
        }),
      );
      const wall = performance.now() - a;
      const after = await raw.query('select count(*)::int as n from invoices where company_id = $1', [companyId]);
      const dupes = await raw.query(
        'select count(*)::int as n from (select number, beer from invoices where company_id = $1 group by 1, 2 having count(*) > 1) d',
        [companyId],
      );
      const stampsTaken = await raw.query(
        `select count(*)::int as n from stamps where roll_id = $1 and status = 'INVOICED'`,
        [roll.id],
      );
      const errors = results.filter((s) => s !== 200).length;
      console.log(
        `\n${CONCURRENT} saves at once over 2 processes: ${wall.toFixed(0)} ms wall, ${((CONCURRENT / wall) * 1000).toFixed(1)} saves/s, ` +
          `${errors} errors, ${after.rows[0].n - before.rows[0].n} new invoices, ${dupes.rows[0].n} duplicate numbers, ` +
          `${stampsTaken.rows[0].n} stamps on invoices (expected ${nextStamp - 1 - (RUNS + 3) * LINES})`,
      );
    } finally {
      for (const c of children) c.kill('SIGTERM');
    }
  });
}

/** Runs `fn` under the inspector's CPU profiler when a file is named, and writes the profile there. */
async function profiled<T>(file: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (!file) return fn();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const out = await fn();
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  console.log(`CPU profile of POST /invoice written to ${file}`);
  return out;
}

/** `src/main.ts` on the bench database, signing tokens with the bench app's secret. */
async function startServer(port: number, databaseUrl: string): Promise<ChildProcess> {
  const { child } = spawnServer({
    port,
    databaseUrl,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    jwtSecret: 'bench-secret',
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${port} did not start`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
