/**
 * The model-based invariants test's world: one fresh company per sequence (so sequences never see
 * each other's rows), the HTTP calls it makes recorded as a replayable list, and the small model
 * (ids the sequence has made, to aim later commands at).
 */
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.js';
import { makeCustomer, makeProduct, makeRoll } from './factories.js';
import type { TestContext } from './helpers.js';
import { makeShopCompany } from './order-factories.js';
import { type Client, client, uniqueEmail } from './helpers.js';
import { customerToken } from '../src/modules/customers/customers.routes.js';
import { customerUsers } from '../src/modules/customers/customers.tables.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Call {
  as: 'staff' | 'shopper';
  method: Method;
  path: string;
  body?: unknown;
  status: number;
}

export type Kind = 'liquor' | 'liquor2' | 'wine' | 'beer' | 'water';
export const KINDS: Kind[] = ['liquor', 'liquor2', 'wine', 'beer', 'water'];

export interface Model {
  invoices: number[];
  /** payments made through an invoice: [invoice id, payment id] */
  payments: [number, number][];
  /** payments made through the customer: [customer id, payment id] */
  customerPayments: [number, number][];
  orders: number[];
  /** invoices put on a delivery route */
  routed: number[];
  /**
   * Money received as the API was told it: each payment it accepted (by id) and the amount sent,
   * in cents; an accepted edit replaces it, an accepted delete removes it. The payments stored
   * must be exactly these (invariant 3: an overpayment's excess can't vanish from the record).
   */
  received: Map<number, number>;
}

export interface World {
  ctx: TestContext;
  companyId: number;
  staff: Client;
  shopper: Client;
  shopperCustomer: number;
  customers: number[];
  products: Record<Kind, { id: number; type: string; price: string }>;
  rolls: { id: number; from: number; to: number }[];
  /** every call of this sequence, in order */
  calls: Call[];
  /** the user the delivery routes name as driver (the owner), read once */
  driverId?: number;
  /** the step being run (its command's text), for the failure report */
  step: string;
  /**
   * What the checks last read through the API, by a fingerprint of the rows behind it: a
   * customer's (or the stamps') answers are read again only when those rows changed.
   */
  seen: {
    stamps: string;
    invoice: string;
    money: string;
    customers: Map<number, { fp: string; balance: number; onAccount: number }>;
  };
}

export class InvariantError extends Error {}

/** Runs one call; a 5xx fails the sequence at once. */
export async function call(w: World, method: Method, path: string, body?: unknown, as: Call['as'] = 'staff') {
  const api = as === 'staff' ? w.staff : w.shopper;
  const res =
    method === 'GET'
      ? await api.get(path)
      : method === 'POST'
        ? await api.post(path, body)
        : method === 'PUT'
          ? await api.put(path, body)
          : await api.del(path, body);
  w.calls.push({ as, method, path, body, status: res.status });
  if (res.status >= 500)
    throw new InvariantError(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
  return res;
}

/** A read the checks make (not recorded: it changes nothing); anything but 200 fails. */
export async function read<T = any>(w: World, path: string, query?: Record<string, unknown>): Promise<T> {
  const res = await w.staff.get<T>(path, query);
  if (res.status !== 200)
    throw new InvariantError(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
  return res.body;
}

export async function rows<T>(w: World, query: SQL): Promise<T[]> {
  return rowsOf<T>(await w.ctx.database.db.execute(query));
}

/** A new company selling online, with inventory on, three customers, five products and two rolls. */
export async function makeWorld(ctx: TestContext): Promise<World> {
  const owner = await makeShopCompany(ctx);
  const companyId = owner.companyId;
  const customers = [];
  for (let i = 0; i < 3; i++) customers.push((await makeCustomer(ctx, companyId)).id);
  const spec: Record<Kind, [string, string]> = {
    liquor: ['LIQUOR', '18.99'],
    liquor2: ['LIQUOR', '39.99'],
    wine: ['WINE', '22.00'],
    beer: ['BEER', '29.99'],
    water: ['N/A', '21.99'],
  };
  const products = {} as World['products'];
  for (const k of KINDS) {
    const [type, price] = spec[k];
    const p = await makeProduct(ctx, companyId, { product_type: type as never, product_price: price });
    products[k] = { id: p.id, type, price };
  }
  const on = await owner.api.post('/company/feature', { name: 'inventory', active: true });
  if (on.status !== 200) throw new Error(`inventory feature: ${on.status}`);
  const rolls = [];
  for (const [prefix, from, to] of [
    ['A', 1001, 1080],
    ['B', 5001, 5080],
  ] as const) {
    const r = await makeRoll(ctx, companyId, { prefix, from, to });
    rolls.push({ id: r.id, from, to });
  }
  // the shopper's session minted as the sign-in would (no password hashing: it is one per sequence)
  const [buyer] = await ctx.database.db
    .insert(customerUsers)
    .values({
      company_id: companyId,
      customer_id: customers[0],
      name: 'Bar Buyer',
      email: uniqueEmail('buyer'),
      signed_up_at: new Date(),
    })
    .returning();
  const shopper = { api: client(ctx, await customerToken(ctx.app, { id: buyer.id, company_id: companyId })) };
  return {
    ctx,
    companyId,
    staff: owner.api,
    shopper: shopper.api,
    shopperCustomer: customers[0],
    customers,
    products,
    rolls,
    calls: [],
    step: '',
    seen: { stamps: '', invoice: '', money: '', customers: new Map() },
  };
}

/**
 * The model a sequence starts from: one liquor invoice (invoiced, its stamps on) and one placed
 * order, made through the API (the first calls of the list), so every operation has a target.
 */
export async function startingModel(w: World): Promise<Model> {
  const { liquor, water } = w.products;
  const inv = await call(w, 'POST', '/invoice', {
    customer: { id: w.customers[1] },
    items: [
      { product_id: liquor.id, qty: 2, price: liquor.price },
      { product_id: water.id, qty: 1, price: water.price },
    ],
    stamps: [{ roll_id: w.rolls[0].id, from: w.rolls[0].from, to: w.rolls[0].from + 1 }],
    status: 'invoiced',
  });
  const order = await call(w, 'POST', '/customer-app/order', { items: [{ product_id: liquor.id, qty: 1 }] }, 'shopper');
  if (inv.status !== 200 || order.status !== 200)
    throw new Error(`the starting invoice and order: ${inv.status} ${order.status} ${JSON.stringify(inv.body)}`);
  return {
    invoices: [inv.body.id],
    payments: [],
    customerPayments: [],
    orders: [order.body.id],
    routed: [],
    received: new Map(),
  };
}

/** The calls as lines a person (or a script) can replay: `POST /invoice {...} -> 200`. */
export function replayList(calls: readonly Call[]) {
  return calls
    .map(
      (c, i) =>
        `  ${String(i + 1).padStart(3)}. ${c.as === 'shopper' ? '[shopper] ' : ''}${c.method} /api/v1${c.path}` +
        `${c.body === undefined ? '' : ` ${JSON.stringify(c.body)}`} -> ${c.status}`,
    )
    .join('\n');
}

export const pick = <T>(list: readonly T[], i: number): T => list[i % list.length];
export const cents = (s: string | number) => Math.round(Number(s) * 100);
export const dollars = (c: number) => (c / 100).toFixed(2);

/** Available stamps of the company's rolls, in roll and number order. */
export async function availableStamps(w: World) {
  return rows<{ roll_id: number; number: number }>(
    w,
    sql`select roll_id, number from stamps where company_id = ${w.companyId} and status = 'AVAILABLE'
        order by roll_id, number`,
  );
}

/** The stamps an invoice holds now. */
export async function invoiceStamps(w: World, invoiceId: number) {
  return rows<{ roll_id: number; number: number }>(
    w,
    sql`select roll_id, number from stamps where invoice_id = ${invoiceId} and status = 'INVOICED'
        order by roll_id, number`,
  );
}

/** Stamps as the invoice body's ranges: consecutive numbers of one roll in one range. */
export function toRanges(list: readonly { roll_id: number; number: number }[]) {
  const sorted = [...list].sort((a, b) => a.roll_id - b.roll_id || a.number - b.number);
  const out: { roll_id: number; from: number; to: number }[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && last.roll_id === s.roll_id && last.to + 1 === s.number) last.to = s.number;
    else out.push({ roll_id: s.roll_id, from: s.number, to: s.number });
  }
  return out;
}
