import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api';

/** The invoice as the server answers it (GET /invoice/{id or number}, POST, PUT). */
export interface InvoiceItem {
  id?: number;
  product_id: number | null;
  product?: any;
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
  customer?: any;
  status: string;
  items: InvoiceItem[];
  stamps: InvoiceStampRange[];
  payments?: { id: number; amount: string | number; received_at: string; note?: string }[];
  orders?: { id: number; order_number: number | string; status?: string; created_at?: string }[];
  statusInfo?: { id?: number; old_status?: string | null; new_status: string; created_at: string; user?: any }[];
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
  [key: string]: any;
}

export interface InvoicePayload {
  customer: { id: number };
  items: { product_id: number; qty: number; price: number; taxable: boolean; on_deal: boolean; scanned: boolean }[];
  stamps: { roll_id: number; from: number; to: number }[];
  note: string;
  company_note: string;
  status: string;
  invoiced_at: string;
  due_at: string | null;
  logo_id: number | null;
  force?: boolean;
}

/** A 'B' suffix marks beer invoices; with customer numbering the server sends {customerId}-{number}. */
export function displayNumber(inv: {
  number: number | string;
  beer?: boolean;
  display_number?: string | null;
}): string {
  if (inv.display_number) return String(inv.display_number);
  return `${inv.number}${inv.beer ? 'B' : ''}`;
}

export const invoiceKeys = {
  all: ['invoice'] as const,
  one: (ref: string) => ['invoice', 'one', ref] as const,
  recent: ['invoice', 'recent'] as const,
};

export function useInvoice(ref: string | undefined) {
  return useQuery({
    queryKey: invoiceKeys.one(ref ?? ''),
    queryFn: () => http.get<Invoice>(`/invoice/${encodeURIComponent(ref ?? '')}`),
    enabled: !!ref,
    staleTime: 0,
  });
}

/** Saves an invoice (create or full edit). Invalidates invoice queries, then calls onSuccess. */
export function useSaveInvoice(opts: { onSuccess?: (inv: Invoice) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: InvoicePayload }) =>
      id ? http.put<Invoice>(`/invoice/${id}`, payload) : http.post<Invoice>('/invoice', payload),
    onSuccess: async (inv) => {
      await qc.invalidateQueries({ queryKey: invoiceKeys.all });
      await qc.invalidateQueries({ queryKey: ['stamp'] });
      await qc.invalidateQueries({ queryKey: ['company', 'stats'] });
      opts.onSuccess?.(inv);
    },
  });
}

/** Partial update from the detail view: {status} or {invoiced_at} or {due_at}. */
export function usePatchInvoice(opts: { onSuccess?: (inv: Invoice) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: Partial<Pick<Invoice, 'status' | 'invoiced_at' | 'due_at'>> }) =>
      http.put<Invoice>(`/invoice/${id}`, patch),
    onSuccess: async (inv) => {
      await qc.invalidateQueries({ queryKey: invoiceKeys.all });
      await qc.invalidateQueries({ queryKey: ['stamp'] });
      opts.onSuccess?.(inv);
    },
  });
}

export function useDeleteInvoice(opts: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (number: string) => http.del(`/invoice/${encodeURIComponent(number)}`),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: invoiceKeys.all });
      opts.onSuccess?.();
    },
  });
}

export function useRecentInvoices() {
  return useQuery({
    queryKey: invoiceKeys.recent,
    queryFn: () => http.get<any>('/invoice/recent'),
    select: (res): Invoice[] => (Array.isArray(res) ? res : (res?.invoices ?? res?.rows ?? [])),
  });
}
