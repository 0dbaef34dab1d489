/**
 * The sequences' delivery operations: put an invoice on today's route, and complete its stop as
 * the phone does (some lines short, a payment collected at the door, the same `client_id` sent
 * again as a phone on a bad network would). A completion moves the invoice to delivered, turns
 * short lines into a credit memo (stock back) and the collected money into a customer payment,
 * so every money, stamp and stock invariant is checked after it like after any other write.
 */
import { todayInTexas } from '@dbo/domain/dates';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { Step, always } from './invariants-step.js';
import { InvariantError, type World, call, cents, dollars, pick, read, rows } from './invariants-world.js';

const idx = fc.nat({ max: 50 });
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The owner drives (owners may): the driver the routes name. */
async function driverOf(w: World) {
  if (w.driverId === undefined) {
    const drivers = await read<{ id: number }[]>(w, '/delivery/drivers');
    w.driverId = drivers[0].id;
  }
  return w.driverId;
}

const route = idx.map(
  (i) =>
    new Step(`put invoice #${i} on today's route`, always, async (m, w) => {
      const id = pick(m.invoices, i);
      const res = await call(w, 'POST', '/delivery/route', {
        date: todayInTexas(),
        driver_user_id: await driverOf(w),
        invoice_ids: [id],
      });
      if (res.status === 200 && !m.routed.includes(id)) m.routed.push(id);
    }),
);

type PayMode = 'none' | 'owed' | 'part' | 'over';

const complete = fc
  .record({
    stop: idx,
    short: fc.nat({ max: 3 }),
    pay: fc.constantFrom<PayMode>('none', 'owed', 'part', 'over'),
    check: fc.boolean(),
    replay: fc.boolean(),
    salt: fc.nat({ max: 9999 }),
  })
  .map(
    (p) =>
      new Step(
        `complete the stop of routed invoice #${p.stop} (${p.short} short, pay ${p.pay}${p.replay ? ', sent twice' : ''})`,
        (m) => m.routed.length > 0,
        async (m, w) => {
          const id = pick(m.routed, p.stop);
          const items = await rows<{ id: number; qty: number }>(
            w,
            sql`select id, qty from invoice_items where invoice_id = ${id} order by id`,
          );
          const [inv] = await rows<{ open: string }>(
            w,
            sql`select total - paid_total as open from invoices where id = ${id}`,
          );
          const owed = inv ? Math.max(cents(inv.open), 0) : 0;
          // the first line handed over short by up to `short` units (never below 0)
          const first = items[0];
          const lines =
            first && p.short > 0
              ? [{ item_id: first.id, delivered_qty: Math.max(first.qty - p.short, 0), reason: 'Damaged case' }]
              : undefined;
          const amount = p.pay === 'owed' ? owed : p.pay === 'part' ? Math.floor(owed / 2) : owed + 1 + p.salt;
          const payment =
            p.pay === 'none' || amount <= 0
              ? null
              : {
                  method: p.check ? 'check' : 'cash',
                  amount: Number(dollars(amount)),
                  reference: p.check ? '4471' : '',
                };
          const body = {
            client_id: `stop-${w.companyId}-${id}-${p.salt}`,
            received_by: 'Dana at the bar',
            signature_png: PNG,
            lines,
            payment,
            completed_at: new Date().toISOString(),
          };
          const res = await call(w, 'POST', `/delivery/stop/${id}/complete`, body);
          // the money collected at the door is a payment of the amount the phone sent
          if (res.status === 200 && res.body.payment_id && payment)
            m.received.set(res.body.payment_id, cents(payment.amount));
          if (!p.replay) return;
          const again = await call(w, 'POST', `/delivery/stop/${id}/complete`, body);
          if (res.status === 200 && (again.status !== 200 || again.body.payment_id !== res.body.payment_id))
            throw new InvariantError(
              `the same client_id completed the stop twice: ${again.status} payment ${again.body?.payment_id}`,
            );
        },
      ),
  );

export const deliveryCommands = [route, complete];
