import * as stampLog from '@dbo/domain/endpoints/stamp-log';
import * as api from '@dbo/domain/endpoints/stamps';
import type { DestroyReason } from '@dbo/domain/stamp-record';
import { useQuery } from '@tanstack/react-query';
import type { EndpointArgs } from '@dbo/domain/endpoint';
import { type Answer, call, callForFile, endpointQuery } from '../../lib/endpoints';
import { changedBy, queryKeys, useWrite } from '../../lib/query-keys';

export type StampRoll = Answer<typeof api.stampRolls>[number];
export type StampRemaining = Answer<typeof api.stampRemaining>;
export type DestroyResult = Answer<typeof api.destroyStamps>;
export type DestroyedEntry = Answer<typeof api.destroyedStamps>[number];
export type StampLogRow = Answer<typeof stampLog.stampLogGrid>['rows'][number];
export type RollReconciliationList = Answer<typeof api.rollReconciliation>;

/** The stamp log's grid endpoint (the page's ServerGrid reads it). */
export const stampLogGrid = stampLog.stampLogGrid;

const stampKeys = queryKeys.stamps;

export function useStampRolls() {
  return useQuery(endpointQuery(stampKeys.rolls, api.stampRolls, {}));
}

export function useStampRemaining() {
  return useQuery({ ...endpointQuery(stampKeys.remaining, api.stampRemaining, {}), retry: false });
}

export function useDestroyedStamps() {
  return useQuery(endpointQuery(stampKeys.destroyed, api.destroyedStamps, {}));
}

/** A stamp change: it can move counts, sequences and the log, so every stamp query reloads first. */
function useStampMutation<V, R>(mutationFn: (v: V) => Promise<R>, onSuccess?: (r: R) => void) {
  return useWrite(changedBy.stamps, mutationFn, onSuccess);
}

type CreatedRoll = Answer<typeof api.createStampRoll>;
type UndoResult = Answer<typeof api.undoDestroy>;
type RollFields = EndpointArgs<typeof api.createStampRoll>['body'];

export const useCreateRoll = (onSuccess?: (r: CreatedRoll) => void) =>
  useStampMutation((roll: RollFields) => call(api.createStampRoll, { body: { roll } }), onSuccess);

export const useSetRollActive = (onSuccess?: (r: StampRoll) => void) =>
  useStampMutation(
    (v: { id: number; active: boolean }) =>
      call(api.updateStampRoll, { params: { id: v.id }, body: { active: v.active } }),
    onSuccess,
  );

export const useDestroyStamps = (onSuccess?: (r: DestroyResult) => void) =>
  useStampMutation(
    (v: { roll_id: number; from: number; to: number; note?: string; reason?: DestroyReason; replaces?: string }) =>
      call(api.destroyStamps, { params: { rollId: v.roll_id }, body: v }),
    onSuccess,
  );

export const useUndoDestroy = (onSuccess?: (r: UndoResult) => void) =>
  useStampMutation((ids: number[]) => call(api.undoDestroy, { query: { ids: ids.join(',') } }), onSuccess);

/** A report answered as JSON (no format asked): never its CSV text. */
function jsonReport<T>(answer: T | string): T {
  if (typeof answer === 'string') throw new Error('The report came back as a file');
  return answer;
}

/** TABC's stamp transaction record for a range of days (Texas). */
export function useStampRecord(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: stampKeys.record(from, to),
    queryFn: ({ signal }) => call(api.stampRecord, { query: { from, to } }, { signal }).then(jsonReport),
    enabled,
    retry: false,
  });
}

export function useStampMonthly(month: string) {
  return useQuery({
    queryKey: stampKeys.monthly(month),
    queryFn: ({ signal }) => call(api.stampMonthly, { query: { month } }, { signal }).then(jsonReport),
    retry: false,
  });
}

export function useRollReconciliation() {
  return useQuery(endpointQuery(stampKeys.reconciliation, api.rollReconciliation, {}));
}

/** The stamp log as CSV, filtered and sorted as the grid is. */
export const downloadStampLog = (query: EndpointArgs<typeof stampLog.stampLogDownload>['query']) =>
  callForFile(stampLog.stampLogDownload, { query });

/** The stamp files: TABC's record for a range of days (`from`, `to`), the monthly report (`month`). */
export type StampReport = 'record' | 'monthly';

/** One of the stamp record's files (CSV or PDF). */
export const fetchStampFile = (report: StampReport, query: Record<string, string>, format: 'csv' | 'pdf') =>
  report === 'record'
    ? callForFile(api.stampRecord, { query: { from: query.from, to: query.to, format } })
    : callForFile(api.stampMonthly, { query: { month: query.month, format } });
