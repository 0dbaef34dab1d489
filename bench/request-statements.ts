/**
 * "Its SQL": the statements one API request sent, captured as the request ran and then replayed on
 * a plain pool in the same shape (statements the request ran side by side run side by side, the
 * rest one after another). The request's time less its replay is what the server adds beyond its
 * SQL: routing, auth, validation, building the statements, parsing the rows, the answer's JSON.
 * A grid request sends its page and its count; the raw page query alone leaves the count out.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import pgModule from 'pg';

export interface Statement {
  config: { text: string; rowMode?: string; types?: unknown };
  values: unknown[] | undefined;
  start: number;
  end: number;
}

/** the job worker's poll runs beside the request on the same pool; it is not the request's */
const jobPoll = /^\s*update "jobs" set state = 'active'/;

let recording: Statement[] | null = null;
let hooked = false;

/** Wraps `pg.Client.prototype.query` once: while recording, each statement with its start and end. */
function hook() {
  if (hooked) return;
  hooked = true;
  const proto = pgModule.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const log = recording;
    const first = args[0] as string | { text?: string; values?: unknown[]; rowMode?: string; types?: unknown };
    const text = typeof first === 'string' ? first : first?.text;
    if (!log || !text || jobPoll.test(text)) return query.apply(this, args);
    const values = (Array.isArray(args[1]) ? args[1] : typeof first === 'object' ? first.values : undefined) as
      | unknown[]
      | undefined;
    const entry: Statement = {
      config: typeof first === 'string' ? { text } : { text, rowMode: first.rowMode, types: first.types },
      values,
      start: performance.now(),
      end: Number.NaN,
    };
    log.push(entry);
    const done = () => {
      entry.end = performance.now();
    };
    // the pool calls its client with a callback (no promise then); a transaction's client without one
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const cb = args[last] as (...r: unknown[]) => void;
      args[last] = (...r: unknown[]) => {
        done();
        cb(...r);
      };
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

/** Runs `fn`, answering what it answered and the statements it sent, in the order they started. */
export async function captureStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  hook();
  const statements: Statement[] = [];
  recording = statements;
  try {
    const result = await fn();
    return { result, statements };
  } finally {
    recording = null;
  }
}

/**
 * The request's shape: each statement waits for those that had ended before it started (a count's
 * estimate after the count), and runs beside those still running then (a page beside its count).
 */
function dependencies(statements: Statement[]): number[][] {
  return statements.map((s) => statements.flatMap((t, j) => (t.end <= s.start ? [j] : [])));
}

/** `1|2` for two statements side by side, `1>2` for the second after the first. */
export function describeShape(statements: Statement[]): string {
  const deps = dependencies(statements);
  return statements.map((_, i) => (deps[i].length ? `>${i + 1}` : `${i > 0 ? '|' : ''}${i + 1}`)).join('');
}

/** Replays statements captured from one request on `pool`, in their shape; answers the time taken. */
export async function replay(pool: pg.Pool, statements: Statement[]): Promise<number> {
  const deps = dependencies(statements);
  const t = performance.now();
  const runs: Promise<unknown>[] = [];
  statements.forEach((s, i) => {
    runs.push(
      Promise.all(deps[i].map((j) => runs[j])).then(() =>
        pool.query({ ...s.config, values: s.values } as pg.QueryConfig),
      ),
    );
  });
  await Promise.all(runs);
  return performance.now() - t;
}
