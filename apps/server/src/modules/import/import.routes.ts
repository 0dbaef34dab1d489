import * as api from '@dbo/domain/endpoints/import';
import {
  IMPORT_LIMITS,
  IMPORT_MSG,
  type ImportKind,
  missingFields,
  type OnError,
  onErrorSchema,
} from '@dbo/domain/import';
import { routeOf } from '../../lib/endpoint-route.js';
import { badRequest } from '../../lib/errors.js';
import type { App, FastifyRequest } from '../../lib/http.js';
import { readUpload } from '../../lib/upload.js';
import { readSheet } from './import.parse.js';
import { failAbandonedJobs, startImportJob } from './import.runner.js';
import {
  assertKindAvailable,
  getJob,
  listJobs,
  parseMappingField,
  previewImport,
  rejectsCsv,
  rememberedMapping,
  rememberMapping,
  resolveMapping,
} from './import.service.js';
import { sendCsv } from '../../lib/download.js';

const tags = ['import'];

const MULTIPART_NOTE =
  'multipart/form-data: `file` (CSV or XLSX, at most 20 MB and 50,000 rows), `mapping` (JSON: our field name -> the column header; absent: the remembered mapping, else guessed from the headers)';

/** The upload: the file and the text fields, in any order. */
async function readImportUpload(req: FastifyRequest) {
  const { file, fields } = await readUpload(req, {
    fileField: 'file',
    limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 10 },
    messages: { tooLarge: IMPORT_MSG.fileTooLarge, missing: IMPORT_MSG.fileMissing },
  });
  if (file.buffer.length === 0) throw badRequest(IMPORT_MSG.fileMissing);
  return { file: { name: file.filename ?? '', buffer: file.buffer }, fields };
}

export async function privateRoutes(app: App) {
  const { db } = app.deps;
  const runner = {
    db,
    wiring: app.deps.wiring,
    log: app.log,
    onFinished: (companyId: number, kind: ImportKind) => app.deps.emit(companyId, 'import:update', { kind }),
  };
  app.addHook('onReady', async () => {
    const n = await failAbandonedJobs(db);
    if (n) app.log.warn({ jobs: n }, 'import jobs left running by a stopped server marked failed');
  });

  app.route({
    ...routeOf(api.previewImport, {
      tags,
      description: `The dry run: every row validated and matched, nothing written. ${MULTIPART_NOTE}. Row numbers count the header as row 1.`,
    }),
    handler: async (req) => {
      const { kind } = req.params;
      const writer = { companyId: req.auth.companyId, userId: req.auth.userId };
      await assertKindAvailable(db, writer.companyId, kind);
      const { file, fields } = await readImportUpload(req);
      const sheet = await readSheet(file.buffer);
      return previewImport(app.deps.wiring, db, kind, writer, sheet, parseMappingField(fields.mapping));
    },
  });

  app.route({
    ...routeOf(api.startImport, {
      tags,
      description: `Starts the import as a job and answers its id. ${MULTIPART_NOTE}, \`on_error\`: abort (all or nothing, the default) or skip (bad rows left out). The mapping is remembered for the company.`,
    }),
    handler: async (req) => {
      const { kind } = req.params;
      const { companyId, userId } = req.auth;
      await assertKindAvailable(db, companyId, kind);
      const { file, fields } = await readImportUpload(req);
      const onError = onErrorSchema.safeParse(fields.on_error || 'abort');
      if (!onError.success) throw badRequest(IMPORT_MSG.onError);
      const sheet = await readSheet(file.buffer);
      const mapping = await resolveMapping(db, companyId, kind, sheet.headers, parseMappingField(fields.mapping));
      const missing = missingFields(kind, mapping);
      if (missing.length) throw badRequest(IMPORT_MSG.missingFields(missing));
      await rememberMapping(db, companyId, kind, mapping);
      const jobId = await startImportJob(runner, {
        companyId,
        userId,
        kind,
        onError: onError.data as OnError,
        fileName: file.name,
        sheet,
        mapping,
      });
      return { jobId };
    },
  });

  app.route({
    ...routeOf(api.importJob, {
      tags,
      description: 'An import: status (running, done, failed), rows done of total, counts, errors (row, message).',
    }),
    handler: async (req) => getJob(db, req.auth.companyId, req.params.id),
  });

  app.route({
    ...routeOf(api.importRejects, {
      tags,
      description: 'CSV of the rows the import refused: Row, Reason, then the row as in the file.',
      produces: ['text/csv'],
    }),
    handler: async (req, reply) => {
      const csv = await rejectsCsv(db, req.auth.companyId, req.params.id);
      return sendCsv(reply, `import-${req.params.id}-rejected.csv`, csv);
    },
  });

  app.route({
    ...routeOf(api.importJobs, {
      tags,
      description: 'The company’s 20 latest imports, newest first (without their errors).',
    }),
    handler: async (req) => listJobs(db, req.auth.companyId, req.query.kind),
  });

  app.route({
    ...routeOf(api.importMapping, {
      tags,
      description: 'The mapping the company last imported this kind with ({} before the first import).',
    }),
    handler: async (req) => ({
      kind: req.params.kind,
      mapping: await rememberedMapping(db, req.auth.companyId, req.params.kind),
    }),
  });
}
