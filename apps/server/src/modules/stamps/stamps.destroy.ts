import {
  type DestroyEntry,
  STAMP_MSG,
  destroyEntryMessage,
  destroyResultMessages,
  rangeLabel,
  type StampDestroyBody,
} from '@dbo/domain/stamps';
import { DESTROY_REASONS, type DestroyReason, STAMP_RECORD_MSG } from '@dbo/domain/stamp-record';
import { and, asc, between, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findCompanyRow } from '../../lib/company-rows.js';
import { recordActivity } from '../activity/activity.service.js';
import { users } from '../company/company.tables.js';
import { refreshRollFinished, toRuns } from './stamps.ledger.js';
import { stampAssignments, stampRolls, stamps } from './stamps.tables.js';

const replacedRoll = alias(stampRolls, 'replaced_roll');

/** The label ('1001', '1001B') of each invoice by id: invoices' lookup, given by the app's wiring. */
export type InvoiceLabelsOf = (db: DbOrTx, companyId: number, invoiceIds: number[]) => Promise<Map<number, string>>;
export interface StampWiring {
  stamps: { invoiceLabelsOf: InvoiceLabelsOf };
}

/**
 * The destroy tool: AVAILABLE stamps of the range become DESTROYED (one log entry per contiguous
 * run destroyed); INVOICED and already DESTROYED ones are left alone and reported. The conditional
 * UPDATE takes the row locks, so a concurrent invoice can't take a stamp being destroyed.
 */
export async function destroyStamps(
  w: StampWiring,
  db: Db,
  companyId: number,
  userId: number,
  rollId: number,
  input: StampDestroyBody,
) {
  const v = { ...input, roll_id: input.roll_id ?? rollId };
  return db.transaction(async (tx) => {
    const roll = await findCompanyRow(tx, stampRolls, companyId, rollId, STAMP_MSG.rollNotFound);
    if (v.roll_id !== rollId) throw badRequest(STAMP_MSG.rollMismatch);
    if (v.from < roll.from || v.to > roll.to)
      throw badRequest(STAMP_MSG.outsideRoll(rangeLabel(roll.prefix, roll.from, roll.to)));

    const replaced = v.reason === 'replacement' ? await resolveStamp(tx, companyId, v.replaces) : null;
    if (replaced && replaced.roll_id === roll.id && replaced.number >= v.from && replaced.number <= v.to)
      throw badRequest(STAMP_RECORD_MSG.replacesInRange);

    const taken = await tx
      .update(stamps)
      .set({ status: 'DESTROYED', invoice_id: null, updated_at: new Date() })
      .where(and(eq(stamps.roll_id, roll.id), between(stamps.number, v.from, v.to), eq(stamps.status, 'AVAILABLE')))
      .returning({ number: stamps.number });
    const runs = toRuns(taken.map((t) => t.number));
    for (const run of runs) {
      const [entry] = await tx
        .insert(stampAssignments)
        .values({
          company_id: companyId,
          roll_id: roll.id,
          prefix: roll.prefix,
          from: run.from,
          to: run.to,
          status: 'DESTROYED',
          note: v.note,
          reason: v.reason,
          replaces_roll_id: replaced?.roll_id ?? null,
          replaces_number: replaced?.number ?? null,
          user_id: userId,
        })
        .returning({ id: stampAssignments.id });
      await tx
        .update(stamps)
        .set({ assignment_id: entry.id })
        .where(and(eq(stamps.roll_id, roll.id), between(stamps.number, run.from, run.to)));
    }

    const destroyedNow = new Set(taken.map((t) => t.number));
    const others = await tx
      .select({ number: stamps.number, status: stamps.status, invoice_id: stamps.invoice_id })
      .from(stamps)
      .where(and(eq(stamps.roll_id, roll.id), between(stamps.number, v.from, v.to), ne(stamps.status, 'AVAILABLE')))
      .orderBy(asc(stamps.number));
    const invoiced = others.filter((o) => o.status === 'INVOICED');
    const already = others.filter((o) => o.status === 'DESTROYED' && !destroyedNow.has(o.number));
    const invoiceIds = [...new Set(invoiced.flatMap((o) => (o.invoice_id === null ? [] : [o.invoice_id])))];
    const labels = invoiceIds.length
      ? await w.stamps.invoiceLabelsOf(tx, companyId, invoiceIds)
      : new Map<number, string>();
    const invoiceNumbers = [...new Set(invoiced.flatMap((o) => labels.get(o.invoice_id ?? 0) ?? []))];
    const groups: Omit<DestroyEntry, 'destroyed' | 'message'>[] = [
      { status: 'INVOICED', total: invoiced.length, invoice_numbers: invoiceNumbers },
      { status: 'DESTROYED', total: already.length, invoice_numbers: [] },
      { status: 'AVAILABLE', total: taken.length, invoice_numbers: [] },
    ];
    const entries: DestroyEntry[] = groups
      .filter((g) => g.total > 0)
      .map((g) => ({ ...g, destroyed: g.status === 'AVAILABLE', message: destroyEntryMessage(g) }));

    if (taken.length) {
      await refreshRollFinished(tx, [roll.id]);
      await recordActivity(tx, {
        companyId,
        userId,
        module: 'STAMP',
        type: 'UPDATE',
        info: {
          action: 'destroy',
          roll_id: roll.id,
          ranges: runs.map((r) => rangeLabel(roll.prefix, r.from, r.to)),
          note: v.note,
          reason: v.reason,
          ...(replaced ? { replaces: replaced.label } : {}),
        },
      });
    }
    return {
      roll_id: roll.id,
      from: v.from,
      to: v.to,
      note: v.note,
      reason: v.reason,
      replaces: replaced?.label ?? null,
      destroyed: taken.length,
      entries,
      messages: destroyResultMessages(entries),
    };
  });
}

/** The destroyed entries still in force (not undone), newest first. */
export async function listDestroyed(db: DbOrTx, companyId: number, rollId?: number) {
  const rows = await db
    .select({
      id: stampAssignments.id,
      roll_id: stampAssignments.roll_id,
      prefix: stampAssignments.prefix,
      from: stampAssignments.from,
      to: stampAssignments.to,
      note: stampAssignments.note,
      reason: stampAssignments.reason,
      replaces_prefix: replacedRoll.prefix,
      replaces_number: stampAssignments.replaces_number,
      logged_at: stampAssignments.logged_at,
      user: users.name,
    })
    .from(stampAssignments)
    .leftJoin(users, eq(users.id, stampAssignments.user_id))
    .leftJoin(replacedRoll, eq(replacedRoll.id, stampAssignments.replaces_roll_id))
    .where(
      and(
        eq(stampAssignments.company_id, companyId),
        eq(stampAssignments.status, 'DESTROYED'),
        isNull(stampAssignments.released_at),
        rollId ? eq(stampAssignments.roll_id, rollId) : undefined,
      ),
    )
    .orderBy(desc(stampAssignments.logged_at), desc(stampAssignments.id));
  return rows.map(({ replaces_prefix, replaces_number, ...r }) => ({
    ...r,
    reason: destroyReason(r.reason),
    replaces: replaces_number === null ? null : `${replaces_prefix ?? ''}${replaces_number}`,
    count: r.to - r.from + 1,
    status: 'DESTROYED' as const,
  }));
}

/** A destroy entry's reason; entries logged before reasons existed were plain destroys. */
export const destroyReason = (reason: string | null): DestroyReason =>
  (DESTROY_REASONS as readonly string[]).includes(reason ?? '') ? (reason as DestroyReason) : 'destroyed';

/**
 * The stamp a replacement replaces, from its serial number ('A1234'): a stamp of one of the
 * company's rolls (prefix + a number inside the roll). The longest matching prefix wins.
 */
export async function resolveStamp(db: DbOrTx, companyId: number, label: string) {
  const text = label.trim().toUpperCase();
  const rolls = await db
    .select({ id: stampRolls.id, prefix: stampRolls.prefix, from: stampRolls.from, to: stampRolls.to })
    .from(stampRolls)
    .where(eq(stampRolls.company_id, companyId))
    .orderBy(desc(sql`length(${stampRolls.prefix})`), asc(stampRolls.id));
  for (const r of rolls) {
    if (!text.startsWith(r.prefix)) continue;
    const rest = text.slice(r.prefix.length);
    if (!/^\d{1,10}$/.test(rest)) continue;
    const number = Number(rest);
    if (number >= r.from && number <= r.to) return { roll_id: r.id, number, label: `${r.prefix}${number}` };
  }
  throw badRequest(STAMP_RECORD_MSG.replacesNotFound(text || label));
}

/** Parses the comma list of log entry ids; anything else can't be undone. */
export function parseIds(raw: unknown): number[] {
  const parts = String(raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const ids = parts.map(Number);
  if (!ids.length || ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647))
    throw badRequest(STAMP_MSG.undoFailed);
  return [...new Set(ids)];
}

/**
 * DELETE /stamp/undo-destroy: the stamps of the given destroyed entries become AVAILABLE again,
 * all or nothing. The log entries are kept (the stamp record is a legal record) and marked
 * released, so they leave the current log and the destroyed list.
 */
export async function undoDestroy(db: Db, companyId: number, userId: number, ids: number[]) {
  return db.transaction(async (tx) => {
    const entries = await tx
      .select()
      .from(stampAssignments)
      .where(and(eq(stampAssignments.company_id, companyId), inArray(stampAssignments.id, ids)))
      .orderBy(asc(stampAssignments.roll_id), asc(stampAssignments.from))
      .for('update');
    if (!entries.length) throw notFound('Destroyed stamps not found');
    if (entries.length !== ids.length || entries.some((e) => e.status !== 'DESTROYED' || e.released_at))
      throw badRequest(STAMP_MSG.undoFailed);
    let restored = 0;
    for (const e of entries) {
      const back = await tx
        .update(stamps)
        .set({ status: 'AVAILABLE', invoice_id: null, assignment_id: null, updated_at: new Date() })
        .where(
          and(
            eq(stamps.roll_id, e.roll_id),
            eq(stamps.company_id, companyId),
            between(stamps.number, e.from, e.to),
            eq(stamps.status, 'DESTROYED'),
          ),
        )
        .returning({ number: stamps.number });
      // the ledger must agree with the log entry, or nothing is undone
      if (back.length !== e.to - e.from + 1) throw badRequest(STAMP_MSG.undoFailed);
      restored += back.length;
    }
    await tx
      .update(stampAssignments)
      .set({ released_at: new Date(), released_by: userId })
      .where(inArray(stampAssignments.id, ids));
    await refreshRollFinished(tx, [...new Set(entries.map((e) => e.roll_id))]);
    await recordActivity(tx, {
      companyId,
      userId,
      module: 'STAMP',
      type: 'UPDATE',
      info: { action: 'undo-destroy', ranges: entries.map((e) => rangeLabel(e.prefix, e.from, e.to)) },
    });
    return { success: true, restored, ids };
  });
}
