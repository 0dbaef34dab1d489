import * as api from '@dbo/domain/endpoints/import';
import type { ImportKind, ImportMapping, OnError } from '@dbo/domain/import';
import { useQuery } from '@tanstack/react-query';
import { downloadBlob } from '../../lib/api';
import { call, callForFile } from '../../lib/endpoints';
import { queryKeys } from '../../lib/query-keys';

/** Keys of this feature only (no other feature reads imports). */
export const importKeys = queryKeys.imports;

function form(file: File, mapping: ImportMapping | null, onError?: OnError) {
  const body = new FormData();
  // text fields first: the server reads the parts in order and the file is the big one
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  if (onError) body.append('on_error', onError);
  body.append('file', file, file.name);
  return body;
}

export const previewImport = (kind: ImportKind, file: File, mapping: ImportMapping | null) =>
  call(api.previewImport, { params: { kind }, body: form(file, mapping) });

export const startImport = (kind: ImportKind, file: File, mapping: ImportMapping, onError: OnError) =>
  call(api.startImport, { params: { kind }, body: form(file, mapping, onError) });

/** The job, polled every second while it runs. */
export function useImportJob(id: number | null) {
  return useQuery({
    queryKey: importKeys.job(id ?? 0),
    queryFn: () => call(api.importJob, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  });
}

export function useRecentImports() {
  return useQuery({ queryKey: importKeys.jobs, queryFn: () => call(api.importJobs, {}) });
}

export async function downloadRejects(id: number) {
  const res = await callForFile(api.importRejects, { params: { id } });
  downloadBlob(await res.blob(), `import-${id}-rejected.csv`);
}
