/**
 * The timing loop the grid and report benchmarks share: each case's endpoint through app.inject
 * next to the raw SQL of the same query on the pool, p50/p95 of both, and what the answer counted.
 * Then "its SQL": every statement the request sent (a grid's page and its count), replayed on the
 * pool in the request's shape (`request-statements.ts`), and the floor: the p50 of each run's API
 * time less its replay, what the server adds beyond its SQL.
 */
import { performance } from 'node:perf_hooks';
import type { BenchContext } from './bench-company.js';
import { captureStatements, describeShape, replay } from './request-statements.js';
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
    count: (body: any) => number | string;
  },
) {
  const { runs, warmup, width, countLabel, count } = opts;
  const heads = ['API p50', 'API p95', 'SQL p50', 'SQL p95', 'its SQL p50', 'floor p50'];
  console.log(`${'case'.padEnd(width)} ${heads.map((h) => h.padStart(10)).join(' ')}  stmts  ${countLabel}`);
  const floors: number[] = [];
  for (const c of cases) {
    const api: number[] = [];
    const sqlTimes: number[] = [];
    const itsSql: number[] = [];
    const floor: number[] = [];
    let n: number | string = 0;
    let shape = '';
    for (let i = 0; i < runs + warmup; i++) {
      const a = performance.now();
      const { result: res, statements } = await captureStatements(() =>
        app.inject({ method: 'GET', url: c.url, headers }),
      );
      const b = performance.now();
      if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
      n = count(res.json());
      const s0 = performance.now();
      await raw.query(c.sql, c.params);
      const s1 = performance.now();
      const replayed = await replay(raw, statements);
      shape = describeShape(statements);
      if (i >= warmup) {
        api.push(b - a);
        sqlTimes.push(s1 - s0);
        itsSql.push(replayed);
        floor.push(b - a - replayed);
      }
    }
    floors.push(pct(floor, 50));
    const figures = [pct(api, 50), pct(api, 95), pct(sqlTimes, 50), pct(sqlTimes, 95), pct(itsSql, 50), pct(floor, 50)];
    console.log(
      `${c.name.padEnd(width)} ${figures.map((x) => ms(x).padStart(10)).join(' ')}  ${shape.padEnd(5)}  ${n}`,
    );
  }
  const within = floors.filter((f) => f <= 1).length;
  console.log(`\nfloor (API less its own statements replayed, p50) within 1 ms: ${within} of ${floors.length}`);
  console.log('stmts: the statements a request sent in its order; | side by side, > after those ended before it');
}
