/**
 * The embedded mode every newcomer runs (PGlite under DATA_DIR): a server process on a company
 * with 100,000 invoices — start time, invoice grid and save p50/p95 over HTTP, and the process's
 * resident memory idle and under load (10 grid requests at once, repeatedly); the whole-table reads
 * (aging report, dashboard figures) and what a grid page waits while the aging report runs.
 *
 *   npx tsx --conditions=source bench/embedded.ts
 *
 * BENCH_INVOICES (default 100,000), BENCH_RUNS (30). Runs `apps/server/dist/main.js` when built
 * (what `npm start` runs), else `src/main.ts` through tsx.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { startServer, stopServer } from './server-process.js';
import { completeCompany, ms, pct, seedInvoices, seedProducts } from './seed.js';

const N = Number(process.env.BENCH_INVOICES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3321);
const base = `http://127.0.0.1:${PORT}/api/v1`;

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

async function api(method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-bench-embedded-'));
  try {
    // 1. an empty DATA_DIR: migrations, then a company signed up through the API
    let server = startServer(dataDir, PORT);
    const firstStart = await server.ready;
    const signup = await api('POST', '/auth/signup', undefined, {
      name: 'Bench Owner',
      title: 'Owner',
      email: 'bench@example.com',
      password: 'bench-pass',
      confirm_password: 'bench-pass',
    });
    const companyId = signup.user.company_id as number;
    await stopServer(server.child);

    // 2. the company's history written straight into the embedded database
    console.log(`loading ${N.toLocaleString()} invoices into PGlite ...`);
    const t0 = performance.now();
    const pg = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const q = (t: string, p?: unknown[]) => pg.query<Record<string, unknown>>(t, p);
    await completeCompany(q, companyId);
    await seedInvoices(q, companyId, { customers: 1_000, invoices: N });
    const products = await seedProducts(q, companyId, 20);
    const { rows: buyer } = await q(
      `insert into customers (company_id, name, address, city, zip, tabc_id)
       values ($1, 'Bench Buyer', '1 Main St', 'Austin', '78701', 'MB999999') returning id`,
      [companyId],
    );
    const { rows: roll } = await q(
      `insert into stamp_rolls (company_id, prefix, "from", "to", active, received_at)
       values ($1, 'B', 1, 10000, true, current_date) returning id`,
      [companyId],
    );
    await q(
      `insert into stamps (roll_id, number, company_id, status) select $1, g, $2, 'AVAILABLE' from generate_series(1, 10000) g`,
      [roll[0].id, companyId],
    );
    await q('vacuum analyze');
    await pg.close();
    console.log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    // 3. the server on that data
    server = startServer(dataDir, PORT);
    const startMs = await server.ready;
    const pid = server.child.pid!;
    const { access_token: token } = await api('POST', '/auth/signin', undefined, {
      email: 'bench@example.com',
      password: 'bench-pass',
    });
    const idle = rssMb(pid);

    const timed = async (fn: (i: number) => Promise<unknown>) => {
      const xs: number[] = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const a = performance.now();
        await fn(i);
        if (i >= 3) xs.push(performance.now() - a);
      }
      return xs;
    };
    const grid = await timed(() => api('GET', '/invoice/grid?startRow=0&endRow=25', token));
    const filtered = await timed(() =>
      api(
        'GET',
        `/invoice/grid?startRow=0&endRow=25&filterModel=${encodeURIComponent(JSON.stringify({ customer: { filterType: 'text', type: 'contains', filter: 'icehouse 17' } }))}`,
        token,
      ),
    );
    const save = await timed((i) =>
      api('POST', '/invoice', token, {
        customer: { id: buyer[0].id },
        items: products.map((id, k) => ({ product_id: id, qty: k === 0 ? i + 1 : 1, price: '25.00', taxable: true })),
        stamps: [{ roll_id: roll[0].id, from: 1 + i * 20, to: 20 + i * 20 }],
      }),
    );
    // whole-table reads: the aging report (every open invoice) and the dashboard's figures; PGlite
    // has one connection, so while one runs every other user's request waits behind it
    const few = async (fn: () => Promise<unknown>) => {
      const xs: number[] = [];
      for (let i = 0; i < 6; i++) {
        const a = performance.now();
        await fn();
        if (i > 0) xs.push(performance.now() - a);
      }
      return xs;
    };
    const aging = await few(() => api('GET', '/report/aging', token));
    const stats = await few(() => api('GET', '/company/stats', token));
    // a grid page asked 5 ms after an aging report started: what a second user waits
    const behind: number[] = [];
    for (let i = 0; i < 5; i++) {
      const report = api('GET', '/report/aging', token);
      await new Promise((r) => setTimeout(r, 5));
      const a = performance.now();
      await api('GET', '/invoice/grid?startRow=0&endRow=25', token);
      behind.push(performance.now() - a);
      await report;
    }
    let peak = idle;
    const loadStart = performance.now();
    let served = 0;
    while (performance.now() - loadStart < 10_000) {
      await Promise.all(
        Array.from({ length: 10 }, () => api('GET', '/invoice/grid?startRow=0&endRow=100', token).then(() => served++)),
      );
      peak = Math.max(peak, rssMb(pid));
    }
    const loadSecs = (performance.now() - loadStart) / 1000;
    await stopServer(server.child);

    console.log(`${'embedded (PGlite), '.padEnd(44)}${N.toLocaleString()} invoices`);
    console.log(`${'start, empty DATA_DIR (migrations)'.padEnd(44)}${ms(firstStart)}`);
    console.log(`${'start with the data'.padEnd(44)}${ms(startMs)}`);
    console.log(`${'case'.padEnd(44)}${'p50'.padStart(10)} ${'p95'.padStart(10)}`);
    console.log(`${'grid: first page'.padEnd(44)}${ms(pct(grid, 50))} ${ms(pct(grid, 95))}`);
    console.log(
      `${'grid: customer contains "icehouse 17"'.padEnd(44)}${ms(pct(filtered, 50))} ${ms(pct(filtered, 95))}`,
    );
    console.log(`${'POST /invoice (20 items, 20 stamps)'.padEnd(44)}${ms(pct(save, 50))} ${ms(pct(save, 95))}`);
    console.log(`${'GET /report/aging (every open invoice)'.padEnd(44)}${ms(pct(aging, 50))} ${ms(pct(aging, 95))}`);
    console.log(`${'GET /company/stats (the dashboard)'.padEnd(44)}${ms(pct(stats, 50))} ${ms(pct(stats, 95))}`);
    console.log(
      `${'grid: first page, asked during the aging'.padEnd(44)}${ms(pct(behind, 50))} ${ms(pct(behind, 95))}`,
    );
    console.log(
      `resident memory: ${idle.toFixed(0)} MB idle, ${peak.toFixed(0)} MB peak under load ` +
        `(10 grid pages of 100 at once for ${loadSecs.toFixed(0)} s: ${(served / loadSecs).toFixed(1)} requests/s)`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
