/**
 * Product import benchmark: a CSV of 50,000 product rows, through the API (in process).
 *
 *   npx tsx --conditions=source bench/import.ts
 *
 * Database as in bench-company.ts (a throw-away PostgreSQL database by default).
 * BENCH_ROWS=5000 imports fewer rows; BENCH_MODE=skip|abort (default abort, all or nothing).
 *
 * Prints the time of the dry run, of the import (POST until the job is done) and of a re-import
 * of the same file (every row unchanged), with the peak RSS and heap of the process, which is the
 * server (sampled every 50 ms).
 */
import { performance } from 'node:perf_hooks';
import { withBenchCompany } from './bench-company.js';

const N = Number(process.env.BENCH_ROWS ?? 50_000);
const MODE = process.env.BENCH_MODE === 'skip' ? 'skip' : 'abort';

function csv(n: number): Buffer {
  const lines = ['Product,Type,Size,Price,Cost,UPC,SKU,Distributor'];
  const types = ['LIQUOR', 'WINE', 'BEER', 'N/A'];
  const sizes = ['750ML', '1.75L', '12OZ', '375ML'];
  for (let g = 1; g <= n; g++)
    lines.push(
      `BENCH PRODUCT ${g},${types[g % 4]},${sizes[g % 4]},${(10 + (g % 9000) / 100).toFixed(2)},${(8 + (g % 7000) / 100).toFixed(2)},${700000000000 + g},SKU-${g},Republic National`,
    );
  return Buffer.from(lines.join('\n'));
}

function multipart(file: Buffer, fields: Record<string, string>) {
  const boundary = '----dbo-bench-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 50);
  await withBenchCompany('dbo_bench_import', async ({ app, headers }) => {
    const file = csv(N);
    console.log(`${N.toLocaleString()} product rows, ${mb(file.length)} of CSV, on_error=${MODE}`);
    const call = async (url: string, fields: Record<string, string>) => {
      const { payload, type } = multipart(file, fields);
      const res = await app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': type }, payload });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const waitJob = async (id: number) => {
      for (;;) {
        const res = await app.inject({ method: 'GET', url: `/api/v1/import/job/${id}`, headers });
        const job = res.json();
        if (job.status !== 'running') return job;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const baseline = process.memoryUsage().rss;
    peakRss = 0;
    peakHeap = 0;

    let t = performance.now();
    const preview = await call('/api/v1/import/products/preview', {});
    console.log(
      `dry run:   ${((performance.now() - t) / 1000).toFixed(1)} s  counts ${JSON.stringify(preview.counts)}`,
    );

    t = performance.now();
    const started = await call('/api/v1/import/products', { on_error: MODE });
    const job = await waitJob(started.jobId);
    console.log(
      `import:    ${((performance.now() - t) / 1000).toFixed(1)} s  ${job.status} counts ${JSON.stringify(job.counts)}`,
    );

    t = performance.now();
    const again = await call('/api/v1/import/products', { on_error: MODE });
    const job2 = await waitJob(again.jobId);
    console.log(`re-import: ${((performance.now() - t) / 1000).toFixed(1)} s  counts ${JSON.stringify(job2.counts)}`);
    sample();
    console.log(`memory: RSS before ${mb(baseline)}, peak RSS ${mb(peakRss)}, peak heap ${mb(peakHeap)}`);
  });
  clearInterval(timer);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
