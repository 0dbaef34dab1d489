import { INVOICE_STATUSES, type InvoiceStatus } from '@dbo/domain/constants';
import { DATE_LIMITS, INVOICE_STATUS_LABELS } from '@dbo/domain/constants';
import { defaultDueDate } from '@dbo/domain/credit-law';
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { INVOICE_MSG, isBeerInvoice, isTypeMismatch } from '@dbo/domain/invoice';
import { invoiceTotals, toCents } from '@dbo/domain/money';
import { autoAssign, type StampSequence, stampNeed, stampRuleError, totalStamps } from '@dbo/domain/stamps';
import type { StampRoll } from '../../lib/answer-types';
import type { InvoiceDraft } from './api';
import {
  type BuilderItem,
  type BuilderRange,
  isUsableRoll,
  itemFromProduct,
  itemsFromInvoice,
  newKey,
  type ProductSuggestion,
} from './builder-model';
import type { CustomerLite } from './api';

/** Everything the user edits in the builder; the pure half of use-invoice-builder. */
export interface BuilderState {
  customer: CustomerLite | null;
  items: BuilderItem[];
  ranges: BuilderRange[];
  /** stamps follow the items until the user edits a range by hand */
  autoStamps: boolean;
  /** the usable rolls' free sequences once loaded; auto-assignment waits for them */
  sequences: StampSequence[] | null;
  note: string;
  company_note: string;
  status: InvoiceStatus;
  invoiced_at: string;
  due_at: string | null;
  /** a new invoice's due date follows the credit-law default until the user picks one */
  dueAuto: boolean;
  /** the company sells on cash on delivery (its customers' invoices are due on delivery) */
  companyCashOnDelivery: boolean;
  logo_id: number | null;
  /** the user changed something since the builder opened (or since Reset): leaving asks first */
  touched: boolean;
}

/** The company settings a new invoice starts from. */
export interface BuilderDefaults {
  default_invoice_note?: string | null;
  default_invoice_status?: InvoiceStatus | null;
  default_logo_id?: number | null;
  logos?: { id: number }[];
  cash_on_delivery?: boolean | null;
}

/**
 * The default due date of the builder's invoice (Texas credit law; beer and cash on delivery: due
 * on delivery), and the rule that gave it. Never past the due date limit (+30 days).
 */
export function builderDueDefault(state: BuilderState, today: string = todayInTexas()) {
  const d = defaultDueDate({
    invoiceDay: state.invoiced_at,
    beer: isBeerInvoice(state.items.map((i) => i.product_type)),
    cashOnDelivery: !!state.customer?.cash_on_delivery || state.companyCashOnDelivery,
  });
  const max = addDays(today, DATE_LIMITS.dueDateDaysAhead);
  return d.due_at > max ? { ...d, due_at: max } : d;
}

/** Keeps an automatic due date on its default. */
function followDefault(state: BuilderState): BuilderState {
  if (!state.dueAuto) return state;
  const due = builderDueDefault(state).due_at;
  return due === state.due_at ? state : { ...state, due_at: due };
}

export function initialState({
  invoice,
  source,
  company,
  today,
}: {
  /** the saved invoice being edited */
  invoice?: InvoiceDraft;
  /** an invoice being cloned, or an online order, to start a new one from */
  source?: InvoiceDraft;
  company: BuilderDefaults;
  today: string;
}): BuilderState {
  if (invoice) {
    return {
      customer: invoice.customer
        ? { ...invoice.customer, deleted_at: invoice.customer.deleted ? 'deleted' : invoice.customer.deleted_at }
        : null,
      items: itemsFromInvoice(invoice, 'edit'),
      ranges: (invoice.stamps ?? []).map((r) => ({
        key: newKey(),
        roll_id: r.roll_id,
        prefix: r.prefix ?? '',
        from: r.from,
        to: r.to,
        saved: true,
      })),
      autoStamps: true,
      sequences: null,
      note: invoice.note ?? '',
      company_note: invoice.company_note ?? '',
      status: builderStatus(invoice.status),
      invoiced_at: invoice.invoiced_at,
      due_at: invoice.due_at,
      dueAuto: false,
      companyCashOnDelivery: !!company.cash_on_delivery,
      logo_id: invoice.logo_id,
      touched: false,
    };
  }
  return followDefault({
    // cloning copies items, note and customer into a new builder
    customer: source?.customer && !source.customer.deleted ? source.customer : null,
    items: source ? itemsFromInvoice(source, 'copy') : [],
    ranges: [],
    autoStamps: true,
    sequences: null,
    note: source?.note ?? '',
    company_note: company.default_invoice_note ?? '',
    status: company.default_invoice_status ?? 'draft',
    invoiced_at: today,
    // the credit-law default (issue 16), kept up to date by the reducer until the user picks a date
    due_at: null,
    dueAuto: true,
    companyCashOnDelivery: !!company.cash_on_delivery,
    logo_id: company.default_logo_id ?? company.logos?.[0]?.id ?? null,
    touched: false,
  });
}

export type BuilderAction =
  /** `quiet`: filled in from the address (?customerId, ?productId), not by the user */
  | { type: 'set'; patch: Partial<BuilderState>; quiet?: boolean }
  | { type: 'reset'; state: BuilderState }
  | { type: 'addProduct'; product: ProductSuggestion; scanned: boolean; quiet?: boolean }
  /** the user edited the ranges: auto-assignment stops */
  | { type: 'editRanges'; ranges: BuilderRange[] }
  /** back to auto-assignment: only the saved ranges stay until the next assignment */
  | { type: 'autoStampsOn' }
  /** the usable rolls' free sequences, loaded or reloaded */
  | { type: 'rollsLoaded'; sequences: StampSequence[] };

/**
 * Every change goes through the rules that follow it: the automatic due date and, in the same
 * step, the automatic stamps (one render a keystroke, not a second one from an effect).
 */
export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  return followStamps(followDefault(reduce(state, action)));
}

/** Keeps automatic stamps on what the items need (no-op when manual, not loaded or unchanged). */
function followStamps(state: BuilderState): BuilderState {
  if (!state.autoStamps || !state.sequences) return state;
  // stamps already on the saved invoice count toward the need
  const saved = state.ranges.filter((r) => r.saved);
  const res = autoAssign(stampNeed(state.items), state.sequences, saved);
  // the i-th automatic range keeps its key as it grows or shrinks: the panel updates its tag in
  // place rather than replacing it on every quantity keystroke (issue 37)
  const before = state.ranges.filter((r) => !r.saved);
  const next = [...saved, ...res.ranges.map((r, i) => ({ key: before[i]?.key ?? newKey(), ...r }))];
  const same =
    next.length === state.ranges.length &&
    next.every(
      (r, i) => r.roll_id === state.ranges[i].roll_id && r.from === state.ranges[i].from && r.to === state.ranges[i].to,
    );
  return same ? state : { ...state, ranges: next };
}

function reduce(state: BuilderState, action: BuilderAction): BuilderState {
  const next = reduceValues(state, action);
  const byUser = action.type !== 'reset' && action.type !== 'rollsLoaded' && !('quiet' in action && action.quiet);
  return byUser && !next.touched ? { ...next, touched: true } : next;
}

function reduceValues(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'set':
      // a due date picked by the user stays as picked
      return {
        ...state,
        ...('due_at' in action.patch && !('dueAuto' in action.patch) ? { dueAuto: false } : {}),
        ...action.patch,
      };
    case 'reset':
      // the rolls stay loaded; nothing is left to lose
      return { ...action.state, sequences: state.sequences, touched: false };
    case 'addProduct': {
      const p = action.product;
      // a second scan of the same product adds to its line instead of a new one
      const existing = action.scanned ? state.items.find((i) => i.product_id === p.id) : undefined;
      const items = existing
        ? state.items.map((i) => (i.key === existing.key ? { ...i, qty: i.qty + 1, scanned: true } : i))
        : [...state.items, itemFromProduct(p, action.scanned)];
      return { ...state, items };
    }
    case 'editRanges':
      return { ...state, ranges: action.ranges, autoStamps: false };
    case 'autoStampsOn':
      return { ...state, autoStamps: true, ranges: state.ranges.filter((r) => r.saved) };
    case 'rollsLoaded':
      return { ...state, sequences: action.sequences };
  }
}

/** The free sequences of the rolls stamps may be auto-assigned from. */
export function usableSequences(rolls: StampRoll[]): StampSequence[] {
  return rolls
    .filter((r) => r.usable ?? isUsableRoll(r))
    .flatMap((r) => (r.sequences ?? []).map((q) => ({ ...q, roll_id: r.id, prefix: r.prefix ?? '' })));
}

/** Beer/liquor rule, beer numbering and the money totals of the current lines. */
export function deriveInvoice(state: BuilderState, taxRate: number) {
  const types = state.items.map((i) => i.product_type);
  return {
    mismatch: isTypeMismatch(types, !!state.customer?.cash_on_delivery),
    beer: isBeerInvoice(types),
    totals: invoiceTotals(
      state.items.map((i) => ({ qty: i.qty, price: i.price, taxable: i.taxable })),
      taxRate,
    ),
  };
}

/**
 * Why the chosen status cannot be saved with these stamps (the server's own words, issue 30), or
 * null: a liquor invoice other than a draft or a cancelled one holds exactly the stamps it needs.
 */
export const stampProblem = (state: Pick<BuilderState, 'items' | 'ranges' | 'status'>) =>
  stampRuleError(state.status, INVOICE_STATUS_LABELS[state.status], stampNeed(state.items), totalStamps(state.ranges));

/** What stops a save, in the order the builder lists it. */
export function saveProblems(state: BuilderState): string[] {
  const problems: string[] = [];
  if (!state.customer) problems.push(INVOICE_MSG.customerRequired);
  if (!state.items.length) problems.push(INVOICE_MSG.itemsRequired);
  if (deriveInvoice(state, 0).mismatch) problems.push(INVOICE_MSG.typeMismatch);
  const stamps = stampProblem(state);
  if (stamps) problems.push(stamps);
  return problems;
}

/** Lines at $0.00: the user confirms them (or fixes the price) before the save. */
export const zeroPriceItems = (items: BuilderItem[]) => items.filter((i) => toCents(i.price) === 0);

/** The saved invoice's status as the builder's (the server answers a string; one it does not know is a draft). */
export function builderStatus(status: string): InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(status) ? (status as InvoiceStatus) : 'draft';
}
