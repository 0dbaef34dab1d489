/**
 * The timing loop the grid and report benchmarks share: each case's endpoint through app.inject
 * next to the raw SQL of the same query on the pool, p50/p95 of both, and what the answer counted.
 */
import { performance } from 'node:perf_hooks';
import type { BenchContext } from './bench-company.js';
import { ms, pct } from './seed.js';

export interface ApiSqlCase {
  name: string;
  /** the GET path with its query string */
  url: string;
  sql: string;
  params: unknown[];
}

/** `url?query`, the values that are not strings as JSON (the grids' filterModel and sortModel). */
export const withQuery = (url: string, query: Record<string, unknown>) =>
  `${url}?${new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  )}`;

export async function compareApiWithSql(
  { app, raw, headers }: Pick<BenchContext, 'app' | 'raw' | 'headers'>,
  cases: ApiSqlCase[],
  opts: {
    runs: number;
    /** untimed runs before the timed ones */
    warmup: number;
    /** width of the case column */
    width: number;
    /** heading of the last column and what it shows, read from the answer's body */
    countLabel: string;
    count: (body: any) => number;
  },
) {
  const { runs, warmup, width, countLabel, count } = opts;
  console.log(
    `${'case'.padEnd(width)} ${'API p50'.padStart(10)} ${'API p95'.padStart(10)} ${'SQL p50'.padStart(10)} ${'SQL p95'.padStart(10)}  ${countLabel}`,
  );
  for (const c of cases) {
    const api: number[] = [];
    const sqlTimes: number[] = [];
    let n = 0;
    for (let i = 0; i < runs + warmup; i++) {
      const a = performance.now();
      const res = await app.inject({ method: 'GET', url: c.url, headers });
      const b = performance.now();
      if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
      n = count(res.json());
      const s0 = performance.now();
      await raw.query(c.sql, c.params);
      const s1 = performance.now();
      if (i >= warmup) {
        api.push(b - a);
        sqlTimes.push(s1 - s0);
      }
    }
    console.log(
      `${c.name.padEnd(width)} ${ms(pct(api, 50))} ${ms(pct(api, 95))} ${ms(pct(sqlTimes, 50))} ${ms(pct(sqlTimes, 95))}  ${n}`,
    );
  }
}
