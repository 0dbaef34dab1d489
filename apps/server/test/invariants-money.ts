/**
 * The sequences' money and stock operations: add, edit and delete payments (overpayments too), a
 * customer payment with or without allocations, apply credit, a credit memo, restock, edit
 * inventory, delete a customer.
 */
import { todayInTexas } from '@dbo/domain/dates';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { Step, always, weighted } from './invariants-step.js';
import { KINDS, type World, call, cents, dollars, pick, rows } from './invariants-world.js';

const idx = fc.nat({ max: 50 });
type AmountMode = 'part' | 'exact' | 'over' | 'cent' | 'huge';
const amountArb: fc.Arbitrary<AmountMode> = fc.constantFrom('part', 'exact', 'over', 'cent', 'huge');

/** An amount relative to what is open: a part of it, all of it, more, a cent, or far too much. */
function amountFor(mode: AmountMode, openCents: number, salt: number) {
  const open = Math.max(openCents, 0);
  const c =
    mode === 'part'
      ? Math.max(1, Math.floor((open * ((salt % 9) + 1)) / 10))
      : mode === 'exact'
        ? Math.max(open, 1)
        : mode === 'over'
          ? open + 1 + salt * 137
          : mode === 'cent'
            ? 1
            : 9_999_900;
  return Number(dollars(c));
}

async function openOf(w: World, invoiceId: number) {
  const [r] = await rows<{ open: string }>(
    w,
    sql`select total - paid_total as open from invoices where id = ${invoiceId}`,
  );
  return r ? cents(r.open) : 0;
}

const addPayment = fc.record({ invoice: idx, mode: amountArb, salt: fc.nat({ max: 99 }) }).map(
  (p) =>
    new Step(
      `pay invoice #${p.invoice} (${p.mode})`,
      (m) => m.invoices.length > 0,
      async (m, w) => {
        const id = pick(m.invoices, p.invoice);
        const amount = amountFor(p.mode, await openOf(w, id), p.salt);
        const res = await call(w, 'POST', `/invoice/${id}/payment`, { amount, received_at: todayInTexas() });
        if (res.status !== 200) return;
        m.payments.push([id, res.body.id]);
        m.received.set(res.body.id, cents(amount));
      },
    ),
);

const editPayment = fc.record({ payment: idx, mode: amountArb, salt: fc.nat({ max: 99 }) }).map(
  (p) =>
    new Step(
      `edit payment #${p.payment} (${p.mode})`,
      (m) => m.payments.length > 0,
      async (m, w) => {
        const [invoiceId, paymentId] = pick(m.payments, p.payment);
        const amount = amountFor(p.mode, await openOf(w, invoiceId), p.salt);
        const res = await call(w, 'PUT', `/invoice/${invoiceId}/payment/${paymentId}`, {
          amount,
          received_at: todayInTexas(),
        });
        if (res.status === 200) m.received.set(paymentId, cents(amount));
      },
    ),
);

const deletePayment = idx.map(
  (i) =>
    new Step(
      `delete payment #${i}`,
      (m) => m.payments.length > 0,
      async (m, w) => {
        const [invoiceId, paymentId] = pick(m.payments, i);
        const res = await call(w, 'DELETE', `/invoice/${invoiceId}/payment/${paymentId}`);
        if (res.status !== 200) return;
        m.payments = m.payments.filter(([, x]) => x !== paymentId);
        m.received.delete(paymentId);
      },
    ),
);

const customerPayment = fc
  .record({
    customer: idx,
    amount: fc.integer({ min: 1, max: 60_000 }),
    allocate: fc.constantFrom('oldest first', 'one invoice', 'too much'),
  })
  .map(
    (p) =>
      new Step(`customer #${p.customer} pays ${dollars(p.amount)} (${p.allocate})`, always, async (m, w) => {
        const customer = pick(w.customers, p.customer);
        const body: Record<string, unknown> = {
          amount: Number(dollars(p.amount)),
          method: 'check',
          paid_at: todayInTexas(),
        };
        if (p.allocate !== 'oldest first') {
          const rec = await call(w, 'GET', `/customer/${customer}/receivable`);
          const open = (rec.body?.open_invoices ?? []) as { id: number; open: number }[];
          if (open.length) {
            const inv = pick(open, p.amount);
            const want = p.allocate === 'too much' ? cents(inv.open) + 1 : Math.min(cents(inv.open), p.amount);
            body.allocations = [{ invoice_id: inv.id, amount: Number(dollars(Math.max(want, 1))) }];
          }
        }
        const res = await call(w, 'POST', `/customer/${customer}/payment`, body);
        if (res.status !== 200) return;
        m.customerPayments.push([customer, res.body.id]);
        m.received.set(res.body.id, p.amount);
      }),
  );

const deleteCustomerPayment = idx.map(
  (i) =>
    new Step(
      `delete customer payment #${i}`,
      (m) => m.customerPayments.length > 0,
      async (m, w) => {
        const [customer, paymentId] = pick(m.customerPayments, i);
        const res = await call(w, 'DELETE', `/customer/${customer}/payment/${paymentId}`);
        if (res.status !== 200) return;
        m.customerPayments = m.customerPayments.filter(([, x]) => x !== paymentId);
        m.received.delete(paymentId);
      },
    ),
);

const applyCredit = idx.map(
  (i) =>
    new Step(`apply credit of customer #${i}`, always, async (_m, w) => {
      await call(w, 'POST', `/customer/${pick(w.customers, i)}/credit/apply`, {});
    }),
);

const creditMemo = fc.record({ invoice: idx, line: idx, qty: fc.integer({ min: 1, max: 5 }) }).map(
  (p) =>
    new Step(
      `credit memo on invoice #${p.invoice} (${p.qty} of line ${p.line})`,
      (m) => m.invoices.length > 0,
      async (m, w) => {
        const id = pick(m.invoices, p.invoice);
        const lines = await rows<{ product_id: number | null }>(
          w,
          sql`select product_id from invoice_items where invoice_id = ${id} and product_id is not null order by position`,
        );
        if (!lines.length) return;
        const productId = pick(lines, p.line).product_id;
        await call(w, 'POST', `/invoice/${id}/credit-memo`, {
          items: [{ product_id: productId, qty: p.qty }],
          reason: 'Broken bottles',
        });
      },
    ),
);

const restock = fc
  .record({
    kind: fc.constantFrom(...KINDS),
    qty: fc.integer({ min: 1, max: 24 }),
    price: fc.integer({ min: 0, max: 5000 }),
  })
  .map(
    (p) =>
      new Step(`restock ${p.qty} ${p.kind}`, always, async (_m, w) => {
        await call(w, 'PUT', '/inventory', {
          items: [{ product_id: w.products[p.kind].id, qty: p.qty, unit_price: Number(dollars(p.price)) }],
          ref_number: 'PO-1',
          distributor: 'Republic National',
        });
      }),
  );

const editInventory = fc.record({ kind: fc.constantFrom(...KINDS), qty: fc.integer({ min: 0, max: 60 }) }).map(
  (p) =>
    new Step(`set stock of ${p.kind} to ${p.qty}`, always, async (_m, w) => {
      const [item] = await rows<{ id: number }>(
        w,
        sql`select id from inventory where product_id = ${w.products[p.kind].id}`,
      );
      if (item) await call(w, 'PUT', `/inventory/${item.id}`, { qty: p.qty });
    }),
);

const deleteCustomer = idx.map(
  (i) =>
    new Step(`delete customer #${i}`, always, async (_m, w) => {
      await call(w, 'DELETE', `/customer/${pick(w.customers, i)}`);
    }),
);

export const moneyCommands = weighted([
  { weight: 4, arbitrary: addPayment },
  { weight: 2, arbitrary: editPayment },
  { weight: 1, arbitrary: deletePayment },
  { weight: 2, arbitrary: customerPayment },
  { weight: 1, arbitrary: deleteCustomerPayment },
  { weight: 1, arbitrary: applyCredit },
  { weight: 2, arbitrary: creditMemo },
  { weight: 1, arbitrary: restock },
  { weight: 1, arbitrary: editInventory },
  { weight: 1, arbitrary: deleteCustomer },
]);
