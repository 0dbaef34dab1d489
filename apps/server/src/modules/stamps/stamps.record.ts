/**
 * The stamp transaction record (issue 16): derived from the ledger's history, never stored apart.
 *
 * Sources: rolls (RECEIVED on their receipt day) and the stamp log (`stamp_assignments`), whose
 * entries are kept when their stamps go back to stock (`released_at`). So an invoice entry is an
 * affixing at `logged_at` and a return to stock at `released_at`; a destroy entry takes the stamps
 * out at `logged_at` under its reason and gives them back at `released_at` (undone). One save of an
 * invoice closes its old entries and logs its new ones at the same instant: grouping by invoice and
 * instant, stamps kept by an edit are neither returned nor affixed again, and a cancel shows as the
 * return it caused.
 *
 * The quantity on hand: stamps of rolls received so far less those in entries not yet released.
 * At the end of the record (up to today) it equals the ledger's AVAILABLE count.
 */
import {
  DESTROY_REASON_LABEL,
  destroyKind,
  invoiceChange,
  monthRange,
  RECORD_KIND_LABEL,
  type RecordKind,
  recordEntries,
  serialRanges,
  serialText,
  type StampMonthly,
  type StampRecord,
  type StampRecordLine,
  withOnHand,
} from '@dbo/domain/stamp-record';
import { invoiceNumberLabel } from '@dbo/domain/stamps';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { csvLine } from '../../lib/csv.js';
import { getCompany } from '../company/company.service.js';
import { destroyReason } from './stamps.destroy.js';

const TX_DAY = (col: string) => sql.raw(`((${col}) at time zone 'America/Chicago')::date`);
/** the same as text, so no driver turns it into a Date at the server's midnight */
const TX_DAY_TEXT = (col: string) => sql.raw(`((${col}) at time zone 'America/Chicago')::date::text`);
/** the day a roll enters the stock: its receipt day, or its registration day when that is earlier */
const ROLL_DAY = sql.raw(`least(r.received_at, (r.created_at at time zone 'America/Chicago')::date)`);

interface EntryRow {
  id: number;
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  status: string;
  reason: string | null;
  note: string;
  invoice_id: number | null;
  logged_at: Date | string;
  released_at: Date | string | null;
  logged_day: string;
  released_day: string | null;
  inv_number: number | null;
  inv_beer: boolean | null;
  inv_date: string | null;
  inv_status: string | null;
  inv_signed: boolean | null;
  trade_name: string | null;
  permit: string | null;
  replaces_prefix: string | null;
  replaces_number: number | null;
}

type Line = Omit<StampRecordLine, 'on_hand'> & { order: number; seq: number };

const day = (v: unknown) => String(v).slice(0, 10);
const ms = (v: Date | string) => new Date(v).getTime();

/** Stock before `from`: stamps received before it less those out (affixed or destroyed) at its start. */
async function openingOnHand(db: DbOrTx, companyId: number, from: string): Promise<number> {
  const [row] = rowsOf<{ received: number; out: number }>(
    await db.execute(sql`
      select
        (select coalesce(sum(r."to" - r."from" + 1), 0)::int from stamp_rolls r
          where r.company_id = ${companyId} and ${ROLL_DAY} < ${from}::date) as received,
        (select coalesce(sum(a."to" - a."from" + 1), 0)::int from stamp_assignments a
          where a.company_id = ${companyId} and ${TX_DAY('a.logged_at')} < ${from}::date
            and (a.released_at is null or ${TX_DAY('a.released_at')} >= ${from}::date)) as out`),
  );
  return Number(row?.received ?? 0) - Number(row?.out ?? 0);
}

/** Every transaction line between the two days (Texas), in order, without the running on-hand. */
async function recordLines(db: DbOrTx, companyId: number, from: string, to: string): Promise<Line[]> {
  const rolls = rowsOf<{ id: number; prefix: string; from: number; to: number; day: string; created_at: Date }>(
    await db.execute(sql`
      select r.id, r.prefix, r."from", r."to", ${ROLL_DAY}::text as day, r.created_at from stamp_rolls r
      where r.company_id = ${companyId} and ${ROLL_DAY} between ${from}::date and ${to}::date
      order by day, r.id`),
  );
  const entries = rowsOf<EntryRow>(
    await db.execute(sql`
      select a.id, a.roll_id, a.prefix, a."from", a."to", a.status, a.reason, a.note, a.invoice_id,
        a.logged_at, a.released_at,
        ${TX_DAY_TEXT('a.logged_at')} as logged_day, ${TX_DAY_TEXT('a.released_at')} as released_day,
        i.number as inv_number, i.beer as inv_beer, i.invoiced_at::text as inv_date, i.status as inv_status,
        (i.signed_at is not null) as inv_signed,
        c.name as trade_name, c.tabc_id as permit,
        rr.prefix as replaces_prefix, a.replaces_number
      from stamp_assignments a
      left join invoices i on i.id = a.invoice_id
      left join customers c on c.id = i.customer_id
      left join stamp_rolls rr on rr.id = a.replaces_roll_id
      where a.company_id = ${companyId}
        and (${TX_DAY('a.logged_at')} between ${from}::date and ${to}::date
          or ${TX_DAY('a.released_at')} between ${from}::date and ${to}::date)
      order by a.id`),
  );

  const lines: Line[] = [];
  let seq = 0;
  const base = {
    invoice_id: null,
    invoice_number: null,
    invoice_date: null,
    signed: false,
    trade_name: null,
    permit: null,
    replaces: null,
    note: '',
  };
  for (const r of rolls) {
    const count = r.to - r.from + 1;
    lines.push({
      ...base,
      date: day(r.day),
      at: new Date(r.created_at),
      kind: 'RECEIVED',
      quantity: count,
      ranges: [{ roll_id: r.id, prefix: r.prefix, from: r.from, to: r.to, count }],
      serials: serialText([r]),
      note: 'Roll registered',
      order: 0,
      seq: seq++,
    });
  }

  // invoice saves: grouped by invoice and instant, with the stamps before and after
  const saves = new Map<string, { at: Date; date: string; before: EntryRow[]; after: EntryRow[]; sample: EntryRow }>();
  const save = (e: EntryRow, at: Date | string, date: string) => {
    const key = `${e.invoice_id ?? `x${e.id}`}:${ms(at)}`;
    const s = saves.get(key) ?? { at: new Date(at), date, before: [], after: [], sample: e };
    saves.set(key, s);
    return s;
  };
  const prefixOf = new Map<number, string>();
  for (const e of entries) {
    prefixOf.set(e.roll_id, e.prefix);
    const loggedIn = day(e.logged_day) >= from && day(e.logged_day) <= to;
    const releasedIn = !!e.released_day && day(e.released_day) >= from && day(e.released_day) <= to;
    if (e.status === 'INVOICED') {
      if (loggedIn) save(e, e.logged_at, day(e.logged_day)).after.push(e);
      if (releasedIn && e.released_at) save(e, e.released_at, day(e.released_day)).before.push(e);
      continue;
    }
    const count = e.to - e.from + 1;
    const ranges = [{ roll_id: e.roll_id, prefix: e.prefix, from: e.from, to: e.to, count }];
    const replaces = e.replaces_number === null ? null : `${e.replaces_prefix ?? ''}${e.replaces_number}`;
    if (loggedIn)
      lines.push({
        ...base,
        date: day(e.logged_day),
        at: new Date(e.logged_at),
        kind: destroyKind(destroyReason(e.reason)),
        quantity: count,
        ranges,
        serials: serialText(ranges),
        replaces,
        note: e.note,
        order: 1,
        seq: seq++,
      });
    if (releasedIn && e.released_at)
      lines.push({
        ...base,
        date: day(e.released_day),
        at: new Date(e.released_at),
        kind: 'RESTORED',
        quantity: count,
        ranges,
        serials: serialText(ranges),
        note: `${DESTROY_REASON_LABEL[destroyReason(e.reason)]} entry undone`,
        order: 1,
        seq: seq++,
      });
  }

  for (const s of saves.values()) {
    const change = invoiceChange(s.before, s.after);
    const inv = s.sample;
    const invoice = {
      invoice_id: inv.invoice_id,
      invoice_number: inv.inv_number === null ? null : invoiceNumberLabel(inv.inv_number, !!inv.inv_beer),
      invoice_date: inv.inv_date === null ? null : day(inv.inv_date),
      signed: !!inv.inv_signed,
      trade_name: inv.trade_name,
      permit: inv.permit,
    };
    const toStamps = (keys: string[]) =>
      keys.map((k) => {
        const [roll, number] = k.split(':').map(Number);
        return { roll_id: roll, prefix: prefixOf.get(roll) ?? '', number };
      });
    const push = (kind: RecordKind, keys: string[], note: string, sub: number) => {
      if (!keys.length) return;
      const ranges = serialRanges(toStamps(keys));
      lines.push({
        ...base,
        ...invoice,
        date: s.date,
        at: s.at,
        kind,
        quantity: keys.length,
        ranges,
        serials: serialText(ranges),
        note,
        order: 1,
        seq: seq++ + sub,
      });
    };
    const why = !s.after.length && inv.inv_status === 'cancelled' ? 'Invoice cancelled' : 'Invoice edited';
    // returns first: the stamps are back before the new ones go out
    push('RETURNED', change.returned, why, 0);
    push('AFFIXED', change.affixed, s.before.length ? 'Invoice edited' : '', 0.5);
  }

  return lines.sort(
    (a, b) => a.date.localeCompare(b.date) || a.order - b.order || ms(a.at) - ms(b.at) || a.seq - b.seq,
  );
}

/** GET /stamp/record: one entry per date with any stamp transaction, running on-hand included. */
export async function stampRecord(db: DbOrTx, companyId: number, from: string, to: string): Promise<StampRecord> {
  const company = await getCompany(db, companyId);
  const opening = await openingOnHand(db, companyId, from);
  const lines = withOnHand(
    opening,
    (await recordLines(db, companyId, from, to)).map(({ order: _o, seq: _s, ...l }) => l),
  );
  return {
    from,
    to,
    company: { name: company.name, permit: company.tabc_id },
    opening_on_hand: opening,
    closing_on_hand: lines.at(-1)?.on_hand ?? opening,
    entries: recordEntries(lines, opening),
  };
}

export const STAMP_RECORD_CSV_HEADER = [
  'Date',
  'Transaction',
  'Quantity',
  'Serial Numbers',
  'Invoice Date',
  'Invoice',
  'Retailer Trade Name',
  'Retailer Permit',
  'Replaces',
  'Note',
  'On Hand',
] as const;

export function stampRecordCsv(r: StampRecord): string {
  const out = [
    csvLine(STAMP_RECORD_CSV_HEADER),
    csvLine([r.from, 'Opening on hand', '', '', '', '', '', '', '', '', r.opening_on_hand]),
  ];
  for (const e of r.entries)
    for (const l of e.lines)
      out.push(
        csvLine([
          l.date,
          RECORD_KIND_LABEL[l.kind],
          l.quantity,
          l.serials,
          l.invoice_date ?? '',
          l.invoice_number ? `${l.invoice_number}${l.signed ? ' (signed)' : ''}` : '',
          l.trade_name ?? '',
          l.permit ?? '',
          l.replaces ?? '',
          l.note,
          l.on_hand,
        ]),
      );
  return `${out.join('\r\n')}\r\n`;
}

// ---- monthly report ------------------------------------------------------------------------------

/**
 * Stamps affixed in a month, per roll: a stamp whose last move in the month was an affixing counts
 * as affixed (once, even when it went from one invoice to another); one whose last move was a
 * return to stock counts as returned.
 */
export async function stampMonthly(db: DbOrTx, companyId: number, month: string): Promise<StampMonthly> {
  const { from, to } = monthRange(month);
  const company = await getCompany(db, companyId);
  const lines = await recordLines(db, companyId, from, to);
  const last = new Map<string, { roll_id: number; prefix: string; number: number; kind: RecordKind }>();
  for (const l of lines)
    for (const r of l.ranges)
      for (let n = r.from; n <= r.to; n++)
        last.set(`${r.roll_id}:${n}`, { roll_id: r.roll_id, prefix: r.prefix, number: n, kind: l.kind });
  const byRoll = new Map<number, { prefix: string; affixed: number[]; returned: number[] }>();
  for (const s of last.values()) {
    if (s.kind !== 'AFFIXED' && s.kind !== 'RETURNED') continue;
    const r = byRoll.get(s.roll_id) ?? { prefix: s.prefix, affixed: [], returned: [] };
    (s.kind === 'AFFIXED' ? r.affixed : r.returned).push(s.number);
    byRoll.set(s.roll_id, r);
  }
  const rows = [...byRoll.entries()]
    .map(([roll_id, r]) => {
      const affixed = serialRanges(r.affixed.map((number) => ({ roll_id, prefix: r.prefix, number })));
      const returned = serialRanges(r.returned.map((number) => ({ roll_id, prefix: r.prefix, number })));
      const lo = Math.min(...r.affixed, ...r.returned);
      return {
        roll_id,
        prefix: r.prefix,
        roll: `${r.prefix}${lo}`,
        affixed: r.affixed.length,
        affixed_serials: serialText(affixed),
        returned: r.returned.length,
        returned_serials: serialText(returned),
        net: r.affixed.length - r.returned.length,
      };
    })
    .sort((a, b) => a.prefix.localeCompare(b.prefix) || a.roll_id - b.roll_id);
  const rollNames = rowsOf<{ id: number; prefix: string; from: number; to: number }>(
    rows.length
      ? await db.execute(sql`select id, prefix, "from", "to" from stamp_rolls where company_id = ${companyId}`)
      : [],
  );
  for (const row of rows) {
    const r = rollNames.find((x) => Number(x.id) === row.roll_id);
    if (r) row.roll = serialText([r]);
  }
  return {
    month,
    from,
    to,
    company: { name: company.name, permit: company.tabc_id },
    rows,
    total_affixed: rows.reduce((s, r) => s + r.affixed, 0),
    total_returned: rows.reduce((s, r) => s + r.returned, 0),
  };
}

export const STAMP_MONTHLY_CSV_HEADER = [
  'Month',
  'Roll',
  'Affixed',
  'Affixed Serial Numbers',
  'Returned',
  'Returned Serial Numbers',
  'Net',
] as const;

export function stampMonthlyCsv(m: StampMonthly): string {
  const out = [csvLine(STAMP_MONTHLY_CSV_HEADER)];
  for (const r of m.rows)
    out.push(csvLine([m.month, r.roll, r.affixed, r.affixed_serials, r.returned, r.returned_serials, r.net]));
  out.push(csvLine([m.month, 'Total', m.total_affixed, '', m.total_returned, '', m.total_affixed - m.total_returned]));
  return `${out.join('\r\n')}\r\n`;
}
