import type {
  ImportJob,
  ImportJobSummary,
  ImportKind,
  ImportMapping,
  ImportPreview,
  OnError,
} from '@dbo/domain/import';
import { useQuery } from '@tanstack/react-query';
import { downloadBlob, http, request } from '../../lib/api';
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
  request<ImportPreview>('POST', `/import/${kind}/preview`, { body: form(file, mapping) });

export const startImport = (kind: ImportKind, file: File, mapping: ImportMapping, onError: OnError) =>
  request<{ jobId: number }>('POST', `/import/${kind}`, { body: form(file, mapping, onError) });

/** The job, polled every second while it runs. */
export function useImportJob(id: number | null) {
  return useQuery({
    queryKey: importKeys.job(id ?? 0),
    queryFn: () => http.get<ImportJob>(`/import/job/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  });
}

export function useRecentImports() {
  return useQuery({ queryKey: importKeys.jobs, queryFn: () => http.get<ImportJobSummary[]>('/import/jobs') });
}

export async function downloadRejects(id: number) {
  const res = await request<Response>('GET', `/import/job/${id}/rejects`, { raw: true });
  downloadBlob(await res.blob(), `import-${id}-rejected.csv`);
}
