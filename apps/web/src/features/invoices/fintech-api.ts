import * as api from '@dbo/domain/endpoints/fintech';
import { mpowerSync } from '@dbo/domain/endpoints/mpower';
import type { EndpointArgs } from '@dbo/domain/endpoint';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadResponse } from '../../lib/api';
import { type Answer, call, callForFile } from '../../lib/endpoints';
import { queryKeys } from '../../lib/query-keys';
import type { InvoiceDraft } from './api';
import { NEW_DRAFT_BLANKS } from './builder-model';

/** Under the invoice prefix, so every invoice invalidation refreshes it too. */
const fintechLogKey = (invoiceId: number) => ['invoice', 'fintech-log', invoiceId] as const;

export function useFintechLog(invoiceId: number) {
  return useQuery({
    queryKey: fintechLogKey(invoiceId),
    queryFn: () => call(api.fintechSyncLog, { query: { invoiceIds: String(invoiceId) } }),
    staleTime: 0,
  });
}

/** POST /fintech/sync: answers the run's log entry (a failed run is an answer too, with its error_log). */
export function useFintechSync(invoiceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.fintechSync, { query: { invoiceIds: String(invoiceId) } }),
    onSettled: () => qc.invalidateQueries({ queryKey: fintechLogKey(invoiceId) }),
  });
}

/** GET /mpower/{id}/sync: MPower's answer or the error, also kept on the invoice. */
export function useMpowerSync(invoiceId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(mpowerSync, { params: { id: invoiceId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.invoices.all }),
  });
}

/** POST /invoice/convert with the file in field `invoice`. */
export function convertFintechFile(file: File) {
  const form = new FormData();
  form.append('invoice', file, file.name);
  return call(api.convertInvoice, { body: form });
}

export const downloadFintechSample = async () =>
  downloadResponse(await callForFile(api.fintechSampleInvoice, {}), 'fintech-sample-invoice.csv');
export const downloadFintechExport = async (query: EndpointArgs<typeof api.fintechExport>['query']) =>
  downloadResponse(await callForFile(api.fintechExport, { query }), 'fintech-invoices.csv');

/** A fintech invoice file converted into a draft (POST /invoice/convert). */
export type ConvertedInvoice = Answer<typeof api.convertInvoice>;

/** The converted file as the builder's source: a new draft with the matched customer and lines. */
export function invoiceFromFintech(d: ConvertedInvoice): InvoiceDraft {
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
