import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

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
