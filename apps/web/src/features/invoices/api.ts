import type { InvoiceStatus } from '@dbo/domain/constants';
import type { InvoiceRequestBody, InvoiceStatusChange } from '@dbo/domain/invoice';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/api';
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
  id?: number;
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

export interface Invoice {
  id: number;
  number: number;
  beer: boolean;
  display_number?: string;
  customer_id: number;
  customer?: InvoiceCustomer;
  /** grid and search rows carry the name instead of the customer */
  customer_name?: string;
  company?: InvoiceCompany;
  /** the online order a new invoice is made from */
  order_id?: number | null;
  status: InvoiceStatus;
  items: InvoiceItem[];
  stamps: InvoiceStampRange[];
  payments?: { id: number; amount: string | number; received_at: string; note?: string }[];
  orders?: { id: number; order_number: number | string; status?: string; created_at?: string }[];
  statusInfo?: {
    id?: number;
    old_status?: string | null;
    new_status: string;
    created_at: string;
    /** what the change says beyond the status (a delivery: who received it, when, where) */
    note?: string | null;
    user?: { name?: string } | null;
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
    queryKey: queryKeys.invoices.one(ref ?? ''),
    queryFn: () => http.get<Invoice>(`/invoice/${encodeURIComponent(ref ?? '')}`),
    enabled: !!ref,
    staleTime: 0,
  });
}

/** Saves an invoice (create or full edit). Invalidates invoice queries, then calls onSuccess. */
export function useSaveInvoice(opts: { onSuccess?: (inv: Invoice) => void } = {}) {
  return useWrite(
    changedBy.invoice,
    ({ id, payload }: { id?: number; payload: InvoiceRequestBody }) =>
      id ? http.put<Invoice>(`/invoice/${id}`, payload) : http.post<Invoice>('/invoice', payload),
    opts.onSuccess,
  );
}

/** Partial update from the detail view: {status} or {invoiced_at} or {due_at}. */
export function usePatchInvoice(opts: { onSuccess?: (inv: Invoice) => void } = {}) {
  return useWrite(
    changedBy.invoice,
    ({ id, patch }: { id: number; patch: InvoiceStatusChange }) => http.put<Invoice>(`/invoice/${id}`, patch),
    opts.onSuccess,
  );
}

export function useDeleteInvoice(opts: { onSuccess?: () => void } = {}) {
  return useWrite(
    changedBy.invoice,
    (number: string) => http.del(`/invoice/${encodeURIComponent(number)}`),
    () => opts.onSuccess?.(),
  );
}

export function useRecentInvoices() {
  return useQuery({
    queryKey: queryKeys.invoices.recent,
    queryFn: () => http.get<Invoice[] | { invoices?: Invoice[]; rows?: Invoice[] }>('/invoice/recent'),
    select: (res): Invoice[] => (Array.isArray(res) ? res : (res?.invoices ?? res?.rows ?? [])),
  });
}

/** GET /product/suggestions: the builder's product search (a name, SKU or UPC; the customer's tier prices). */
export function fetchSuggestions(query: string, customerId: number | null): Promise<ProductSuggestion[]> {
  return http
    .get<{ suggestions: ProductSuggestion[] }>('/product/suggestions', { query, customerId: customerId ?? undefined })
    .then((res) => res?.suggestions ?? []);
}
