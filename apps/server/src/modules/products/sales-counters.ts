/**
 * The products' sales counters (units and amounts sold), moved by the invoices' stock step
 * (inventory's `applyDifference`) inside the invoice's transaction.
 */
import { centsToString } from '@dbo/domain/money';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from './products.tables.js';

/**
 * The products' units and amounts sold, in one statement whatever the number of lines: the rows
 * are locked in id order first (so concurrent invoices cannot deadlock), then updated together.
 */
export async function addToSalesCounters(
  tx: Tx,
  companyId: number,
  changes: { productId: number; dq: number; dc: number }[],
) {
  if (changes.length === 0) return;
  const values = sql.join(
    changes.map((c) => sql`(${c.productId}::int, ${c.dq}::int, ${centsToString(c.dc)}::numeric)`),
    sql`, `,
  );
  // the rows are locked in id order by the materialized CTE before the update touches them
  await tx.execute(sql`
    with v(id, dq, dc) as (values ${values}),
    locked as materialized (
      select ${products.id} as id from ${products}
      where ${products.id} in (select id from v) and ${products.company_id} = ${companyId}
      order by ${products.id} for update
    )
    update ${products} set units_sold = ${products.units_sold} + v.dq, amount_sold = ${products.amount_sold} + v.dc
    from v join locked on locked.id = v.id
    where ${products.id} = v.id and ${products.company_id} = ${companyId}`);
}
