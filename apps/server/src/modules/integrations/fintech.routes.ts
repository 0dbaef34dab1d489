import * as api from '@dbo/domain/endpoints/fintech';
import { FINTECH_MAX_FILE_BYTES, FINTECH_MSG } from '@dbo/domain/fintech';
import { todayInTexas } from '@dbo/domain/dates';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../../config.js';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App, FastifyRequest } from '../../lib/http.js';
import { readUpload } from '../../lib/upload.js';
import { convertFintechFile } from './fintech-convert.service.js';
import { fintechExportCsv } from './fintech-export.service.js';
import { fintechSyncLog, requireFintechFeature, syncInvoicesToFintech } from './fintech.service.js';
import { sendCsv } from '../../lib/download.js';

const tags = ['fintech'];

/** The sample upload (also read by the tests); src/ is there whether the server runs from src or dist. */
export const SAMPLE_INVOICE_FILE = path.join(SERVER_ROOT, 'src/integrations/fintech/sample-invoice.csv');

/** Multipart: the fintech invoice file in field `invoice` (other fields ignored). */
async function readInvoiceFile(req: FastifyRequest): Promise<Buffer> {
  const { file } = await readUpload(req, {
    fileField: 'invoice',
    limits: { fileSize: FINTECH_MAX_FILE_BYTES, files: 1, fields: 10 },
    messages: { tooLarge: FINTECH_MSG.fileTooLarge, missing: FINTECH_MSG.fileMissing },
  });
  return file.buffer;
}

export async function privateRoutes(app: App) {
  const { db } = app.deps;

  app.route({
    ...routeOf(api.fintechSync, {
      tags,
      description:
        'Files the invoices with the fintech clearing house now (retries honour Retry-After); answers the sync log entry. 400 names what is not set up (company has_fintech / fintech_id, customer fintech_option / fintech_id, the API key); 403 when the fintech feature is off.',
    }),
    handler: async (req) => syncInvoicesToFintech(app.deps, req.auth.companyId, req.query.invoiceIds),
  });

  app.route({
    ...routeOf(api.fintechSyncLog, {
      tags,
      description: 'The fintech sync runs that touched any of the invoices, newest first.',
    }),
    handler: async (req) => fintechSyncLog(db, req.auth.companyId, req.query.invoiceIds),
  });

  app.route({
    ...routeOf(api.fintechExport, {
      tags,
      description:
        'The fintech file of the invoices the grid selects (same filterModel, sortModel, customerId as /invoice/export): one line per item, upper-cased, quoted, dates MM/DD/YYYY, unit EA, reference INV{number}[B]. Cancelled invoices are left out.',
      produces: ['text/csv'],
    }),
    handler: async (req, reply) => {
      await requireFintechFeature(db, req.auth.companyId);
      const csv = await fintechExportCsv(db, req.auth.companyId, req.query, req.query.customerId);
      return sendCsv(reply, `fintech-invoices-${todayInTexas()}.csv`, csv);
    },
  });

  app.route({
    ...routeOf(api.fintechSampleInvoice, {
      tags,
      description:
        'A sample fintech invoice file (the upload format of POST /invoice/convert), for the demo catalogue.',
      produces: ['text/csv'],
    }),
    handler: async (_req, reply) =>
      sendCsv(reply, 'fintech-sample-invoice.csv', fs.readFileSync(SAMPLE_INVOICE_FILE, 'utf8')),
  });

  app.route({
    ...routeOf(api.convertInvoice, {
      tags,
      description:
        'Multipart field `invoice`: a fintech invoice file (the layout of GET /fintech/export; sample in apps/server/src/integrations/fintech/sample-invoice.csv) answered as a draft for the invoice builder. Nothing is saved. Lines whose product is not found are listed in `unmatched`.',
    }),
    handler: async (req) => {
      await requireFintechFeature(db, req.auth.companyId);
      const buffer = await readInvoiceFile(req);
      return convertFintechFile(db, req.auth.companyId, buffer);
    },
  });
}
