/**
 * The sequences' invoice, order and stamp operations: create and edit invoices (liquor, wine, beer,
 * with the right stamps or not, every status), change status, cancel, delete a cancelled one,
 * destroy and undo stamps, place, cancel and invoice an online order.
 */
import { INVOICE_STATUSES } from '@dbo/domain/constants';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { Step, always, weighted } from './invariants-step.js';
import {
  KINDS,
  type Kind,
  type World,
  InvariantError,
  availableStamps,
  call,
  invoiceStamps,
  pick,
  rows,
  toRanges,
} from './invariants-world.js';

type StampMode = 'exact' | 'none' | 'short' | 'extra';
interface LineSpec {
  kind: Kind;
  qty: number;
}

const statusArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('invoiced', 'delivered', 'draft') },
  { weight: 2, arbitrary: fc.constantFrom(...INVOICE_STATUSES) },
);
const stampModeArb: fc.Arbitrary<StampMode> = fc.oneof(
  { weight: 5, arbitrary: fc.constant('exact' as const) },
  { weight: 2, arbitrary: fc.constantFrom('none' as const, 'short' as const, 'extra' as const) },
);
/** Lines of one family mostly (liquor and wine, or beer; water rides with either), now and then a mix. */
const linesOf = (kinds: readonly Kind[], maxQty: number) =>
  fc.uniqueArray(fc.record({ kind: fc.constantFrom(...kinds), qty: fc.integer({ min: 1, max: maxQty }) }), {
    selector: (l) => l.kind,
    minLength: 1,
    maxLength: 3,
  });
const familyLines = (maxQty: number) =>
  fc.oneof(
    { weight: 6, arbitrary: linesOf(['liquor', 'liquor2', 'wine', 'water'], maxQty) },
    { weight: 2, arbitrary: linesOf(['beer', 'water'], maxQty) },
    { weight: 1, arbitrary: linesOf(KINDS, maxQty) },
  );
const linesArb = familyLines(4);
const idx = fc.nat({ max: 50 });

const need = (w: World, lines: readonly { product_id: number; qty: number }[]) =>
  lines.reduce((n, l) => {
    const type = Object.values(w.products).find((p) => p.id === l.product_id)?.type;
    return type === 'LIQUOR' && l.qty > 0 ? n + l.qty : n;
  }, 0);

/** The stamps to send: what the invoice holds first, then available ones, `mode` off the need. */
async function stampsFor(w: World, needed: number, mode: StampMode, invoiceId?: number) {
  const target =
    mode === 'exact' ? needed : mode === 'none' ? 0 : mode === 'short' ? Math.max(needed - 1, 0) : needed + 1;
  const held = invoiceId ? await invoiceStamps(w, invoiceId) : [];
  const chosen = held.slice(0, target);
  if (chosen.length < target) chosen.push(...(await availableStamps(w)).slice(0, target - chosen.length));
  return toRanges(chosen);
}

const itemsOf = (w: World, lines: readonly LineSpec[]) =>
  lines.map((l) => ({
    product_id: w.products[l.kind].id,
    qty: l.qty,
    price: w.products[l.kind].price,
    taxable: true,
    on_deal: false,
  }));

const linesText = (lines: readonly LineSpec[]) => lines.map((l) => `${l.qty} ${l.kind}`).join(' + ');

const createInvoice = fc.record({ customer: idx, lines: linesArb, status: statusArb, stamps: stampModeArb }).map(
  (p) =>
    new Step(`create invoice (${linesText(p.lines)}, ${p.status}, stamps ${p.stamps})`, always, async (m, w) => {
      const items = itemsOf(w, p.lines);
      const stamps = await stampsFor(w, need(w, items), p.stamps);
      const body = { customer: { id: pick(w.customers, p.customer) }, items, stamps, status: p.status, force: true };
      const res = await call(w, 'POST', '/invoice', body);
      if (res.status === 200) m.invoices.push(res.body.id);
    }),
);

const editInvoice = fc.record({ invoice: idx, lines: linesArb, status: statusArb, stamps: stampModeArb }).map(
  (p) =>
    new Step(
      `edit invoice #${p.invoice} (${linesText(p.lines)}, ${p.status}, stamps ${p.stamps})`,
      (m) => m.invoices.length > 0,
      async (m, w) => {
        const id = pick(m.invoices, p.invoice);
        const [inv] = await rows<{ customer_id: number }>(w, sql`select customer_id from invoices where id = ${id}`);
        if (!inv) return;
        const items = itemsOf(w, p.lines);
        const stamps = await stampsFor(w, need(w, items), p.stamps, id);
        await call(w, 'PUT', `/invoice/${id}`, {
          customer: { id: inv.customer_id },
          items,
          stamps,
          status: p.status,
        });
      },
    ),
);

const changeStatus = fc.record({ invoice: idx, status: statusArb }).map(
  (p) =>
    new Step(
      `status of invoice #${p.invoice} -> ${p.status}`,
      (m) => m.invoices.length > 0,
      async (m, w) => {
        await call(w, 'PUT', `/invoice/${pick(m.invoices, p.invoice)}`, { status: p.status });
      },
    ),
);

const cancelInvoice = idx.map(
  (i) =>
    new Step(
      `cancel invoice #${i}`,
      (m) => m.invoices.length > 0,
      async (m, w) => {
        await call(w, 'PUT', `/invoice/${pick(m.invoices, i)}`, { status: 'cancelled' });
      },
    ),
);

const deleteInvoice = idx.map(
  (i) =>
    new Step(
      `delete invoice #${i}`,
      (m) => m.invoices.length > 0,
      async (m, w) => {
        const id = pick(m.invoices, i);
        const res = await call(w, 'DELETE', `/invoice/${id}?by=id`);
        if (res.status === 200) m.invoices = m.invoices.filter((x) => x !== id);
      },
    ),
);

const destroyStamps = fc
  .record({
    roll: fc.nat({ max: 1 }),
    at: fc.nat({ max: 79 }),
    count: fc.integer({ min: 1, max: 4 }),
    reason: fc.constantFrom('lost', 'stolen', 'voided', 'destroyed'),
  })
  .map(
    (p) =>
      new Step(
        `destroy ${p.count} stamps (${p.reason}) from the ${p.at}th of roll ${p.roll}`,
        always,
        async (_m, w) => {
          const roll = w.rolls[p.roll];
          const from = roll.from + p.at;
          const to = Math.min(from + p.count - 1, roll.to);
          await call(w, 'PUT', `/stamp/roll/${roll.id}/assign`, { roll_id: roll.id, from, to, reason: p.reason });
        },
      ),
  );

const undoDestroy = idx.map(
  (i) =>
    new Step(`undo destroy #${i}`, always, async (_m, w) => {
      const list = (await call(w, 'GET', '/stamp/destroyed')).body as { id: number }[];
      if (!list.length) return;
      await call(w, 'DELETE', `/stamp/undo-destroy?ids=${pick(list, i).id}`);
    }),
);

const placeOrder = fc.record({ lines: familyLines(3), replay: fc.boolean(), salt: fc.nat({ max: 1e9 }) }).map(
  (p) =>
    new Step(
      `place order (${linesText(p.lines)}${p.replay ? ', sent twice from the outbox' : ''})`,
      always,
      async (m, w) => {
        const items = p.lines.map((l) => ({ product_id: w.products[l.kind].id, qty: l.qty }));
        // the shop's outbox sends an order with its client_id, and again when the answer was lost
        const body = { items, client_id: `order-${w.companyId}-${p.salt}` };
        const res = await call(w, 'POST', '/customer-app/order', body, 'shopper');
        if (res.status === 200) m.orders.push(res.body.id);
        if (!p.replay) return;
        const again = await call(w, 'POST', '/customer-app/order', body, 'shopper');
        if (res.status === 200 && (again.status !== 200 || again.body.id !== res.body.id))
          throw new InvariantError(`the same client_id made a second order: ${again.status} ${again.body?.id}`);
      },
    ),
);

const cancelOrder = idx.map(
  (i) =>
    new Step(
      `cancel order #${i}`,
      (m) => m.orders.length > 0,
      async (m, w) => {
        await call(w, 'PUT', `/order/${pick(m.orders, i)}`, { status: 'cancelled' });
      },
    ),
);

const invoiceOrder = fc.record({ order: idx, status: statusArb, stamps: stampModeArb }).map(
  (p) =>
    new Step(
      `invoice order #${p.order} (${p.status}, stamps ${p.stamps})`,
      (m) => m.orders.length > 0,
      async (m, w) => {
        const id = pick(m.orders, p.order);
        const lines = await rows<{ product_id: number | null; qty: number; price: string }>(
          w,
          sql`select product_id, qty, price from order_items where order_id = ${id} order by id`,
        );
        const items = lines
          .filter((l) => l.product_id !== null)
          .map((l) => ({
            product_id: l.product_id as number,
            qty: l.qty,
            price: l.price,
            taxable: true,
            on_deal: false,
          }));
        if (!items.length) return;
        const stamps = await stampsFor(w, need(w, items), p.stamps);
        const body = {
          customer: { id: w.shopperCustomer },
          order_id: id,
          items,
          stamps,
          status: p.status,
          force: true,
        };
        const res = await call(w, 'POST', '/invoice', body);
        if (res.status === 200) m.invoices.push(res.body.id);
      },
    ),
);

/** Each operation, as often as its weight (fc.commands picks among the list evenly). */
export const invoiceCommands = weighted([
  { weight: 5, arbitrary: createInvoice },
  { weight: 2, arbitrary: editInvoice },
  { weight: 2, arbitrary: changeStatus },
  { weight: 1, arbitrary: cancelInvoice },
  { weight: 1, arbitrary: deleteInvoice },
  { weight: 1, arbitrary: destroyStamps },
  { weight: 1, arbitrary: undoDestroy },
  { weight: 1, arbitrary: placeOrder },
  { weight: 1, arbitrary: cancelOrder },
  { weight: 1, arbitrary: invoiceOrder },
]);
