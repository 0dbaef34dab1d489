import type { DestroyReason, rollReconciliationListOut, StampMonthly, StampRecord } from '@dbo/domain/stamp-record';
import type { DestroyEntry } from '@dbo/domain/stamps';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { http, request } from '../../lib/api';
import type { StampRoll } from '../../lib/answer-types';
import { changedBy, queryKeys, useWrite } from '../../lib/query-keys';

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

/** A logged run of stamps of one roll: who logged it and when. */
interface StampRun {
  id: number;
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
  note: string;
  logged_at: string;
  user: string | null;
}

export interface DestroyedEntry extends StampRun {
  reason: DestroyReason;
  replaces: string | null;
}

export interface StampLogRow extends StampRun {
  status: string;
  invoice_id: number | null;
  invoice_number: string | null;
  released_at: string | null;
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

/** A stamp change: it can move counts, sequences and the log, so every stamp query reloads first. */
function useStampMutation<V, R>(mutationFn: (v: V) => Promise<R>, onSuccess?: (r: R) => void) {
  return useWrite(changedBy.stamps, mutationFn, onSuccess);
}

type CreatedRoll = StampRoll & { warnings: string[] };
type UndoResult = { success: boolean; restored: number };

export const useCreateRoll = (onSuccess?: (r: CreatedRoll) => void) =>
  useStampMutation((roll: Record<string, unknown>) => http.post<CreatedRoll>('/stamp/roll', { roll }), onSuccess);

export const useSetRollActive = (onSuccess?: (r: StampRoll) => void) =>
  useStampMutation(
    (v: { id: number; active: boolean }) => http.put<StampRoll>(`/stamp/roll/${v.id}`, { active: v.active }),
    onSuccess,
  );

export const useDestroyStamps = (onSuccess?: (r: DestroyResult) => void) =>
  useStampMutation(
    (v: { roll_id: number; from: number; to: number; note?: string; reason?: DestroyReason; replaces?: string }) =>
      http.put<DestroyResult>(`/stamp/roll/${v.roll_id}/assign`, v),
    onSuccess,
  );

export const useUndoDestroy = (onSuccess?: (r: UndoResult) => void) =>
  useStampMutation(
    (ids: number[]) => http.del<UndoResult>('/stamp/undo-destroy', undefined, { ids: ids.join(',') }),
    onSuccess,
  );

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

/** The stamp log as CSV, filtered and sorted as the grid is. */
export const downloadStampLog = (query: Parameters<typeof http.get>[1]) =>
  request<Response>('GET', '/stamp/download', { raw: true, query });

/** One of the stamp record's files (CSV or PDF, `query.format`). */
export const fetchStampFile = (path: string, query: Record<string, string>) =>
  request<Response>('GET', path, { raw: true, query });
