import { addDays, todayInTexas } from '@dbo/domain/dates';
import type { InvoiceStatus } from '@dbo/domain/constants';
import { invoiceRequestSchema, stampsNeeded } from '@dbo/domain/invoice';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../company/company.tables.js';
import { customers } from '../customers/customers.tables.js';
import { openStock } from '../inventory/inventory.ledger.js';
import { products } from '../products/products.tables.js';
import { stampRolls, stamps } from '../stamps/stamps.tables.js';
import { invoiceStatusHistory, invoices } from './invoices.tables.js';
import type { InvoiceWiring } from './invoice-hooks.js';
import { saveInvoice } from './invoice-save.service.js';
import { changeInvoiceStatus } from './invoice-status.service.js';

interface DemoInvoice {
  daysAgo: number;
  customer: number; // index into the company's customers (by id)
  items: [product: keyof typeof PRODUCT, qty: number, discount?: number][];
  status: InvoiceStatus;
  dueInDays?: number;
  note?: string;
}

/** The demo catalogue's products the invoices sell: name and size, by a short key. */
const PRODUCT = {
  titos: ["TITO'S HANDMADE VODKA", '750ML'],
  titos175: ["TITO'S HANDMADE VODKA", '1.75L'],
  balcones: ['BALCONES BABY BLUE CORN WHISKY', '750ML'],
  becker: ['BECKER VINEYARDS CABERNET SAUVIGNON', '750ML'],
  deepEddy: ['DEEP EDDY RUBY RED VODKA', '750ML'],
  dulceVida: ['DULCE VIDA BLANCO TEQUILA', '750ML'],
  garrison: ['GARRISON BROTHERS SMALL BATCH BOURBON', '750ML'],
  llano: ['LLANO ESTACADO CHARDONNAY', '750ML'],
  loneStar: ['LONE STAR BEER 30PK', '12OZ'],
  shiner: ['SHINER BOCK 24PK', '12OZ'],
  topoChico: ['TOPO CHICO MINERAL WATER 24PK', '12OZ'],
  txBlended: ['TX BLENDED WHISKEY', '750ML'],
} as const;

const DEMO_INVOICES: DemoInvoice[] = [
  {
    daysAgo: 58,
    customer: 0,
    items: [
      ['titos', 12],
      ['dulceVida', 6],
    ],
    status: 'paid',
    dueInDays: 30,
  },
  {
    daysAgo: 55,
    customer: 1,
    items: [
      ['shiner', 10],
      ['loneStar', 5],
    ],
    status: 'paid',
    dueInDays: 30,
  },
  {
    daysAgo: 49,
    customer: 2,
    items: [
      ['garrison', 3],
      ['becker', 12],
    ],
    status: 'paid',
    dueInDays: 30,
  },
  // unpaid 26 days after its due date: Billy Bob's is delinquent under the Texas credit law
  // (and on the sample TABC delinquent list); every other demo customer may still buy liquor
  {
    daysAgo: 41,
    customer: 4,
    items: [
      ['titos175', 6],
      ['deepEddy', 12],
      ['topoChico', 4],
    ],
    status: 'payment_due',
    dueInDays: 15,
  },
  {
    daysAgo: 34,
    customer: 3,
    items: [
      ['balcones', 6],
      ['shiner', 4],
    ],
    status: 'paid',
    dueInDays: 1,
    note: 'Cash on delivery',
  },
  // due yesterday: becomes delinquent under the credit law within the next days (dashboard)
  {
    daysAgo: 27,
    customer: 5,
    items: [
      ['llano', 24],
      ['becker', 12],
    ],
    status: 'payment_due',
    dueInDays: 26,
  },
  { daysAgo: 21, customer: 0, items: [['shiner', 8]], status: 'invoiced', dueInDays: 30 },
  {
    daysAgo: 16,
    customer: 2,
    items: [
      ['txBlended', 6],
      ['titos', 6],
    ],
    status: 'cancelled',
    dueInDays: 30,
  },
  {
    daysAgo: 12,
    customer: 1,
    items: [
      ['titos', 24, 1],
      ['garrison', 2],
    ],
    status: 'invoiced',
    dueInDays: 30,
  },
  { daysAgo: 7, customer: 4, items: [['loneStar', 20]], status: 'delivered', dueInDays: 14 },
  {
    daysAgo: 3,
    customer: 5,
    items: [
      ['dulceVida', 6],
      ['topoChico', 2],
    ],
    status: 'invoiced',
    dueInDays: 30,
  },
  {
    daysAgo: 1,
    customer: 0,
    items: [
      ['balcones', 4],
      ['deepEddy', 6],
    ],
    status: 'draft',
    dueInDays: 1,
    note: 'Deliver before Friday',
  },
];

/**
 * A dozen realistic invoices over the last two months, saved through the invoice service (numbers,
 * stamps from the demo roll, stock and sales counters), then back-dated; paid ones get a payment.
 */
/** A demo invoice paid in full: the payments seed records its check. */
export interface PaidDemoInvoice {
  invoiceId: number;
  customerId: number;
  amount: string;
  receivedAt: string;
}

/** The demo's invoice history; answers the invoices it shows as paid, for the payments seed. */
export async function seedDemoInvoices(w: InvoiceWiring, db: Db, companyId: number): Promise<PaidDemoInvoice[]> {
  const paid: PaidDemoInvoice[] = [];
  const [owner] = await db.select().from(users).where(eq(users.company_id, companyId)).orderBy(asc(users.id)).limit(1);
  const custs = await db.select().from(customers).where(eq(customers.company_id, companyId)).orderBy(asc(customers.id));
  const prods = await db.select().from(products).where(eq(products.company_id, companyId));
  const [roll] = await db
    .select()
    .from(stampRolls)
    .where(and(eq(stampRolls.company_id, companyId), eq(stampRolls.active, true)))
    .orderBy(asc(stampRolls.id))
    .limit(1);
  if (!owner || custs.length < 6 || !prods.length) return paid;
  const actor = { companyId, userId: owner.id, role: owner.role };

  // opening stock before the invoices take from it (kept when the inventory seed made rows already);
  // two products are left short so the stock markers show in the builder
  await openStock(db, {
    companyId,
    userId: owner.id,
    at: new Date(Date.now() - 62 * 86_400_000),
    items: prods.map((p, i) => ({
      product_id: p.id,
      qty: p.product.startsWith('TX BLENDED') ? 14 : p.product.startsWith('GARRISON') ? 8 : 96 + (i % 4) * 24,
      reorder_level: p.reorder_level,
      reorder_qty: p.reorder_qty,
      reorder_time_in_days: p.reorder_time_in_days,
      distributor: p.distributor,
    })),
  });
  const today = todayInTexas();

  for (const d of DEMO_INVOICES) {
    const lines = d.items
      .map(([key, qty, discount]) => {
        const [name, size] = PRODUCT[key];
        const p = prods.find((x) => x.product === name && x.product_size === size);
        return p ? { p, qty, price: (Number(p.product_price) - (discount ?? 0)).toFixed(2) } : null;
      })
      .filter((x) => x !== null);
    if (!lines.length) continue;
    const need = stampsNeeded(lines.map((l) => ({ product_type: l.p.product_type, qty: l.qty })));
    const stampRanges = [];
    if (need > 0 && roll) {
      const free = await db
        .select({ number: stamps.number })
        .from(stamps)
        .where(and(eq(stamps.roll_id, roll.id), eq(stamps.status, 'AVAILABLE')))
        .orderBy(asc(stamps.number))
        .limit(1);
      if (free[0]) stampRanges.push({ roll_id: roll.id, from: free[0].number, to: free[0].number + need - 1 });
    }
    const invoicedAt = addDays(today, -d.daysAgo);
    const body = invoiceRequestSchema.parse({
      customer: { id: custs[d.customer].id },
      items: lines.map((l) => ({
        product_id: l.p.id,
        qty: l.qty,
        price: Number(l.price),
        taxable: l.p.product_type !== 'N/A',
      })),
      stamps: stampRanges,
      note: d.note ?? '',
      status: d.status === 'cancelled' ? 'invoiced' : d.status,
      invoiced_at: invoicedAt,
      due_at: d.dueInDays === undefined ? null : addDays(invoicedAt, d.dueInDays),
      force: true,
    });
    // the due date of old invoices may be in the past; the +30 days limit is about the future
    // recorded history: the rules on new sales (credit-law refusal) do not apply to it
    const { detail } = await saveInvoice(w, db, actor, body, undefined, { history: true });
    if (d.status === 'cancelled') await changeInvoiceStatus(w, db, actor, detail.id, { status: 'cancelled' });
    if (d.status === 'paid')
      paid.push({
        invoiceId: detail.id,
        customerId: body.customer.id,
        amount: String(detail.total),
        receivedAt: addDays(invoicedAt, Math.min(d.dueInDays ?? 7, d.daysAgo)),
      });
    // back-date the records to the invoice date (mid-morning in Texas)
    const at = sql`(${invoicedAt}::date + time '10:30') at time zone 'America/Chicago'`;
    // a paid one is paid in full: the payments seed records the check (its allocation is this total)
    const paidTotal = d.status === 'paid' ? { paid_total: String(detail.total) } : {};
    await db
      .update(invoices)
      .set({ created_at: at, updated_at: at, ...paidTotal })
      .where(eq(invoices.id, detail.id));
    await db
      .update(invoiceStatusHistory)
      .set({ created_at: at })
      .where(and(eq(invoiceStatusHistory.invoice_id, detail.id), sql`${invoiceStatusHistory.old_status} is null`));
  }
  return paid;
}
