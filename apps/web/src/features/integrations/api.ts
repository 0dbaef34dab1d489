import * as credentials from '@dbo/domain/endpoints/credentials';
import * as pos from '@dbo/domain/endpoints/pos';
import type { IntegrationName } from '@dbo/domain/integrations';
import type { PosPartner } from '@dbo/domain/pos-sync';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, call, callForFile, endpointQuery } from '../../lib/endpoints';
import { queryKeys } from '../../lib/query-keys';

/** Each partner's sync endpoints (GET /bottle-pos/..., /clover/...). */
const POS_ENDPOINTS: Record<PosPartner, ReturnType<typeof pos.posEndpoints>> = {
  bottle_pos: pos.bottlePos,
  clover: pos.clover,
};

export type SyncHistoryAnswer = Answer<typeof pos.clover.syncHistory>;
export type SyncLogAnswer = Answer<typeof pos.clover.syncLog>;
export type SyncStarted = Answer<typeof pos.clover.syncInvoices>;

export function useSyncHistory(partner: PosPartner) {
  return useQuery(endpointQuery(queryKeys.integrations.history(partner), POS_ENDPOINTS[partner].syncHistory, {}));
}

export function useSyncLog(partner: PosPartner, syncId: string) {
  return useQuery(
    endpointQuery(queryKeys.integrations.log(partner, syncId), POS_ENDPOINTS[partner].syncLog, {
      params: { syncId },
    }),
  );
}

export function useStartSync(partner: PosPartner) {
  const qc = useQueryClient();
  const ep = POS_ENDPOINTS[partner];
  return useMutation({
    mutationFn: (v: {
      what: 'invoices' | 'products';
      invoiceId?: number;
      onlyFirstChunk?: boolean;
    }): Promise<SyncStarted> =>
      v.what === 'invoices'
        ? call(ep.syncInvoices, { query: { filterModel: v.invoiceId ? { id: v.invoiceId } : undefined } })
        : call(ep.syncProducts, { query: { onlyFirstChunk: v.onlyFirstChunk || undefined } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.integrations.history(partner) }),
  });
}

/** GET /bottle-pos/export-invoices as a file download. */
export async function exportBottlePosInvoices(filterModel?: Record<string, unknown>): Promise<Blob> {
  const res = await callForFile(pos.bottlePos.exportInvoices, { query: { filterModel } });
  return res.blob();
}

/** The partners' API keys as the settings show them (masked). */
export function useCredentials() {
  return useQuery({
    queryKey: queryKeys.integrations.credentials('all'),
    queryFn: () => call(credentials.integrations, {}).then((r) => r.integrations),
  });
}

/** Saves a partner's API key; a point of sale's is tested as it is saved. */
export const saveIntegrationKey = (name: IntegrationName, api_key: string) =>
  call(credentials.saveIntegration, { params: { name }, body: { api_key } });

export const removeIntegrationKey = (name: IntegrationName) =>
  call(credentials.removeIntegration, { params: { name } });
