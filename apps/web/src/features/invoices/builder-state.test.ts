import type { OrderOut } from '@dbo/domain/order';
import { INVOICE_MSG } from '@dbo/domain/invoice';
import { describe, expect, it } from 'vitest';
import type { StampRoll } from '../../lib/answer-types';
import type { InvoiceDraft } from './api';
import {
  invoiceFromOrder,
  itemFromProduct,
  itemsFromInvoice,
  orderChanges,
  type ProductSuggestion,
  toPayload,
} from './builder-model';
import {
  type BuilderState,
  builderDueDefault,
  builderReducer,
  deriveInvoice,
  initialState,
  saveProblems,
  usableSequences,
  zeroPriceItems,
} from './builder-state';

const vodka: ProductSuggestion = {
  id: 7,
  product: "TITO'S HANDMADE VODKA",
  product_type: 'LIQUOR',
  product_size: '750ML',
  product_price: 18.99,
};
const beer: ProductSuggestion = {
  id: 9,
  product: 'LONE STAR',
  product_type: 'BEER',
  product_size: '12OZ',
  product_price: 2,
};
const customer = { id: 3, name: 'Bar', cash_on_delivery: false };
const company = { default_invoice_note: 'Thanks', default_invoice_status: 'invoiced' as const, logos: [{ id: 11 }] };

const saved: InvoiceDraft = {
  id: 40,
  number: 1001,
  beer: false,
  customer_id: 3,
  customer: { ...customer, deleted: true },
  status: 'delivered',
  items: [
    {
      product_id: 7,
      product: vodka,
      qty: 2,
      price: '18.99',
      taxable: true,
      on_deal: false,
      scanned: true,
      position: 0,
    },
  ],
  stamps: [{ roll_id: 1, prefix: 'A', from: 100, to: 101 }],
  note: 'n',
  company_note: 'c',
  logo_id: null,
  invoiced_at: '2026-11-20',
  due_at: null,
  sub_total: '37.98',
  tax_total: '3.13',
  total: '41.11',
};

const blank = (patch: Partial<BuilderState> = {}): BuilderState => ({
  ...initialState({ company: {}, today: '2026-11-21' }),
  ...patch,
});

const roll = (id: number, from: number, to: number): StampRoll => ({
  id,
  prefix: 'A',
  from,
  to,
  received_at: '2026-01-01',
  finished_at: null,
  created_at: '2026-11-01T10:00:00Z',
  active: true,
  finished: false,
  stampsCount: to - from + 1,
  totalCount: to - from + 1,
  invoicedCount: 0,
  destroyedCount: 0,
  firstAvailable: from,
  lastAvailable: to,
  usable: true,
  sequences: [{ roll_id: id, prefix: 'A', from, to, count: to - from + 1 }],
});

describe('builder initial state', () => {
  it('a new invoice takes the company defaults, is dated today and due on the credit-law date', () => {
    const s = initialState({ company, today: '2026-11-21' });
    expect(s).toMatchObject({
      customer: null,
      items: [],
      ranges: [],
      autoStamps: true,
      company_note: 'Thanks',
      status: 'invoiced',
      invoiced_at: '2026-11-21',
      // bought the 16th-end of the month: due the 10th of the next month
      due_at: '2026-12-10',
      dueAuto: true,
      logo_id: 11,
    });
    expect(initialState({ company: {}, today: '2026-11-21' })).toMatchObject({ status: 'draft', logo_id: null });
  });

  it('editing keeps the saved values, marks its stamps saved and flags a deleted customer', () => {
    const s = initialState({ invoice: saved, company, today: '2026-11-21' });
    expect(s).toMatchObject({ status: 'delivered', invoiced_at: '2026-11-20', note: 'n', company_note: 'c' });
    expect(s.customer?.deleted_at).toBe('deleted');
    expect(s.ranges).toMatchObject([{ roll_id: 1, prefix: 'A', from: 100, to: 101, saved: true }]);
    expect(s.items).toMatchObject([{ product_id: 7, qty: 2, price: 18.99, scanned: true }]);
  });

  it('a clone copies items and note but not a deleted customer, nor the stamps', () => {
    const s = initialState({ source: saved, company, today: '2026-11-21' });
    expect(s.customer).toBeNull();
    expect(s.ranges).toEqual([]);
    expect(s.items).toMatchObject([{ product_id: 7, qty: 2, scanned: false }]);
    expect(s).toMatchObject({ note: 'n', company_note: 'Thanks', invoiced_at: '2026-11-21' });
  });
});

describe('builder due date (Texas credit law)', () => {
  const beer = { ...vodka, id: 99, product: 'SHINER BOCK', product_type: 'BEER' };
  it('follows the invoice date, beer and cash on delivery until the user picks a date', () => {
    let s = blank();
    expect(builderDueDefault(s).rule).toBe('credit_16_end');
    s = builderReducer(s, { type: 'set', patch: { invoiced_at: '2026-11-15' } });
    expect(s.due_at).toBe('2026-11-25');
    s = builderReducer(s, { type: 'addProduct', product: beer, scanned: false });
    expect([s.due_at, builderDueDefault(s).rule]).toEqual(['2026-11-16', 'beer']);
    s = builderReducer(s, { type: 'addProduct', product: vodka, scanned: false });
    expect(s.due_at).toBe('2026-11-25');
    s = builderReducer(s, { type: 'set', patch: { customer: { id: 1, name: 'C', cash_on_delivery: true } as never } });
    expect([s.due_at, builderDueDefault(s).rule]).toEqual(['2026-11-16', 'cash_on_delivery']);
    // the user's date stays, whatever changes next
    s = builderReducer(s, { type: 'set', patch: { due_at: '2026-11-20' } });
    s = builderReducer(s, { type: 'set', patch: { invoiced_at: '2026-11-02', customer: null } });
    expect([s.due_at, s.dueAuto]).toEqual(['2026-11-20', false]);
    // back to the default
    s = builderReducer(s, { type: 'set', patch: { dueAuto: true } });
    expect(s.due_at).toBe('2026-11-25');
  });

  it('keeps an edited invoice due date and follows a company on cash on delivery', () => {
    expect(initialState({ invoice: saved, company, today: '2026-11-21' })).toMatchObject({
      due_at: null,
      dueAuto: false,
    });
    expect(initialState({ company: { cash_on_delivery: true }, today: '2026-11-21' }).due_at).toBe('2026-11-22');
  });
});

describe('builder reducer', () => {
  it('a second scan of the same product adds to its line; a pick from the list adds a new line', () => {
    let s = builderReducer(blank(), { type: 'addProduct', product: vodka, scanned: true });
    s = builderReducer(s, { type: 'addProduct', product: vodka, scanned: true });
    expect(s.items).toHaveLength(1);
    expect(s.items[0]).toMatchObject({ qty: 2, scanned: true });
    s = builderReducer(s, { type: 'addProduct', product: vodka, scanned: false });
    expect(s.items).toHaveLength(2);
  });

  it('assigns stamps for the liquor lines once the rolls are loaded and leaves them alone when nothing changes', () => {
    const s = blank({ items: [{ ...itemFromProduct(vodka), qty: 3 }] });
    const sequences = usableSequences([roll(1, 500, 599)]);
    const assigned = builderReducer(s, { type: 'rollsLoaded', sequences });
    expect(assigned.ranges).toMatchObject([{ roll_id: 1, prefix: 'A', from: 500, to: 502 }]);
    expect(builderReducer(assigned, { type: 'set', patch: { note: 'x' } }).ranges).toBe(assigned.ranges);
  });

  it('follows a quantity change in the same step', () => {
    const s = builderReducer(blank({ items: [{ ...itemFromProduct(vodka), qty: 3 }] }), {
      type: 'rollsLoaded',
      sequences: usableSequences([roll(1, 500, 599)]),
    });
    const more = builderReducer(s, { type: 'set', patch: { items: [{ ...s.items[0], qty: 5 }] } });
    expect(more.ranges.map((r) => [r.from, r.to])).toEqual([[500, 504]]);
  });

  it('counts the saved stamps toward the need when editing', () => {
    const s = initialState({ invoice: saved, company, today: '2026-11-21' });
    const loaded = builderReducer(s, { type: 'rollsLoaded', sequences: usableSequences([roll(1, 500, 599)]) });
    // two bottles, two stamps already on the invoice: nothing to add
    expect(loaded.ranges).toBe(s.ranges);
    const next = builderReducer(loaded, { type: 'set', patch: { items: [{ ...loaded.items[0], qty: 3 }] } });
    expect(next.ranges.map((r) => [r.from, r.to, !!r.saved])).toEqual([
      [100, 101, true],
      [500, 500, false],
    ]);
  });

  it('a hand edit stops auto-assignment; switching it back on keeps only the saved ranges', () => {
    const s = initialState({ invoice: saved, company, today: '2026-11-21' });
    const manual = builderReducer(s, {
      type: 'editRanges',
      ranges: [...s.ranges, { key: 'x', roll_id: 2, prefix: 'B', from: 1, to: 5 }],
    });
    expect(manual.autoStamps).toBe(false);
    const loaded = builderReducer(manual, { type: 'rollsLoaded', sequences: [] });
    expect(loaded.ranges).toBe(manual.ranges);
    const auto = builderReducer(loaded, { type: 'autoStampsOn' });
    expect(auto.autoStamps).toBe(true);
    expect(auto.ranges.map((r) => r.from)).toEqual([100]);
  });

  it('only usable rolls give sequences', () => {
    expect(usableSequences([{ ...roll(1, 1, 10), usable: false }, roll(2, 20, 29)]).map((q) => q.roll_id)).toEqual([2]);
  });

  it('reset replaces the whole state but keeps the loaded rolls', () => {
    const fresh = blank();
    const sequences = usableSequences([roll(1, 500, 599)]);
    expect(builderReducer(blank({ note: 'x', sequences }), { type: 'reset', state: fresh })).toEqual({
      ...fresh,
      sequences,
    });
  });
});

describe('builder rules', () => {
  it('lists what stops a save: no customer, no items, beer with liquor for a non-COD customer', () => {
    expect(saveProblems(blank())).toEqual([INVOICE_MSG.customerRequired, INVOICE_MSG.itemsRequired]);
    const mixed = blank({ customer, items: [itemFromProduct(vodka), itemFromProduct(beer)] });
    expect(saveProblems(mixed)).toEqual([INVOICE_MSG.typeMismatch]);
    expect(saveProblems(blank({ customer, items: [itemFromProduct(vodka)] }))).toEqual([]);
  });

  it('totals in cents with tax on taxable lines; beer-only invoices are beer invoices', () => {
    const s = blank({ items: [{ ...itemFromProduct(beer), qty: 3 }] });
    expect(deriveInvoice(s, 8.25)).toMatchObject({
      beer: true,
      mismatch: false,
      totals: { sub_total: 6, tax_total: 0.5, total: 6.5 },
    });
  });

  it('finds the $0.00 lines', () => {
    const free = { ...itemFromProduct(vodka), price: 0 };
    expect(zeroPriceItems([itemFromProduct(vodka), free])).toEqual([free]);
  });
});

describe('order as a builder source', () => {
  it('keeps the open lines at the ordered quantity and price and only the customer notes', () => {
    const line = { is_rejected: false, is_added: false, invoice_id: null };
    const order = {
      id: 5,
      customer: null,
      customerUser: { customer },
      orderItems: [
        { ...line, product_id: 7, product: vodka, qty: 2, price: 18.99 },
        { ...line, product_id: 9, product: beer, qty: 1, price: 2, is_rejected: true },
        { ...line, product_id: 9, product: beer, qty: 4, price: 2, is_added: true },
        { ...line, product_id: 9, product: beer, qty: 6, price: 2, invoice_id: 44 },
      ],
      note: [{ note: 'leave at back door' }, { note: 'internal', company_user_id: 1 }],
    } as unknown as OrderOut;
    const inv = invoiceFromOrder(order);
    expect(inv).toMatchObject({ order_id: 5, customer_id: 3, note: 'leave at back door', status: 'draft' });
    expect(inv.items).toMatchObject([{ product_id: 7, qty: 2, price: 18.99 }]);
    expect(inv.items).toHaveLength(1);
  });

  it('gives a line from an order its stock level and buying price, like a product added by search', () => {
    const order = {
      id: 5,
      customer,
      orderItems: [
        {
          is_rejected: false,
          is_added: false,
          invoice_id: null,
          product_id: 7,
          product: vodka,
          qty: 3,
          price: 10,
          last_purchase_price: 12.5,
          stock: { qty: 3, reorder_level: 2, level: 'ZERO', lowStockMarker: false },
        },
      ],
      note: [],
    } as unknown as OrderOut;
    const [item] = itemsFromInvoice(invoiceFromOrder(order), 'copy');
    expect(item).toMatchObject({ stock: 3, reorder_level: 2, last_purchase_price: 12.5, qty: 3 });
  });

  it('sends a change note only for a value that differs from what was ordered', () => {
    const order = {
      id: 5,
      customer,
      orderItems: [
        { is_rejected: false, is_added: false, invoice_id: null, product_id: 7, product: vodka, qty: 2, price: 18.99 },
      ],
      note: [],
    } as unknown as OrderOut;
    const [item] = itemsFromInvoice(invoiceFromOrder(order), 'copy');
    expect(item.ordered).toEqual({ qty: 2, price: 18.99 });
    const base = {
      customerId: 3,
      ranges: [],
      note: '',
      company_note: '',
      status: 'draft' as const,
      invoiced_at: '2026-11-21',
      due_at: null,
      logo_id: null,
    };
    const notes = { qty_change_note: ' Short on stock ', price_change_note: 'same price' };
    const changedQty = toPayload({ ...base, items: [{ ...item, ...notes, qty: 1 }] }).items[0];
    expect(changedQty).toMatchObject({ qty: 1, qty_change_note: 'Short on stock' });
    expect(changedQty).not.toHaveProperty('price_change_note');
    const unchanged = toPayload({ ...base, items: [{ ...item, ...notes }] }).items[0];
    expect(unchanged).not.toHaveProperty('qty_change_note');
    expect(unchanged).not.toHaveProperty('price_change_note');
    const changedPrice = toPayload({ ...base, items: [{ ...item, ...notes, price: 17.5 }] }).items[0];
    expect(changedPrice).toMatchObject({ price: 17.5, price_change_note: 'same price' });
    expect(orderChanges({ ...item, qty: 1, price: 17.5 })).toEqual({ qty: true, price: true });
    expect(orderChanges(itemFromProduct(vodka))).toEqual({ qty: false, price: false });
  });
});
