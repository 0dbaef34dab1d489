import { STAMP_MSG, rangeLabel, stampRollWarnings, type StampRollValues, type StampSequence } from '@dbo/domain/stamps';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { lockCompanyRow } from '../../lib/company-rows.js';
import { recordActivity } from '../activity/activity.service.js';
import { getCompany } from '../company/company.service.js';
import { createRollStamps, refreshRollFinished } from './stamps.ledger.js';
import { stampRolls } from './stamps.tables.js';

/**
 * A hard ceiling on one roll's size: the spec only warns above 10000 ('more than the max
 * possible'), but a typo like 1..100000000 would write a hundred million ledger rows.
 */
export const STAMP_ROLL_HARD_MAX = 100_000;
/** advisory-lock namespace serialising roll registration per company (overlap check) */
const ROLL_LOCK_NS = 5_170_001;

type RollRow = typeof stampRolls.$inferSelect;

export interface RollView {
  id: number;
  prefix: string;
  from: number;
  to: number;
  received_at: string;
  finished_at: Date | null;
  active: boolean;
  finished: boolean;
  created_at: Date;
  /** AVAILABLE stamps left */
  stampsCount: number;
  totalCount: number;
  invoicedCount: number;
  destroyedCount: number;
  firstAvailable: number | null;
  lastAvailable: number | null;
  /** active, not finished and with stamps left */
  usable: boolean;
  sequences: StampSequence[];
}

/** Every roll of the company (or one), oldest first, with its counts and available sequences. */
export async function listRolls(db: DbOrTx, companyId: number, rollId?: number): Promise<RollView[]> {
  const rolls = await db
    .select()
    .from(stampRolls)
    .where(and(eq(stampRolls.company_id, companyId), rollId ? eq(stampRolls.id, rollId) : undefined))
    .orderBy(asc(stampRolls.received_at), asc(stampRolls.id));
  if (!rolls.length) return [];
  const rollFilter = rollId ? sql`and roll_id = ${rollId}` : sql``;
  const counts = rowsOf<{ roll_id: number; status: string; n: number }>(
    await db.execute(sql`
      select roll_id, status, count(*)::int as n from stamps
      where company_id = ${companyId} ${rollFilter}
      group by roll_id, status`),
  );
  // gaps and islands: consecutive numbers share number - row_number()
  const runs = rowsOf<{ roll_id: number; from: number; to: number; count: number }>(
    await db.execute(sql`
      select roll_id, min(number)::int as "from", max(number)::int as "to", count(*)::int as count
      from (
        select roll_id, number, number - row_number() over (partition by roll_id order by number) as grp
        from stamps where company_id = ${companyId} and status = 'AVAILABLE' ${rollFilter}
      ) t
      group by roll_id, grp
      order by roll_id, min(number)`),
  );
  return rolls.map((r) => toView(r, counts, runs));
}

function toView(
  r: RollRow,
  counts: { roll_id: number; status: string; n: number }[],
  runs: { roll_id: number; from: number; to: number; count: number }[],
): RollView {
  const n = (status: string) => Number(counts.find((c) => Number(c.roll_id) === r.id && c.status === status)?.n ?? 0);
  const sequences = runs
    .filter((s) => Number(s.roll_id) === r.id)
    .map((s) => ({
      roll_id: r.id,
      prefix: r.prefix,
      from: Number(s.from),
      to: Number(s.to),
      count: Number(s.count),
    }));
  const stampsCount = n('AVAILABLE');
  const finished = r.finished || stampsCount === 0;
  return {
    id: r.id,
    prefix: r.prefix,
    from: r.from,
    to: r.to,
    received_at: r.received_at,
    finished_at: r.finished_at,
    active: r.active,
    finished,
    created_at: r.created_at,
    stampsCount,
    totalCount: r.to - r.from + 1,
    invoicedCount: n('INVOICED'),
    destroyedCount: n('DESTROYED'),
    firstAvailable: sequences[0]?.from ?? null,
    lastAvailable: sequences.at(-1)?.to ?? null,
    usable: r.active && !finished && stampsCount > 0,
    sequences,
  };
}

export async function getRoll(db: DbOrTx, companyId: number, rollId: number): Promise<RollView> {
  const [roll] = await listRolls(db, companyId, rollId);
  if (!roll) throw notFound(STAMP_MSG.rollNotFound);
  return roll;
}

/** POST /stamp/roll: registers a roll and writes its ledger rows in one transaction. */
export async function createRoll(db: Db, companyId: number, userId: number, v: StampRollValues) {
  if (v.to - v.from + 1 > STAMP_ROLL_HARD_MAX)
    throw badRequest(`A stamp roll can not have more than ${STAMP_ROLL_HARD_MAX} stamps`);
  const warnings = stampRollWarnings(v.from, v.to);
  const id = await db.transaction(async (tx) => {
    // two registrations of the same company are serialised so the overlap check holds
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLL_LOCK_NS}, ${companyId})`);
    const [clash] = await tx
      .select()
      .from(stampRolls)
      .where(
        and(
          eq(stampRolls.company_id, companyId),
          eq(stampRolls.prefix, v.prefix),
          lte(stampRolls.from, v.to),
          gte(stampRolls.to, v.from),
        ),
      )
      .limit(1);
    if (clash) throw badRequest(STAMP_MSG.rollOverlap(rangeLabel(clash.prefix, clash.from, clash.to)));
    const [roll] = await tx
      .insert(stampRolls)
      .values({
        company_id: companyId,
        prefix: v.prefix,
        from: v.from,
        to: v.to,
        received_at: v.received_at,
        active: v.active,
        user_id: userId,
      })
      .returning();
    await createRollStamps(tx, roll);
    await recordActivity(tx, {
      companyId,
      userId,
      module: 'STAMP',
      type: 'CREATE',
      info: { roll_id: roll.id, range: rangeLabel(roll.prefix, roll.from, roll.to) },
    });
    return roll.id;
  });
  return { roll: await getRoll(db, companyId, id), warnings };
}

/** PUT /stamp/roll/{id}: only `active`; a finished roll can't be activated. */
export async function setRollActive(db: Db, companyId: number, userId: number, rollId: number, active: boolean) {
  return db.transaction(async (tx) => {
    const roll = await lockCompanyRow(tx, stampRolls, companyId, rollId, STAMP_MSG.rollNotFound);
    await refreshRollFinished(tx, [roll.id]);
    const view = await getRoll(tx, companyId, roll.id);
    if (active && view.finished) throw badRequest(STAMP_MSG.finishedActivate);
    if (roll.active !== active) {
      await tx.update(stampRolls).set({ active }).where(eq(stampRolls.id, roll.id));
      await recordActivity(tx, {
        companyId,
        userId,
        module: 'STAMP',
        type: active ? 'ENABLE' : 'DISABLE',
        info: { roll_id: roll.id, range: rangeLabel(roll.prefix, roll.from, roll.to), active },
      });
    }
    return { ...view, active, usable: active && view.usable };
  });
}

/**
 * GET stamp/remaining over the usable rolls (active, not finished, stamps left). `currentRoll` is
 * the first usable roll (the one auto-assignment draws from first). Also answers how many rolls
 * the company has and its threshold, so the dashboard can tell 'No roll found' from a low count.
 */
export async function stampRemaining(db: DbOrTx, companyId: number) {
  const rolls = await listRolls(db, companyId);
  const usable = rolls.filter((r) => r.usable);
  const current = usable[0] ?? null;
  const company = await getCompany(db, companyId);
  const availableStampCount = usable.reduce((s, r) => s + r.stampsCount, 0);
  return {
    availableStampCount,
    firstAvailableStamp: current?.firstAvailable ?? null,
    totalStampCount: usable.reduce((s, r) => s + r.totalCount, 0),
    currentRoll: current,
    usableRollCount: usable.length,
    rollCount: rolls.length,
    stamp_threshold: company?.stamp_threshold ?? 500,
    low: availableStampCount < (company?.stamp_threshold ?? 500),
  };
}
