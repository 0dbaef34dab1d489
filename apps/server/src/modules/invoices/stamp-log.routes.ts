import { todayInTexas } from '@dbo/domain/dates';
import { gridAnswer, gridQuery } from '@dbo/domain/grid';
import { csvOut } from '@dbo/domain/invoice';
import { blankToUndefined, boundedInt, LIMITS, optionalQueryId, queryBool } from '@dbo/domain/primitives';
import { stampLogRowOut } from '@dbo/domain/stamps';
import { z } from 'zod';
import { sendCsv } from '../../lib/download.js';
import type { App } from '../../lib/http.js';
import { stampLogCsv, stampLogGrid } from './stamp-log.service.js';

/**
 * The stamp log: every range logged, destroyed or released, with the invoice it went on. It reads
 * the stamps module's ledger and the invoices' numbers, so it lives above both.
 */
const tags = ['stamps'];

/** A stamp number in a query string ('' is absent): within int4. */
const queryStampNumber = (label: string) =>
  z.preprocess(blankToUndefined, boundedInt(label, 0, LIMITS.maxId).optional());

/** The stamp log's grid parameters and its own filters (see stamp-log.service.ts). */
const stampLogQuery = gridQuery({
  include_released: queryBool,
  number_from: queryStampNumber('number_from'),
  number_to: queryStampNumber('number_to'),
  roll_id: optionalQueryId('roll_id'),
});

export async function privateRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/invoice/stamp/grid',
    { schema: { tags, querystring: stampLogQuery, response: { 200: gridAnswer(stampLogRowOut) } } },
    async (req) => stampLogGrid(db, req.auth.companyId, req.query),
  );

  app.get(
    '/stamp/download',
    { schema: { tags, querystring: stampLogQuery, produces: ['text/csv'], response: { 200: csvOut } } },
    async (req, reply) => {
      const csv = await stampLogCsv(db, req.auth.companyId, req.query);
      return sendCsv(reply, `stamp-log-${todayInTexas()}.csv`, csv);
    },
  );
}
