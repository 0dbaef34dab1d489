/**
 * The import job runner: small and in this module on purpose (the lead may move it onto the
 * shared queue later). A job runs in the process that received the file, in the background,
 * writing its progress (done, counts) to its `import_jobs` row after every batch, so the page reads
 * it after a reload.
 *
 * - skip: bad rows are left out; each row is written through its module's service in its own
 *   transaction, so a row the database refuses (a name taken meanwhile) is rejected alone.
 * - abort (all-or-nothing): the whole plan is validated first and nothing is written when any row
 *   is invalid; then every row is written in ONE transaction, so a failure on any row rolls back
 *   the file. On the embedded database (one connection) that transaction holds the database while
 *   it runs, and its progress is only visible when it ends; on PostgreSQL progress is written on
 *   another pooled connection while the transaction runs.
 *
 * On start, a job left 'running' (the process stopped mid-import) is marked failed with a message
 * saying so: the file is not kept, and re-running it is safe because matched rows are unchanged.
 */
import {
  emptyCounts,
  IMPORT_LIMITS,
  IMPORT_MSG,
  type ImportError,
  type ImportKind,
  type OnError,
} from '@dbo/domain/import';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { ProductWiring } from '../products/product-writes.service.js';
import { HttpError } from '../../lib/errors.js';
import type { Sheet } from './import.parse.js';
import { type Plan, type PlannedRow, planImport, type Writer } from './import.plan.js';
import { importJobs, type RejectedRow } from './import.tables.js';

export interface JobInput extends Writer {
  kind: ImportKind;
  onError: OnError;
  fileName: string;
  sheet: Sheet;
  mapping: Record<string, string>;
}

interface RunnerDeps {
  db: Db;
  /** what the import's product writes run (inventory's items, modules/wiring.ts) */
  wiring: ProductWiring;
  log: { error(obj: unknown, msg?: string): void };
  /** told when a job ends, e.g. to refresh the company's screens */
  onFinished?(companyId: number, kind: ImportKind): void;
}

/** The embedded database has one connection: writes beside an open transaction would wait on it. */
export function isEmbedded(db: Db): boolean {
  const client = (db as unknown as { $client?: { dumpDataDir?: unknown } }).$client;
  return typeof client?.dumpDataDir === 'function';
}

/** A job still 'running' whose row has not moved for this long belongs to a process that stopped. */
const STALE_SECONDS = 120;

/** Marks the jobs a stopped process left running as failed (all of them on the one-process embedded database). */
export async function failAbandonedJobs(db: Db): Promise<number> {
  const stale = isEmbedded(db)
    ? undefined
    : lt(importJobs.updated_at, sql`now() - make_interval(secs => ${STALE_SECONDS})`);
  const rows = await db
    .update(importJobs)
    .set({ status: 'failed', message: IMPORT_MSG.restarted, finished_at: new Date(), updated_at: new Date() })
    .where(and(eq(importJobs.status, 'running'), or(stale)))
    .returning({ id: importJobs.id });
  return rows.length;
}

const messageOf = (err: unknown) =>
  err instanceof HttpError ? err.message : 'This row could not be saved (the database refused it)';

export async function startImportJob(deps: RunnerDeps, input: JobInput): Promise<number> {
  const [job] = await deps.db
    .insert(importJobs)
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      kind: input.kind,
      on_error: input.onError,
      file_name: input.fileName.slice(0, 255),
      total: input.sheet.rows.length,
      counts: emptyCounts(),
      headers: input.sheet.headers,
    })
    .returning({ id: importJobs.id });
  // the answer goes back with the job id; the work continues after it
  setImmediate(() => {
    runJob(deps, job.id, input).catch(async (err) => {
      deps.log.error({ err, jobId: job.id }, 'import job failed');
      await deps.db
        .update(importJobs)
        .set({ status: 'failed', message: messageOf(err), finished_at: new Date(), updated_at: new Date() })
        .where(eq(importJobs.id, job.id))
        .catch(() => {});
    });
  });
  return job.id;
}

const rejectedOf = (rows: PlannedRow[]): RejectedRow[] =>
  rows.filter((r) => r.action === 'invalid').map((r) => ({ row: r.row, message: r.message ?? '', cells: r.cells }));

async function runJob(deps: RunnerDeps, jobId: number, input: JobInput) {
  const { db } = deps;
  const plan = await planImport(deps.wiring, db, input.kind, input, input.sheet, input.mapping);
  const progress = (on: DbOrTx, set: Partial<typeof importJobs.$inferInsert>) =>
    on
      .update(importJobs)
      .set({ ...set, updated_at: new Date() })
      .where(eq(importJobs.id, jobId));
  const finish = async (set: Partial<typeof importJobs.$inferInsert>) => {
    await progress(db, { finished_at: new Date(), ...set });
    deps.onFinished?.(input.companyId, input.kind);
  };
  const total = plan.rows.length;

  if (input.onError === 'abort') {
    if (plan.counts.invalid > 0) {
      await finish({
        status: 'failed',
        message: IMPORT_MSG.aborted(plan.counts.invalid),
        counts: plan.counts,
        errors: plan.errors,
        rejected: rejectedOf(plan.rows),
      });
      return;
    }
    const embedded = isEmbedded(db);
    try {
      await db.transaction(async (tx) => {
        for (let i = 0; i < total; i += IMPORT_LIMITS.batch) {
          const failures = await writeBatch(tx as unknown as Db, plan, plan.rows.slice(i, i + IMPORT_LIMITS.batch));
          const [first] = failures;
          if (first) throw new RowFailure(first[0], first[1]);
          const done = Math.min(i + IMPORT_LIMITS.batch, total);
          if (done < total) await progress(embedded ? tx : db, { done });
        }
      });
    } catch (err) {
      if (!(err instanceof RowFailure)) throw err;
      const error: ImportError = { row: err.row.row, message: err.message };
      await finish({
        status: 'failed',
        done: 0,
        message: `Nothing was imported: row ${err.row.row}: ${err.message}`,
        counts: { ...emptyCounts(), invalid: 1 },
        errors: [error],
        rejected: [{ row: err.row.row, message: err.message, cells: err.row.cells }],
      });
      return;
    }
    await finish({ status: 'done', done: total, counts: plan.counts, errors: [], rejected: [] });
    return;
  }

  // skip: rows the database refuses join the invalid ones
  const counts = emptyCounts();
  const errors: ImportError[] = [];
  const rejected: RejectedRow[] = [];
  for (let i = 0; i < total; i += IMPORT_LIMITS.batch) {
    const batch = plan.rows.slice(i, i + IMPORT_LIMITS.batch);
    const failures = await writeBatch(db, plan, batch);
    for (const r of batch) {
      const failed = failures.get(r);
      const action = failed ? 'invalid' : r.action;
      const message = failed ?? r.message ?? '';
      counts[action]++;
      if (action === 'invalid') {
        errors.push({ row: r.row, message });
        rejected.push({ row: r.row, message, cells: r.cells });
      }
    }
    const done = Math.min(i + IMPORT_LIMITS.batch, total);
    if (done < total) await progress(db, { done, counts, errors });
  }
  await finish({ status: 'done', done: total, counts, errors, rejected });
}

/**
 * Writes one batch: the bulk rows in one statement (in a savepoint or transaction of their own),
 * falling back to one row at a time when that fails, so the failing row is named; the other rows
 * one at a time. Answers the rows that failed, with why.
 */
async function writeBatch(db: Db, plan: Plan, rows: PlannedRow[]): Promise<Map<PlannedRow, string>> {
  const failures = new Map<PlannedRow, string>();
  const bulk = plan.bulk ? rows.filter((r) => r.apply && r.bulk !== undefined) : [];
  let single = rows.filter((r) => r.apply && !bulk.includes(r));
  if (plan.bulk && bulk.length) {
    const write = plan.bulk;
    try {
      await db.transaction((tx) => write(tx, bulk));
    } catch {
      single = rows.filter((r) => r.apply);
    }
  }
  for (const r of single) {
    try {
      await r.apply?.(db);
    } catch (err) {
      failures.set(r, messageOf(err));
      // all or nothing: the first failure ends the file
      if (!isTopLevel(db)) break;
    }
  }
  return failures;
}

/** True for the database itself, false inside the all-or-nothing transaction. */
const isTopLevel = (db: Db) => typeof (db as unknown as { rollback?: unknown }).rollback !== 'function';

class RowFailure extends Error {
  constructor(
    public row: PlannedRow,
    message: string,
  ) {
    super(message);
  }
}
