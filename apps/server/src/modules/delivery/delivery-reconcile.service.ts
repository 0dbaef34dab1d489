/**
 * Day-end reconciliation: per driver, the cash and the checks collected at the door that the
 * driver hands in, against what the COD invoices on their routes were owed (short: owed at a
 * completed stop and not collected), and the goods that came back on the truck (short or refused
 * lines credited at the door).
 */
import { centsToString, toCents } from '@dbo/domain/money';
import type { DbOrTx } from '../../db/client.js';
import { routesOn } from './delivery-read.service.js';

export async function reconciliation(db: DbOrTx, companyId: number, date: string) {
  const routes = await routesOn(db, companyId, date);
  const byDriver = new Map<
    string,
    {
      driver_user_id: number | null;
      driver_name: string;
      routes: number;
      expected: number;
      cash: number;
      checks: number;
      check_list: { invoice: string; amount: number; reference: string }[];
      short: number;
      stops_open: number;
      returns: number;
      return_list: { invoice: string; amount: number; reason: string }[];
    }
  >();
  for (const r of routes) {
    const key = String(r.driver_user_id ?? 'none');
    const d = byDriver.get(key) ?? {
      driver_user_id: r.driver_user_id,
      driver_name: r.driver_name,
      routes: 0,
      expected: 0,
      cash: 0,
      checks: 0,
      check_list: [],
      short: 0,
      stops_open: 0,
      returns: 0,
      return_list: [],
    };
    d.routes++;
    d.expected += toCents(r.progress.cod_expected);
    d.short += toCents(r.progress.cod_short);
    d.stops_open += r.progress.stops - r.progress.stops_done;
    for (const s of r.stops)
      for (const inv of s.invoices) {
        if (inv.credit_memo_total !== null) {
          d.returns += toCents(inv.credit_memo_total);
          d.return_list.push({
            invoice: inv.number_label,
            amount: inv.credit_memo_total,
            reason: inv.lines
              .filter((l) => l.reason)
              .map((l) => `${l.product_name}: ${l.delivered_qty} of ${l.qty} (${l.reason})`)
              .join('; '),
          });
        }
        if (!inv.payment) continue;
        const c = toCents(inv.payment.amount);
        if (inv.payment.method === 'cash') d.cash += c;
        else {
          d.checks += c;
          d.check_list.push({
            invoice: inv.number_label,
            amount: inv.payment.amount,
            reference: inv.payment.reference,
          });
        }
      }
    byDriver.set(key, d);
  }
  const money = (c: number) => Number(centsToString(c));
  return [...byDriver.values()].map((d) => ({
    driver_user_id: d.driver_user_id,
    driver_name: d.driver_name,
    routes: d.routes,
    cod_expected: money(d.expected),
    cash: money(d.cash),
    checks: money(d.checks),
    check_list: d.check_list,
    // what the driver should have brought back and did not: a stop still open is not short yet
    // (its COD is in cod_expected and the stop in stops_open)
    short: money(d.short),
    stops_open: d.stops_open,
    returns: money(d.returns),
    return_list: d.return_list,
  }));
}
