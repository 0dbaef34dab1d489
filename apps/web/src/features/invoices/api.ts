import type { companyStatsOut, InvoiceRequestBody, InvoiceStatusChange } from '@dbo/domain/invoice';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import * as invoicesApi from '@dbo/domain/endpoints/invoices';
import { customerReceivable } from '@dbo/domain/endpoints/payments';
import { stampRolls } from '@dbo/domain/endpoints/stamps';
import type { EndpointArgs } from '@dbo/domain/endpoint';
import { productSuggestions } from '@dbo/domain/endpoints/catalog';
import { checkBalance } from '@dbo/domain/endpoints/customer-balance';
import * as customersApi from '@dbo/domain/endpoints/customers';
import { orderByNumber } from '@dbo/domain/endpoints/orders-staff';
import { companyStats } from '@dbo/domain/endpoints/reports';
import { type Answer, call, callForFile, endpointQuery } from '../../lib/endpoints';
import { changedBy, queryKeys, useWrite } from '../../lib/query-keys';
import type { ProductSuggestion } from './builder-model';

/** The body of POST /invoice and the full-form PUT /invoice/{id}, as the client sends it. */
export type { InvoiceRequestBody };

/** The customer embedded in an invoice answer (and the builder's customer list). */
export interface InvoiceCustomer {
  id: number;
  name: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  tabc_id?: string;
  cash_on_delivery?: boolean;
  deleted?: boolean;
  deleted_at?: string | null;
  contact_name?: string;
  contact_phone?: string;
  contact_email?: string;
}

/** The product embedded in an invoice line. */
export interface InvoiceProduct {
  /** null: a line whose product was removed (the answer keeps its name) */
  id?: number | null;
  product?: string;
  product_type?: string;
  product_size?: string;
  upc?: string | null;
  internal_sku?: string | null;
  last_purchase_price?: string | number | null;
  reorder_level?: number | null;
}

/** The company an invoice is printed for (its own copy on the invoice answer, else the session's). */
export interface InvoiceCompany {
  name?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  tabc_id?: string;
  default_logo_id?: number | null;
}

/** The invoice as the server answers it (GET /invoice/{id or number}, POST, PUT). */
export interface InvoiceItem {
  id?: number;
  product_id: number | null;
  product?: InvoiceProduct | string | null;
  product_name?: string;
  product_type?: string;
  product_size?: string;
  qty: number;
  price: string | number;
  taxable: boolean;
  total?: string | number;
  position?: number;
  on_deal: boolean;
  scanned?: boolean;
  last_purchase_price?: string | number | null;
  stock?: { qty: number; reorder_level: number | null; level: string; lowStockMarker: boolean };
  /** a line of an online order being invoiced: what the customer ordered (builder source only) */
  ordered?: { qty: number; price: number };
}

export interface InvoiceStampRange {
  roll_id: number;
  prefix?: string;
  from: number;
  to: number;
}

/** The invoice as the server answers it (GET /invoice/{id or number}, POST, PUT). */
export type Invoice = Answer<typeof invoicesApi.getInvoice>;

/**
 * What the builder edits before a save: a saved invoice (the server answer), or a new one made from an
 * online order or a Fintech upload. Looser than the answer, which is assignable to it.
 */
export interface InvoiceDraft {
  id: number;
  number: number;
  beer: boolean;
  display_number?: string;
  customer_id: number;
  customer?: InvoiceCustomer | null;
  /** grid and search rows carry the name instead of the customer */
  customer_name?: string;
  company?: InvoiceCompany | null;
  /** the online order a new invoice is made from */
  order_id?: number | null;
  /** the server answers any string; the builder narrows it (`builderStatus`) */
  status: string;
  items: InvoiceItem[];
  stamps: InvoiceStampRange[];
  payments?: { id: number; amount: string | number; received_at: string; note?: string }[];
  orders?: { id: number; order_number: number | string | null; status?: string; created_at?: string }[];
  statusInfo?: {
    id?: number;
    old_status?: string | null;
    new_status: string;
    created_at: string;
    /** what the change says beyond the status (a delivery: who received it, when, where) */
    note?: string | null;
    /** who changed the status (null: the system) */
    user?: { id: number; name: string } | null;
  }[];
  note: string;
  company_note: string;
  logo_id: number | null;
  logo?: { id: number; path: string } | null;
  invoiced_at: string;
  due_at: string | null;
  sub_total: string | number;
  tax_total: string | number;
  total: string | number;
  paid_total?: string | number;
  tax_rate?: string | number;
  created_at?: string;
  updated_at?: string;
  /** bumped by every write of the invoice; the builder sends back the one it loaded */
  version?: number;
  /** who made this version */
  updated_by?: { id: number; name: string } | null;
}

/** The line's product as an object (the answer may carry only its name). */
export const productOf = (item: InvoiceItem): InvoiceProduct =>
  typeof item.product === 'object' && item.product ? item.product : {};

/** A 'B' suffix marks beer invoices; with customer numbering the server sends {customerId}-{number}. */
export function displayNumber(inv: {
  number: number | string;
  beer?: boolean;
  display_number?: string | null;
}): string {
  if (inv.display_number) return String(inv.display_number);
  return `${inv.number}${inv.beer ? 'B' : ''}`;
}

export function useInvoice(ref: string | undefined) {
  return useQuery({
    ...endpointQuery(queryKeys.invoices.one(ref ?? ''), invoicesApi.getInvoice, { params: { ref: ref ?? '' } }),
    enabled: !!ref,
    staleTime: 0,
  });
}

/** Saves an invoice (create or full edit). Invalidates invoice queries, then calls onSuccess. */
export function useSaveInvoice(opts: { onSuccess?: (inv: Invoice) => void } = {}) {
  return useWrite(
    changedBy.invoice,
    ({ id, payload }: { id?: number; payload: InvoiceRequestBody }) =>
      id
        ? call(invoicesApi.updateInvoice, { params: { id }, body: payload })
        : call(invoicesApi.createInvoice, { body: payload }),
    opts.onSuccess,
  );
}

/** Partial update from the detail view: {status} or {invoiced_at} or {due_at}. */
export function usePatchInvoice(opts: { onSuccess?: (inv: Invoice) => void } = {}) {
  return useWrite(
    changedBy.invoice,
    ({ id, patch }: { id: number; patch: InvoiceStatusChange }) =>
      call(invoicesApi.updateInvoice, { params: { id }, body: patch }),
    opts.onSuccess,
  );
}

export function useDeleteInvoice(opts: { onSuccess?: () => void } = {}) {
  return useWrite(
    changedBy.invoice,
    (number: string) => call(invoicesApi.deleteInvoice, { params: { ref: number } }),
    () => opts.onSuccess?.(),
  );
}

/** The invoices grid's endpoint (the list page's ServerGrid reads it). */
export const invoiceGrid = invoicesApi.invoiceGrid;

/** An invoice as the recent list and the quick search show it (its customer's name, no lines). */
export type InvoiceListRow = Answer<typeof invoicesApi.recentInvoices>[number];

export function useRecentInvoices() {
  return useQuery(endpointQuery(queryKeys.invoices.recent, invoicesApi.recentInvoices, {}));
}

// ---- what the builder, its panels and the dashboard widgets read ----------------------------------

/** A customer as the builder lists and picks it. */
export type CustomerLite = InvoiceCustomer;

export function useCustomers() {
  return useQuery(endpointQuery(queryKeys.customers.list, customersApi.customers, {}));
}

/** The customer's TABC permit expiry (GET /customer/{id}/tabc-expiration). */
export function useCustomerPermit(customerId: number | null | undefined, enabled = true) {
  return useQuery({
    ...endpointQuery(queryKeys.customers.tabc(customerId ?? 0), customersApi.tabcExpiration, {
      params: { id: customerId ?? 0 },
    }),
    enabled: enabled && !!customerId,
    retry: false,
  });
}

/** What the customer owes on unpaid invoices (GET /customer/{id}/check-balance), asked fresh. */
export function useCustomerOwing(customerId: number, enabled = true) {
  return useQuery({
    ...endpointQuery(queryKeys.customers.checkBalance(customerId), checkBalance, { params: { id: customerId } }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** The open balance (less on-account credit) against the customer's credit limit. */
export function useCustomerReceivable(customerId: number, enabled = true) {
  return useQuery({
    ...endpointQuery(queryKeys.payments.receivable(customerId), customerReceivable, { params: { id: customerId } }),
    enabled,
    retry: false,
  });
}

/** The company's stamp rolls (GET /stamp/roll answers the list), read fresh when the builder opens. */
export function useStampRolls() {
  return useQuery({ ...endpointQuery(queryKeys.stamps.rolls, stampRolls, {}), staleTime: 0 });
}

/** The number a new invoice of this customer (and kind) would get. */
export function useNewInvoiceNumber(customerId: number | null, beer: boolean, enabled: boolean) {
  return useQuery({
    ...endpointQuery(queryKeys.invoices.newNumber(customerId, beer), invoicesApi.newNumber, {
      query: { customerId: customerId ?? undefined, beer: beer ? 'true' : undefined },
    }),
    enabled,
    staleTime: 0,
  });
}

/** The customer's last invoice (GET /invoice/last; 404 when there is none). */
export const fetchLastInvoice = (customerId: number) => call(invoicesApi.lastInvoice, { query: { customerId } });

/** The online order a new invoice is made from (?order= on the builder). */
export function useOrderToInvoice(orderRef: string | null) {
  return useQuery({
    ...endpointQuery(queryKeys.orders.one(orderRef), orderByNumber, { params: { number: orderRef ?? '' } }),
    enabled: !!orderRef,
    retry: false,
  });
}

/** GET /company/quick-search */
export type QuickSearchAnswer = Answer<typeof invoicesApi.quickSearch>;

/** Invoices by number and customers by name or permit (the dashboard's quick search). */
export function useQuickSearch(query: string, enabled: boolean) {
  return useQuery({
    ...endpointQuery(queryKeys.company.quickSearch(query), invoicesApi.quickSearch, { query: { query } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /company/stats */
export type CompanyStats = z.infer<typeof companyStatsOut>;

/** The company's invoice and order figures between two days (the dashboard's stats). */
export function useCompanyStats(from: string, to: string) {
  return useQuery({
    ...endpointQuery(queryKeys.company.statsRange(from, to), companyStats, { query: { from, to } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The invoice grid as CSV (summary or detailed), filtered and sorted as the grid is. */
export const exportInvoices = (query: EndpointArgs<typeof invoicesApi.invoiceExport>['query']) =>
  callForFile(invoicesApi.invoiceExport, { query });

/** GET /product/suggestions: the builder's product search (a name, SKU or UPC; the customer's tier prices). */
export function fetchSuggestions(query: string, customerId: number | null): Promise<ProductSuggestion[]> {
  return call(productSuggestions, {
    query: {
      query,
      customerId: customerId ?? undefined,
      excludingProductIds: undefined,
      excludingSourceProductIds: undefined,
    },
  }).then((res) => res?.suggestions ?? []);
}
