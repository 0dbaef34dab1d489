/**
 * Roll reconciliation (issue 16): per roll, stamps received (its size), affixed and destroyed by
 * reason (from the stamp log's entries in force) and on hand (the ledger's AVAILABLE stamps). They
 * must add up to the roll's size, and the log must agree with the ledger's own status counts; a
 * roll that does not is `balanced: false` (the screen shows it in red).
 */
import {
  DESTROY_REASONS,
  type DestroyReason,
  reconcileRoll,
  type RollReconciliation,
  serialText,
} from '@dbo/domain/stamp-record';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { destroyReason } from './stamps.destroy.js';

export async function rollReconciliation(db: DbOrTx, companyId: number) {
  const rolls = rowsOf<{ id: number; prefix: string; from: number; to: number; received_at: string }>(
    await db.execute(sql`
      select id, prefix, "from", "to", received_at::text as received_at from stamp_rolls
      where company_id = ${companyId} order by received_at, id`),
  );
  const ledger = rowsOf<{ roll_id: number; status: string; n: number }>(
    await db.execute(sql`
      select roll_id, status, count(*)::int as n from stamps where company_id = ${companyId}
      group by roll_id, status`),
  );
  const log = rowsOf<{ roll_id: number; status: string; reason: string | null; n: number }>(
    await db.execute(sql`
      select roll_id, status, reason, sum("to" - "from" + 1)::int as n from stamp_assignments
      where company_id = ${companyId} and released_at is null
      group by roll_id, status, reason`),
  );
  const rows: RollReconciliation[] = rolls.map((r) => {
    const id = Number(r.id);
    const count = (status: string) =>
      ledger.filter((l) => Number(l.roll_id) === id && l.status === status).reduce((s, l) => s + Number(l.n), 0);
    const mine = log.filter((l) => Number(l.roll_id) === id);
    const destroyed = Object.fromEntries(DESTROY_REASONS.map((k) => [k, 0])) as Record<DestroyReason, number>;
    for (const l of mine.filter((x) => x.status === 'DESTROYED')) destroyed[destroyReason(l.reason)] += Number(l.n);
    const affixed = mine.filter((x) => x.status === 'INVOICED').reduce((s, l) => s + Number(l.n), 0);
    const size = r.to - r.from + 1;
    const on_hand = count('AVAILABLE');
    const sums = reconcileRoll({
      size,
      affixed,
      destroyed,
      on_hand,
      ledger: { affixed: count('INVOICED'), destroyed: count('DESTROYED') },
    });
    return {
      roll_id: id,
      prefix: r.prefix,
      from: r.from,
      to: r.to,
      serials: serialText([r]),
      received_at: r.received_at,
      size,
      affixed,
      destroyed,
      on_hand,
      ...sums,
    };
  });
  return { rows, balanced: rows.every((r) => r.balanced) };
}
