import type { DestroyReason, rollReconciliationListOut, StampMonthly, StampRecord } from '@dbo/domain/stamp-record';
import type { DestroyEntry } from '@dbo/domain/stamps';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api';
import type { StampRoll } from '../../lib/answer-types';
import { changedBy, invalidate, queryKeys } from '../../lib/query-keys';

export interface StampRemaining {
  availableStampCount: number;
  firstAvailableStamp: number | null;
  totalStampCount: number;
  currentRoll: StampRoll | null;
  usableRollCount: number;
  rollCount: number;
  stamp_threshold: number;
  low: boolean;
}

export interface DestroyResult {
  roll_id: number;
  from: number;
  to: number;
  note: string;
  reason: DestroyReason;
  replaces: string | null;
  destroyed: number;
  entries: DestroyEntry[];
  messages: string[];
}

export interface DestroyedEntry {
  id: number;
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
  note: string;
  reason: DestroyReason;
  replaces: string | null;
  logged_at: string;
  user: string | null;
}

export interface StampLogRow {
  id: number;
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
  status: string;
  note: string;
  invoice_id: number | null;
  invoice_number: string | null;
  logged_at: string;
  released_at: string | null;
  user: string | null;
}

const stampKeys = queryKeys.stamps;

export function useStampRolls() {
  return useQuery({ queryKey: stampKeys.rolls, queryFn: () => http.get<StampRoll[]>('/stamp/roll') });
}

export function useStampRemaining() {
  return useQuery({
    queryKey: stampKeys.remaining,
    queryFn: () => http.get<StampRemaining>('/stamp/remaining'),
    retry: false,
  });
}

export function useDestroyedStamps() {
  return useQuery({ queryKey: stampKeys.destroyed, queryFn: () => http.get<DestroyedEntry[]>('/stamp/destroyed') });
}

/** Every stamp change can move counts, sequences and the log: reload all stamp queries. */
function useInvalidateStamps() {
  const qc = useQueryClient();
  return () => invalidate(qc, changedBy.stamps);
}

export function useCreateRoll(onSuccess?: (r: StampRoll & { warnings: string[] }) => void) {
  const invalidate = useInvalidateStamps();
  return useMutation({
    mutationFn: (roll: Record<string, unknown>) =>
      http.post<StampRoll & { warnings: string[] }>('/stamp/roll', { roll }),
    onSuccess: async (r) => {
      await invalidate();
      onSuccess?.(r);
    },
  });
}

export function useSetRollActive(onSuccess?: (r: StampRoll) => void) {
  const invalidate = useInvalidateStamps();
  return useMutation({
    mutationFn: (v: { id: number; active: boolean }) =>
      http.put<StampRoll>(`/stamp/roll/${v.id}`, { active: v.active }),
    onSuccess: async (r) => {
      await invalidate();
      onSuccess?.(r);
    },
  });
}

export function useDestroyStamps(onSuccess?: (r: DestroyResult) => void) {
  const invalidate = useInvalidateStamps();
  return useMutation({
    mutationFn: (v: {
      roll_id: number;
      from: number;
      to: number;
      note?: string;
      reason?: DestroyReason;
      replaces?: string;
    }) => http.put<DestroyResult>(`/stamp/roll/${v.roll_id}/assign`, v),
    onSuccess: async (r) => {
      await invalidate();
      onSuccess?.(r);
    },
  });
}

export function useUndoDestroy(onSuccess?: (r: { success: boolean; restored: number }) => void) {
  const invalidate = useInvalidateStamps();
  return useMutation({
    mutationFn: (ids: number[]) =>
      http.del<{ success: boolean; restored: number }>('/stamp/undo-destroy', undefined, { ids: ids.join(',') }),
    onSuccess: async (r) => {
      await invalidate();
      onSuccess?.(r);
    },
  });
}

export type RollReconciliationList = z.infer<typeof rollReconciliationListOut>;

/** TABC's stamp transaction record for a range of days (Texas). */
export function useStampRecord(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: stampKeys.record(from, to),
    queryFn: () => http.get<StampRecord>('/stamp/record', { from, to }),
    enabled,
    retry: false,
  });
}

export function useStampMonthly(month: string) {
  return useQuery({
    queryKey: stampKeys.monthly(month),
    queryFn: () => http.get<StampMonthly>('/stamp/monthly', { month }),
    retry: false,
  });
}

export function useRollReconciliation() {
  return useQuery({
    queryKey: stampKeys.reconciliation,
    queryFn: () => http.get<RollReconciliationList>('/stamp/roll/reconciliation'),
  });
}
