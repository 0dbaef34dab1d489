import type { IntegrationName, IntegrationSaved, IntegrationSettings } from '@dbo/domain/integrations';
import type { PosPartner, SyncHistory, SyncLogRow } from '@dbo/domain/pos-sync';
import { POS_PATH, type syncStartedOut } from '@dbo/domain/pos-sync';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http, request } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** JSON dates come back as strings */
export type SyncHistoryAnswer = Omit<SyncHistory, 'lastSync'> & { lastSync: string | null };
export type SyncLogAnswer = (Omit<SyncLogRow, 'createdAt'> & { createdAt: string })[];
export type SyncStarted = z.infer<typeof syncStartedOut>;

export function useSyncHistory(partner: PosPartner) {
  return useQuery({
    queryKey: queryKeys.integrations.history(partner),
    queryFn: () => http.get<SyncHistoryAnswer>(`/${POS_PATH[partner]}/sync/history`),
  });
}

export function useSyncLog(partner: PosPartner, syncId: string) {
  return useQuery({
    queryKey: queryKeys.integrations.log(partner, syncId),
    queryFn: () => http.get<SyncLogAnswer>(`/${POS_PATH[partner]}/sync-log/${encodeURIComponent(syncId)}`),
  });
}

export function useStartSync(partner: PosPartner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { what: 'invoices' | 'products'; invoiceId?: number; onlyFirstChunk?: boolean }) =>
      http.get<SyncStarted>(
        `/${POS_PATH[partner]}/sync-${v.what}`,
        v.what === 'invoices'
          ? { filterModel: v.invoiceId ? { id: v.invoiceId } : undefined }
          : { onlyFirstChunk: v.onlyFirstChunk || undefined },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.integrations.history(partner) }),
  });
}

/** GET /bottle-pos/export-invoices as a file download. */
export async function exportBottlePosInvoices(filterModel?: Record<string, unknown>): Promise<Blob> {
  const res = await request<Response>('GET', '/bottle-pos/export-invoices', {
    query: { filterModel },
    raw: true,
  });
  return res.blob();
}

/** The partners' API keys as the settings show them (masked). */
export function useCredentials() {
  return useQuery({
    queryKey: queryKeys.integrations.credentials('all'),
    queryFn: () =>
      http.get<{ integrations: IntegrationSettings[] }>('/company/integration').then((r) => r.integrations),
  });
}

/** Saves a partner's API key; a point of sale's is tested as it is saved. */
export const saveIntegrationKey = (name: IntegrationName, api_key: string) =>
  http.put<IntegrationSaved>(`/company/integration/${name}`, { api_key });

export const removeIntegrationKey = (name: IntegrationName) =>
  http.del<IntegrationSettings>(`/company/integration/${name}`);
