import { and, asc, between, type Column, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { stampAssignments, stampRolls, stamps } from './stamps.tables.js';

export interface StampRange {
  roll_id: number;
  from: number;
  to: number;
}

export const STAMP_LEDGER_MSG = {
  rollNotFound: 'Stamp roll not found',
  badRange: 'Stamp range must end in a value at least its start',
  outsideRoll: (label: string) => `Stamps ${label} are outside their roll`,
  notAvailable: (label: string) => `Stamps ${label} are not available`,
  overlap: 'Stamp ranges overlap',
} as const;

export const rangeLabel = (prefix: string, from: number, to: number) =>
  from === to ? `${prefix}${from}` : `${prefix}${from}-${prefix}${to}`;

/** Writes one AVAILABLE ledger row per stamp number of a new roll. */
export async function createRollStamps(
  db: DbOrTx,
  roll: { id: number; company_id: number; from: number; to: number },
): Promise<void> {
  await db.execute(sql`
    insert into stamps (roll_id, number, company_id, status)
    select ${roll.id}, g, ${roll.company_id}, 'AVAILABLE'
    from generate_series(${roll.from}::int, ${roll.to}::int) as g`);
}

/** Compresses sorted numbers into contiguous runs. */
export function toRuns(numbers: number[]): { from: number; to: number }[] {
  const runs: { from: number; to: number }[] = [];
  for (const n of [...numbers].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && n === last.to + 1) last.to = n;
    else if (!last || n > last.to) runs.push({ from: n, to: n });
  }
  return runs;
}

/** A roll with no AVAILABLE stamp left is finished; one that got stamps back is not. */
export async function refreshRollFinished(db: DbOrTx, rollIds: number[]): Promise<void> {
  if (!rollIds.length) return;
  await db.execute(sql`
    update stamp_rolls r set
      finished = not exists (select 1 from stamps s where s.roll_id = r.id and s.status = 'AVAILABLE'),
      finished_at = case
        when exists (select 1 from stamps s where s.roll_id = r.id and s.status = 'AVAILABLE') then null
        else coalesce(r.finished_at, now()) end
    where r.id in (${sql.join(
      rollIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

function normalise(ranges: StampRange[]): StampRange[] {
  const sorted = [...ranges].sort((a, b) => a.roll_id - b.roll_id || a.from - b.from);
  for (let i = 0; i < sorted.length; i++) {
    const r = sorted[i];
    if (!Number.isInteger(r.from) || !Number.isInteger(r.to) || r.from < 1 || r.to < r.from)
      throw badRequest(STAMP_LEDGER_MSG.badRange);
    const prev = sorted[i - 1];
    if (prev && prev.roll_id === r.roll_id && r.from <= prev.to) throw badRequest(STAMP_LEDGER_MSG.overlap);
  }
  return sorted;
}

/**
 * Makes the invoice's stamps exactly `ranges`, inside the caller's transaction: stamps no longer
 * wanted go back to AVAILABLE, new ones must be AVAILABLE now. The conditional UPDATE takes row
 * locks, so two concurrent invoices can never both receive a number: the later one finds the row
 * no longer AVAILABLE and the whole transaction is refused.
 */
export async function setInvoiceStamps(
  tx: DbOrTx,
  opts: {
    companyId: number;
    invoiceId: number;
    userId: number | null;
    ranges: StampRange[];
    /** a new invoice holds no stamps yet: nothing to read back or release */
    created?: boolean;
  },
): Promise<void> {
  const ranges = normalise(opts.ranges);
  if (opts.created) return takeForNewInvoice(tx, opts, ranges);
  const rollIds = [...new Set(ranges.map((r) => r.roll_id))];
  const rolls = rollIds.length
    ? await tx
        .select()
        .from(stampRolls)
        .where(and(eq(stampRolls.company_id, opts.companyId), inArray(stampRolls.id, rollIds)))
    : [];
  const rollById = new Map(rolls.map((r) => [r.id, r]));
  for (const r of ranges) {
    const roll = rollById.get(r.roll_id);
    if (!roll) throw badRequest(STAMP_LEDGER_MSG.rollNotFound);
    if (r.from < roll.from || r.to > roll.to)
      throw badRequest(STAMP_LEDGER_MSG.outsideRoll(rangeLabel(roll.prefix, r.from, r.to)));
  }

  const current = opts.created
    ? []
    : await tx
        .select({ roll_id: stamps.roll_id, number: stamps.number })
        .from(stamps)
        .where(and(eq(stamps.invoice_id, opts.invoiceId), eq(stamps.status, 'INVOICED')))
        .orderBy(asc(stamps.roll_id), asc(stamps.number));
  const wanted = new Set<string>();
  for (const r of ranges) for (let n = r.from; n <= r.to; n++) wanted.add(`${r.roll_id}:${n}`);
  const have = new Set(current.map((s) => `${s.roll_id}:${s.number}`));
  const unchanged = current.length === wanted.size && current.every((s) => wanted.has(`${s.roll_id}:${s.number}`));
  if (unchanged) return;

  // release what is no longer wanted
  const toRelease = current.filter((s) => !wanted.has(`${s.roll_id}:${s.number}`));
  const touchedRolls = new Set<number>(rollIds);
  for (const rollId of new Set(toRelease.map((s) => s.roll_id))) {
    touchedRolls.add(rollId);
    for (const run of toRuns(toRelease.filter((s) => s.roll_id === rollId).map((s) => s.number))) {
      await tx
        .update(stamps)
        .set({ status: 'AVAILABLE', invoice_id: null, updated_at: new Date() })
        .where(
          and(
            eq(stamps.roll_id, rollId),
            between(stamps.number, run.from, run.to),
            eq(stamps.invoice_id, opts.invoiceId),
            eq(stamps.status, 'INVOICED'),
          ),
        );
    }
  }

  // take the new numbers, in roll and number order so concurrent transactions lock alike
  for (const r of ranges) {
    const roll = rollById.get(r.roll_id)!;
    const missing: number[] = [];
    for (let n = r.from; n <= r.to; n++) if (!have.has(`${r.roll_id}:${n}`)) missing.push(n);
    for (const run of toRuns(missing)) {
      const taken = await tx
        .update(stamps)
        .set({ status: 'INVOICED', invoice_id: opts.invoiceId, updated_at: new Date() })
        .where(
          and(
            eq(stamps.roll_id, r.roll_id),
            eq(stamps.company_id, opts.companyId),
            between(stamps.number, run.from, run.to),
            eq(stamps.status, 'AVAILABLE'),
          ),
        )
        .returning({ number: stamps.number });
      if (taken.length !== run.to - run.from + 1) {
        const got = new Set(taken.map((t) => t.number));
        const refused = toRuns(missing.filter((n) => n >= run.from && n <= run.to && !got.has(n)));
        throw badRequest(
          STAMP_LEDGER_MSG.notAvailable(refused.map((x) => rangeLabel(roll.prefix, x.from, x.to)).join(', ')),
        );
      }
    }
  }

  // the log: the invoice's previous entries are closed and its current ranges logged anew, at one
  // instant, so the stamp record can tell one save's real change (stamps kept are not 'returned')
  const now = new Date();
  if (!opts.created)
    await tx
      .update(stampAssignments)
      .set({ released_at: now, released_by: opts.userId })
      .where(
        and(
          eq(stampAssignments.invoice_id, opts.invoiceId),
          eq(stampAssignments.status, 'INVOICED'),
          isNull(stampAssignments.released_at),
        ),
      );
  if (ranges.length) {
    await tx.insert(stampAssignments).values(
      ranges.map((r) => ({
        company_id: opts.companyId,
        roll_id: r.roll_id,
        prefix: rollById.get(r.roll_id)!.prefix,
        from: r.from,
        to: r.to,
        status: 'INVOICED',
        invoice_id: opts.invoiceId,
        user_id: opts.userId,
        logged_at: now,
      })),
    );
  }
  await refreshRollFinished(tx, [...touchedRolls]);
}

/**
 * A new invoice's stamps in one statement: the AVAILABLE numbers asked for are locked in roll and
 * number order (as the per-run updates took them) and invoiced, the log entries written and the
 * rolls' finished flags set; then the same checks as an edit, in the same order, from what the
 * statement answered (a refusal throws and the transaction rolls the writes back).
 */
async function takeForNewInvoice(
  tx: DbOrTx,
  opts: { companyId: number; invoiceId: number; userId: number | null },
  ranges: StampRange[],
): Promise<void> {
  if (!ranges.length) return;
  const now = new Date().toISOString();
  const req = sql.join(
    ranges.map((r) => sql`(${r.roll_id}::int, ${r.from}::int, ${r.to}::int)`),
    sql`, `,
  );
  // each range's numbers are locked through the (roll, status, number) index, ranges in roll and
  // number order; a roll is finished when no AVAILABLE stamp is left beside those just taken
  const result = await tx.execute(sql`
    with req(roll_id, "from", "to") as (values ${req}), rolls as (
      select k.id, k.prefix, k."from", k."to" from stamp_rolls k
      where k.company_id = ${opts.companyId} and k.id in (select roll_id from req)
    ), wanted as materialized (
      select s.roll_id, s.number from req r cross join lateral (
        select s.roll_id, s.number from stamps s
        where s.roll_id = r.roll_id and s.number between r."from" and r."to"
          and s.company_id = ${opts.companyId} and s.status = 'AVAILABLE'
        order by s.number for update
      ) s
    ), taken as (
      update stamps s set status = 'INVOICED', invoice_id = ${opts.invoiceId}::int, updated_at = ${now}::timestamptz
      from wanted w where s.roll_id = w.roll_id and s.number = w.number and s.status = 'AVAILABLE'
      returning s.roll_id, s.number
    ), log as (
      insert into stamp_assignments (company_id, roll_id, prefix, "from", "to", status, invoice_id, user_id, logged_at)
      select ${opts.companyId}::int, r.roll_id, k.prefix, r."from", r."to", 'INVOICED', ${opts.invoiceId}::int, ${opts.userId}::int, ${now}::timestamptz
      from req r join rolls k on k.id = r.roll_id
      returning 1
    ), left_over as (
      select k.id, n.taken < (select count(*) from (
          select 1 from stamps s where s.roll_id = k.id and s.status = 'AVAILABLE' limit n.taken + 1) x) as available
      from stamp_rolls k cross join lateral (select count(*) as taken from taken t where t.roll_id = k.id) n
      where k.id in (select roll_id from req)
    ), fin as (
      update stamp_rolls k set finished = not l.available,
        finished_at = case when l.available then null else coalesce(k.finished_at, now()) end
      from left_over l where k.id = l.id
      returning 1
    )
    select
      (select coalesce(jsonb_agg(jsonb_build_object('id', id, 'prefix', prefix, 'from', "from", 'to', "to")), '[]'::jsonb) from rolls) as rolls,
      (select coalesce(jsonb_agg(jsonb_build_array(roll_id, number)), '[]'::jsonb) from taken) as taken,
      (select count(*)::int from log) + (select count(*)::int from fin) as written`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<
    string,
    unknown
  >[];
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const rollById = new Map(
    parse<{ id: number; prefix: string; from: number; to: number }[]>(row.rolls).map((r) => [r.id, r]),
  );
  for (const r of ranges) {
    const roll = rollById.get(r.roll_id);
    if (!roll) throw badRequest(STAMP_LEDGER_MSG.rollNotFound);
    if (r.from < roll.from || r.to > roll.to)
      throw badRequest(STAMP_LEDGER_MSG.outsideRoll(rangeLabel(roll.prefix, r.from, r.to)));
  }
  const got = new Set(parse<[number, number][]>(row.taken).map(([roll, n]) => `${roll}:${n}`));
  for (const r of ranges) {
    const refused: number[] = [];
    for (let n = r.from; n <= r.to; n++) if (!got.has(`${r.roll_id}:${n}`)) refused.push(n);
    if (refused.length) {
      const prefix = rollById.get(r.roll_id)!.prefix;
      throw badRequest(
        STAMP_LEDGER_MSG.notAvailable(
          toRuns(refused)
            .map((x) => rangeLabel(prefix, x.from, x.to))
            .join(', '),
        ),
      );
    }
  }
}

/** Cancel or delete: every stamp of the invoice becomes AVAILABLE again. */
export async function releaseInvoiceStamps(
  tx: DbOrTx,
  opts: { companyId: number; invoiceId: number; userId: number | null },
): Promise<void> {
  await setInvoiceStamps(tx, { ...opts, ranges: [] });
}

/** One INVOICED stamp of an invoice with its roll's prefix, as `invoiceStampsJson` lists them. */
export interface InvoiceStampRow {
  roll_id: number;
  number: number;
  prefix: string;
}

/**
 * The invoice's INVOICED stamps as one JSON array, by roll and number: a column of a read that
 * answers the invoice with its parts in one statement (`stampRangesOf` makes the ranges).
 */
export const invoiceStampsJson = (invoiceId: SQL | Column) =>
  sql`(select coalesce(jsonb_agg(jsonb_build_object('roll_id', s.roll_id, 'number', s.number, 'prefix', r.prefix) order by s.roll_id, s.number), '[]'::jsonb)
       from stamps s join stamp_rolls r on r.id = s.roll_id
       where s.invoice_id = ${invoiceId} and s.status = 'INVOICED')`;

/** The ranges of stamps sorted by roll and number, with the roll prefix. */
export function stampRangesOf(rows: readonly InvoiceStampRow[]) {
  const out: { roll_id: number; prefix: string; from: number; to: number; count: number }[] = [];
  for (const rollId of [...new Set(rows.map((r) => r.roll_id))]) {
    const own = rows.filter((r) => r.roll_id === rollId);
    for (const run of toRuns(own.map((r) => r.number)))
      out.push({ roll_id: rollId, prefix: own[0].prefix, ...run, count: run.to - run.from + 1 });
  }
  return out;
}
