/**
 * A small durable job queue in the app's own database (table `jobs`), the same code on PGlite and
 * PostgreSQL: one table with `FOR UPDATE SKIP LOCKED` and a lease gives both modes one tested path.
 *
 * Kept over pg-boss after a trial (2026-11-27, issue 31). pg-boss 10.4 (its last line for Node 20;
 * 11 and 12 need Node 22) does run on PGlite's one connection through its `db` option, given an
 * adapter that sends parameterless text with `exec` (its schema is multi-statement) and the rest with
 * `query`; a send through a transaction's adapter is rolled back with it. What it lacks here:
 * - its cron sends a slot only within 60 s of it (timekeeper `shouldSendIt`): a nightly slot missed
 *   while no process ran (the embedded install on an office PC that was off at 2 AM) never runs,
 *   where this queue catches it up within a day (pos.pull.test's slot is an hour old);
 * - a retry's delay is the job's `retry_delay` and backoff: a partner's Retry-After cannot lengthen
 *   one failure's wait without writing its table by hand;
 * - no clock to inject, which the schedule and lease tests use.
 *
 * - a job is claimed by one process (SKIP LOCKED) and leased; a process that dies mid-job loses the
 *   lease and another (or the restarted one) claims the job again: handlers must be idempotent
 *   (partner pushes carry an idempotency key);
 * - failures retry with exponential backoff, never sooner than a partner's Retry-After;
 * - `schedule` inserts one job per slot with a singleton key, so N processes run it once;
 * - `stop()` stops claiming and waits for the running handlers (graceful shutdown).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { jobs } from './jobs.tables.js';

export interface Job<T = Record<string, unknown>> {
  id: number;
  name: string;
  data: T;
  /** 1 on the first run */
  attempt: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  /** attempts in all (default 5) */
  retryLimit?: number;
  startAfterMs?: number;
  /** a second job with the same key is not created (answers null) */
  singletonKey?: string;
  /** enqueue inside this transaction: the job exists only if the caller's work commits */
  tx?: DbOrTx;
}

/** Throw to retry later, not sooner than `retryAfterMs` (a partner's Retry-After). */
export class RetryableError extends Error {
  constructor(
    message: string,
    public retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Throw when retrying cannot help (a refused key, a validation error): the job fails now. */
export class PermanentError extends Error {}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;
export interface WorkOptions<T> {
  /** runs once when the job gives up (last attempt failed or a PermanentError) */
  onFailed?: (job: Job<T>, err: Error) => Promise<void> | void;
}

export interface QueueOptions {
  pollMs?: number;
  /** how long a claimed job is ours; past it another process may claim it */
  leaseMs?: number;
  /** first retry delay; doubles per attempt */
  retryBaseMs?: number;
  concurrency?: number;
  /** attempts of a job unless its enqueue says otherwise */
  retryLimit?: number;
  now?: () => Date;
  log?: (msg: string, err?: unknown) => void;
  /** a job gave up (its last attempt failed): the failures metric counts it */
  onGiveUp?: (name: string) => void;
}

interface Registered {
  handler: JobHandler<unknown>;
  opts: WorkOptions<unknown>;
}
interface Schedule {
  name: string;
  minute: number;
  hour: number;
  tz: string;
  data: Record<string, unknown>;
}

type JobRow = { id: number | string; name: string; data: unknown; attempts: number; max_attempts: number };

export type JobQueue = ReturnType<typeof createJobQueue>;

export function createJobQueue(db: Db, options: QueueOptions = {}) {
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const retryBaseMs = options.retryBaseMs ?? 2000;
  const concurrency = options.concurrency ?? 4;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const handlers = new Map<string, Registered>();
  const schedules: Schedule[] = [];
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let ticking: Promise<void> | undefined;
  let again = false;
  let firedMinute: number | undefined;

  async function insertJob(name: string, data: Record<string, unknown>, opts: EnqueueOptions) {
    const runAt = new Date(now().getTime() + (opts.startAfterMs ?? 0));
    const rows = await (opts.tx ?? db)
      .insert(jobs)
      .values({
        name,
        data,
        max_attempts: opts.retryLimit ?? options.retryLimit ?? 5,
        run_at: runAt,
        singleton_key: opts.singletonKey ?? null,
      })
      .onConflictDoNothing({ target: jobs.singleton_key })
      .returning({ id: jobs.id });
    return rows[0]?.id ?? null;
  }

  async function enqueue(name: string, data: Record<string, unknown>, opts: EnqueueOptions = {}) {
    const id = await insertJob(name, data, opts);
    // inside a transaction the job is not visible before the commit: the next poll finds it
    if (id !== null && !opts.tx) wake();
    return id;
  }

  function work<T>(name: string, handler: JobHandler<T>, opts: WorkOptions<T> = {}) {
    handlers.set(name, { handler: handler as JobHandler<unknown>, opts: opts as WorkOptions<unknown> });
  }

  /** Daily schedules only ('m h * * *'), in a time zone: all this product needs (nightly pulls). */
  function schedule(name: string, cron: string, tz: string, data: Record<string, unknown> = {}) {
    const m = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron.trim());
    if (!m) throw new Error(`unsupported cron '${cron}': only 'minute hour * * *'`);
    schedules.push({ name, minute: Number(m[1]), hour: Number(m[2]), tz, data });
  }

  /**
   * Inserts the job of each schedule's latest slot; the singleton key makes it once across processes.
   * At most once a minute (slots are minutes), and without waking the worker: the tick that fired
   * them claims them next, so a schedule never makes the poll loop spin.
   */
  async function fireSchedules() {
    const minute = Math.floor(now().getTime() / 60_000);
    if (minute === firedMinute) return;
    firedMinute = minute;
    for (const s of schedules) {
      const slot = lastSlot(now(), s.hour, s.minute, s.tz);
      // a slot missed while no process ran is caught up, but only within a day
      if (now().getTime() - slot.getTime() > 23 * 3600_000) continue;
      await insertJob(
        s.name,
        { ...s.data, slot: slot.toISOString() },
        { singletonKey: `${s.name}@${slot.toISOString()}` },
      );
    }
  }

  async function claim(limit: number): Promise<JobRow[]> {
    const names = [...handlers.keys()];
    if (names.length === 0 || limit <= 0) return [];
    const t = now();
    const lease = new Date(t.getTime() + leaseMs);
    const nameList = sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    );
    const res = await db.execute(sql`
      update ${jobs} set state = 'active', attempts = ${jobs.attempts} + 1, locked_until = ${lease.toISOString()}
      where ${jobs.id} in (
        select id from ${jobs}
        where ${jobs.name} in (${nameList})
          and ((${jobs.state} = 'created' and ${jobs.run_at} <= ${t.toISOString()})
            or (${jobs.state} = 'active' and ${jobs.locked_until} < ${t.toISOString()}))
        order by ${jobs.run_at}, ${jobs.id}
        limit ${limit}
        for update skip locked)
      returning id, name, data, attempts, max_attempts`);
    return (res as unknown as { rows: JobRow[] }).rows;
  }

  async function finish(id: number, patch: Partial<typeof jobs.$inferInsert>) {
    // only while still ours: a job whose lease ran out and was claimed again is not overwritten
    await db
      .update(jobs)
      .set(patch)
      .where(and(eq(jobs.id, id), eq(jobs.state, 'active')));
  }

  async function run(row: JobRow) {
    const reg = handlers.get(row.name);
    if (!reg) return;
    const job: Job = {
      id: Number(row.id),
      name: row.name,
      data: (row.data ?? {}) as Record<string, unknown>,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
    };
    try {
      await reg.handler(job);
      await finish(job.id, { state: 'completed', completed_at: now(), locked_until: null, last_error: null });
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      const giveUp = err instanceof PermanentError || job.attempt >= job.maxAttempts;
      if (giveUp) {
        await finish(job.id, { state: 'failed', completed_at: now(), locked_until: null, last_error: err.message });
        options.onGiveUp?.(job.name);
        try {
          await reg.opts.onFailed?.(job, err);
        } catch (e2) {
          log(`job ${job.name} #${job.id}: onFailed threw`, e2);
        }
      } else {
        const backoff = retryBaseMs * 2 ** (job.attempt - 1);
        const wait = Math.max(backoff, err instanceof RetryableError ? (err.retryAfterMs ?? 0) : 0);
        await finish(job.id, {
          state: 'created',
          run_at: new Date(now().getTime() + wait),
          locked_until: null,
          last_error: err.message,
        });
      }
    }
  }

  /** One poll: schedules, then claim as many jobs as there are free slots and start them. */
  async function tick(): Promise<void> {
    if (ticking) {
      again = true;
      return ticking;
    }
    ticking = (async () => {
      do {
        again = false;
        try {
          if (schedules.length) await fireSchedules();
          const rows = await claim(concurrency - running.size);
          for (const row of rows) {
            const p = run(row)
              .catch((err) => log(`job ${row.name} #${row.id} crashed`, err))
              .finally(() => {
                running.delete(p);
                // a slot freed: look for more work at once
                if (started) wake();
              });
            running.add(p);
          }
          if (rows.length > 0 && running.size < concurrency) again = true;
        } catch (err) {
          log('job poll failed', err);
        }
      } while (again && started);
    })().finally(() => {
      ticking = undefined;
    });
    return ticking;
  }

  function wake() {
    if (started) setImmediate(() => void tick());
  }

  function start() {
    if (started) return;
    started = true;
    const loop = () => {
      timer = setTimeout(async () => {
        await tick();
        if (started) loop();
      }, pollMs);
      timer.unref();
    };
    void tick();
    loop();
  }

  /** Stops claiming work and waits for the running handlers. */
  async function stop() {
    started = false;
    if (timer) clearTimeout(timer);
    await ticking;
    while (running.size > 0) await Promise.allSettled([...running]);
  }

  /** Resolves when no job of these names is waiting or running (tests, the benchmark). */
  async function drain(names: string[], timeoutMs = 30_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const nameList = sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      );
      const res = await db.execute(
        sql`select count(*)::int as n from ${jobs} where ${jobs.name} in (${nameList}) and ${jobs.state} in ('created', 'active')`,
      );
      const n = (res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      if (n === 0 && running.size === 0) return;
      if (Date.now() > until) throw new Error(`jobs still pending after ${timeoutMs} ms: ${n}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Look for work now rather than at the next poll (a running worker only). */
  const nudge = () => wake();

  /** Jobs waiting for a worker and running, per queue (the /metrics gauge). */
  async function stats(): Promise<{ queue: string; waiting: number; active: number }[]> {
    const rows = await db
      .select({ name: jobs.name, state: jobs.state, n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.state} in ('created', 'active')`)
      .groupBy(jobs.name, jobs.state);
    const byQueue = new Map<string, { queue: string; waiting: number; active: number }>();
    for (const r of rows) {
      const q = byQueue.get(r.name) ?? { queue: r.name, waiting: 0, active: 0 };
      if (r.state === 'active') q.active += Number(r.n);
      else q.waiting += Number(r.n);
      byQueue.set(r.name, q);
    }
    return [...byQueue.values()];
  }

  return { enqueue, work, schedule, start, stop, tick, nudge, drain, stats };
}

/** The UTC instant of the latest hh:mm in `tz` at or before `at`. */
export function lastSlot(at: Date, hour: number, minute: number, tz: string): Date {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  let slot = zonedTime(day, hour, minute, tz);
  if (slot.getTime() > at.getTime()) {
    const prev = new Date(`${day}T12:00:00Z`);
    prev.setUTCDate(prev.getUTCDate() - 1);
    slot = zonedTime(prev.toISOString().slice(0, 10), hour, minute, tz);
  }
  return slot;
}

/** The instant when the wall clock in `tz` shows `day` hh:mm (DST handled by re-checking the offset). */
function zonedTime(day: string, hour: number, minute: number, tz: string): Date {
  const wall = Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
  let t = wall - offsetMs(new Date(wall), tz);
  t = wall - offsetMs(new Date(t), tz);
  return new Date(t);
}

function offsetMs(at: Date, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}
