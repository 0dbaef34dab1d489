import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The query keys that more than one feature reads or invalidates. A key built by hand in two
 * places drifts (payments once invalidated ['customers'] while customer queries were keyed
 * ['customer', ...], so balances stayed stale); building every shared key here makes a miss a
 * type error instead. Each group's `all` is the prefix of every key in it.
 */
export const queryKeys = {
  invoices: {
    all: ['invoice'] as const,
    one: (ref: string) => ['invoice', 'one', ref] as const,
    recent: ['invoice', 'recent'] as const,
    newNumber: (customerId: number | null, beer: boolean) => ['invoice', 'new-number', customerId, beer] as const,
  },
  customers: {
    all: ['customer'] as const,
    list: ['customer', 'list'] as const,
    one: (id: number) => ['customer', id] as const,
    tabc: (id: number) => ['customer', id, 'tabc-expiration'] as const,
    balance: (id: number) => ['customer', id, 'balance'] as const,
    checkBalance: (id: number) => ['customer', id, 'check-balance'] as const,
    /** Texas credit law: one customer's standing, the report, the dashboard summary */
    delinquency: (id: number) => ['customer', id, 'delinquency'] as const,
    delinquent: ['customer', 'delinquent'] as const,
    delinquentSummary: ['customer', 'delinquent', 'summary'] as const,
    holidays: ['customer', 'holidays'] as const,
    users: ['customer', 'users'] as const,
    tiers: ['customer', 'price-tiers'] as const,
    autoFill: (query: string) => ['customer', 'auto-fill', query] as const,
  },
  products: {
    all: ['product'] as const,
    detail: (id: number | string) => ['product', 'detail', String(id)] as const,
    tiers: ['product', 'price-tier'] as const,
  },
  stamps: {
    all: ['stamps'] as const,
    rolls: ['stamps', 'rolls'] as const,
    remaining: ['stamps', 'remaining'] as const,
    destroyed: ['stamps', 'destroyed'] as const,
    record: (from: string, to: string) => ['stamps', 'record', from, to] as const,
    monthly: (month: string) => ['stamps', 'monthly', month] as const,
    reconciliation: ['stamps', 'reconciliation'] as const,
  },
  payments: {
    all: ['payments'] as const,
    ofInvoice: (invoiceId: number) => ['payments', 'invoice', invoiceId] as const,
    /** receivables: a customer's open invoices, credit and payments; the aging report */
    receivable: (customerId: number) => ['payments', 'receivable', customerId] as const,
    ofCustomer: (customerId: number) => ['payments', 'customer', customerId] as const,
    aging: (asOf: string) => ['payments', 'aging', asOf] as const,
    creditMemos: (invoiceId: number) => ['payments', 'credit-memos', invoiceId] as const,
  },
  company: {
    all: ['company'] as const,
    stats: ['company', 'stats'] as const,
    statsRange: (from: string, to: string) => ['company', 'stats', from, to] as const,
    quickSearch: (q: string) => ['company', 'quick-search', q] as const,
  },
  orders: {
    all: ['order'] as const,
    count: ['order', 'count'] as const,
    grid: ['order', 'grid'] as const,
    one: (ref: string | number | null) => ['order', 'one', ref === null ? null : String(ref)] as const,
  },
  inventory: {
    all: ['inventory'] as const,
    distributors: ['inventory', 'distributors'] as const,
  },
  /** data import jobs (the import screen's job list and progress) */
  imports: {
    all: ['import'] as const,
    job: (id: number) => ['import', 'job', id] as const,
    jobs: ['import', 'jobs'] as const,
  },
  notification: ['notification'] as const,
  reports: {
    all: ['report'] as const,
    sales: (groupBy: string, from: string, to: string) => ['report', 'sales', groupBy, from, to] as const,
    stamps: (from: string, to: string) => ['report', 'stamps', from, to] as const,
  },
  /** the office's delivery screen: the day's routes, what may go on them, the day-end reconciliation */
  delivery: {
    all: ['delivery'] as const,
    routes: (date: string) => ['delivery', 'routes', date] as const,
    eligible: ['delivery', 'eligible'] as const,
    drivers: ['delivery', 'drivers'] as const,
    reconciliation: (date: string) => ['delivery', 'reconciliation', date] as const,
  },
  /** Bottle POS / Clover sync pages (the socket's sync events refresh them) and partner credentials */
  integrations: {
    all: ['integrations'] as const,
    history: (partner: string) => ['integrations', partner, 'history'] as const,
    log: (partner: string, syncId: string) => ['integrations', partner, 'log', syncId] as const,
    credentials: (name: string) => ['integrations', 'credentials', name] as const,
  },
};

/**
 * What a write changes on other screens. A mutation hook invalidates its group, then calls the
 * caller's onSuccess.
 */
export const changedBy = {
  /** an invoice saved, patched or deleted: its stamps, the customer's balance, stock, stats */
  invoice: [
    queryKeys.invoices.all,
    queryKeys.stamps.all,
    queryKeys.company.stats,
    queryKeys.reports.all,
    queryKeys.customers.all,
    queryKeys.products.all,
    // an invoice made from an online order changes the order's status and lines
    queryKeys.orders.all,
    // an invoice invoiced, cancelled or delivered comes onto or off the delivery screen
    queryKeys.delivery.all,
  ],
  /** a payment added, edited or deleted: the invoice's paid total and the customer's balance */
  payment: [queryKeys.payments.all, queryKeys.invoices.all, queryKeys.customers.all, queryKeys.delivery.all],
  /** a route planned, changed or deleted (the invoices it holds leave the eligible list) */
  delivery: [queryKeys.delivery.all],
  /** stamp rolls registered, activated, destroyed or restored */
  stamps: [queryKeys.stamps.all],
  /** price tiers change the prices and tiers shown for customers */
  priceTier: [queryKeys.products.tiers, queryKeys.customers.all],
  /** a customer created, edited or deleted: the customer screens and the builder's customer list */
  customer: [queryKeys.customers.all],
  /** a product created, edited or deleted: catalogue, stock and the builder's product data */
  product: [queryKeys.products.all, queryKeys.inventory.all],
  /** stock received or edited: the inventory screens and the stock the products show */
  inventory: [queryKeys.inventory.all, queryKeys.products.all],
  /** a data import ended: what it may have written, and the import screen's jobs */
  import: [queryKeys.customers.all, queryKeys.products.all, queryKeys.inventory.all, queryKeys.imports.all],
} satisfies Record<string, readonly QueryKey[]>;

export async function invalidate(qc: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/**
 * A write that, once it succeeded, invalidates the queries it makes stale (`changes`: a
 * `changedBy` group or the feature's own keys), then hands its answer to `then`.
 */
export function useWrite<TVariables = void, TData = unknown>(
  changes: readonly QueryKey[],
  mutationFn: (variables: TVariables) => Promise<TData>,
  then?: (data: TData) => void,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data) => {
      await invalidate(qc, changes);
      then?.(data);
    },
  });
}
