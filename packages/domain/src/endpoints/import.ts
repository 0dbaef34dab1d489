/** The import module's endpoints: a CSV/XLSX upload previewed or run as a job (multipart: no body schema). */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  IMPORT_KINDS,
  IMPORT_MSG,
  importJobOut,
  importJobParams,
  importJobsOut,
  importKindParams,
  importMappingOut,
  importPreviewOut,
  importRejectsOut,
  importStartedOut,
} from '../import.js';

/** the dry run: multipart `file` and `mapping`, nothing written */
export const previewImport = endpoint({
  method: 'POST',
  path: '/import/:kind/preview',
  params: importKindParams,
  response: importPreviewOut,
});

/** starts the import as a job: multipart `file`, `mapping`, `on_error` */
export const startImport = endpoint({
  method: 'POST',
  path: '/import/:kind',
  params: importKindParams,
  response: importStartedOut,
});

export const importJob = endpoint({
  method: 'GET',
  path: '/import/job/:id',
  params: importJobParams,
  response: importJobOut,
});

/** a CSV file of the rows the import refused */
export const importRejects = endpoint({
  method: 'GET',
  path: '/import/job/:id/rejects',
  params: importJobParams,
  response: importRejectsOut,
});

export const importJobs = endpoint({
  method: 'GET',
  path: '/import/jobs',
  query: z.object({ kind: z.enum(IMPORT_KINDS, { error: IMPORT_MSG.kind }).optional() }),
  response: importJobsOut,
});

export const importMapping = endpoint({
  method: 'GET',
  path: '/import/mapping/:kind',
  params: importKindParams,
  response: importMappingOut,
});
