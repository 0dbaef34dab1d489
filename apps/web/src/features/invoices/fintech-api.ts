import type { ConvertedInvoice, FintechLogEntry, MpowerInvoice } from '@dbo/domain/fintech';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadResponse, http, type RequestOptions, request } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { Invoice } from './api';
import { NEW_DRAFT_BLANKS } from './builder-model';

/** Under the invoice prefix, so every invoice invalidation refreshes it too. */
const fintechLogKey = (invoiceId: number) => ['invoice', 'fintech-log', invoiceId] as const;

export function useFintechLog(invoiceId: number) {
  return useQuery({
    queryKey: fintechLogKey(invoiceId),
    queryFn: () => http.get<FintechLogEntry[]>('/fintech/sync-log', { invoiceIds: String(invoiceId) }),
    staleTime: 0,
  });
}

/** POST /fintech/sync: answers the run's log entry (a failed run is an answer too, with its error_log). */
export function useFintechSync(invoiceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => request<FintechLogEntry>('POST', '/fintech/sync', { query: { invoiceIds: String(invoiceId) } }),
    onSettled: () => qc.invalidateQueries({ queryKey: fintechLogKey(invoiceId) }),
  });
}

/** GET /mpower/{id}/sync: MPower's answer or the error, also kept on the invoice. */
export function useMpowerSync(invoiceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.get<MpowerInvoice>(`/mpower/${invoiceId}/sync`),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.invoices.all }),
  });
}

/** POST /invoice/convert with the file in field `invoice`. */
export function convertFintechFile(file: File) {
  const form = new FormData();
  form.append('invoice', file, file.name);
  return request<ConvertedInvoice>('POST', '/invoice/convert', { body: form });
}

async function downloadCsv(path: string, query: RequestOptions['query'], fallbackName: string) {
  await downloadResponse(await request<Response>('GET', path, { query, raw: true }), fallbackName);
}

export const downloadFintechSample = () => downloadCsv('/fintech/sample-invoice', {}, 'fintech-sample-invoice.csv');
export const downloadFintechExport = (query: RequestOptions['query']) =>
  downloadCsv('/fintech/export', query, 'fintech-invoices.csv');

/** The converted file as the builder's source: a new draft with the matched customer and lines. */
export function invoiceFromFintech(d: ConvertedInvoice): Invoice {
  return {
    id: 0,
    number: 0,
    beer: d.beer,
    customer_id: d.customer?.id ?? 0,
    customer: d.customer ?? undefined,
    status: 'draft',
    items: d.items.map((i, position) => ({
      product_id: i.product_id,
      product: {
        id: i.product_id,
        product: i.product_name,
        product_type: i.product_type,
        product_size: i.product_size,
        upc: i.upc,
        last_purchase_price: i.last_purchase_price,
        reorder_level: i.reorder_level,
      },
      product_name: i.product_name,
      product_type: i.product_type,
      product_size: i.product_size,
      qty: i.qty,
      price: i.price,
      taxable: i.taxable,
      on_deal: false,
      position,
      last_purchase_price: i.last_purchase_price,
    })),
    stamps: [],
    note: '',
    ...NEW_DRAFT_BLANKS,
  };
}
