import { todayInTexas } from '@dbo/domain/dates';
import { dbId, idParams, optionalQueryId } from '@dbo/domain/primitives';
import {
  destroyedEntryOut,
  STAMP_MSG,
  stampDestroyBodySchema,
  stampDestroyResultOut,
  stampRemainingOut,
  stampRollCreatedOut,
  stampRollOut,
  stampRollSchema,
  stampRollUpdateSchema,
  undoDestroyOut,
} from '@dbo/domain/stamps';
import {
  recordRange,
  rollReconciliationListOut,
  stampMonthlyOut,
  stampMonthlyQuery,
  stampRecordOut,
  stampRecordQuery,
} from '@dbo/domain/stamp-record';
import { z } from 'zod';
import type { App } from '../../lib/http.js';
import { rollReconciliation } from './stamps.reconcile.js';
import { stampMonthlyPdf, stampRecordPdf } from './stamps.record-pdf.js';
import { stampMonthly, stampMonthlyCsv, stampRecord, stampRecordCsv } from './stamps.record.js';
import { destroyStamps, listDestroyed, parseIds, undoDestroy } from './stamps.destroy.js';
import { createRoll, listRolls, setRollActive, stampRemaining } from './stamps.service.js';
import { reportOut, sendReport } from '../../lib/download.js';

const rollIdParams = z.object({ rollId: dbId('Stamp roll') });
const tags = ['stamps'];

/** {roll: {prefix, received_at, from, to, active?}} or the roll's fields themselves */
const rollBody = z.preprocess(
  (v) => (v && typeof v === 'object' && 'roll' in v && v.roll && typeof v.roll === 'object' ? v.roll : (v ?? {})),
  stampRollSchema(),
);

export async function privateRoutes(app: App) {
  const { db } = app.deps;

  app.get('/stamp/roll', { schema: { tags, response: { 200: z.array(stampRollOut) } } }, async (req) =>
    listRolls(db, req.auth.companyId),
  );

  /** -> the roll's fields, `roll` and `warnings` */
  app.post('/stamp/roll', { schema: { tags, body: rollBody, response: { 200: stampRollCreatedOut } } }, async (req) => {
    const { roll, warnings } = await createRoll(db, req.auth.companyId, req.auth.userId, req.body);
    app.deps.emit(req.auth.companyId, 'stamp:update', { roll_id: roll.id });
    return { ...roll, roll, warnings };
  });

  /** Per roll: received, affixed, destroyed by reason, on hand, and whether they add up. */
  app.get(
    '/stamp/roll/reconciliation',
    { schema: { tags, response: { 200: rollReconciliationListOut } } },
    async (req) => rollReconciliation(db, req.auth.companyId),
  );

  /** TABC's stamp transaction record: JSON, or with format csv / pdf the file. */
  app.get(
    '/stamp/record',
    {
      schema: {
        tags,
        querystring: stampRecordQuery,
        produces: ['application/json', 'text/csv', 'application/pdf'],
        response: { 200: reportOut(stampRecordOut) },
      },
    },
    async (req, reply) => {
      const { from, to } = recordRange(req.query);
      const record = await stampRecord(db, req.auth.companyId, from, to);
      const name = `stamp-record-${from}-to-${to}`;
      return sendReport(reply, req.query.format, name, {
        json: () => record,
        csv: () => stampRecordCsv(record),
        pdf: () => stampRecordPdf(record),
      });
    },
  );

  /** Stamps affixed in a month per roll, with serial ranges: JSON, CSV or PDF. */
  app.get(
    '/stamp/monthly',
    {
      schema: {
        tags,
        querystring: stampMonthlyQuery,
        produces: ['application/json', 'text/csv', 'application/pdf'],
        response: { 200: reportOut(stampMonthlyOut) },
      },
    },
    async (req, reply) => {
      const month = req.query.month ?? todayInTexas().slice(0, 7);
      const report = await stampMonthly(db, req.auth.companyId, month);
      const name = `stamp-monthly-${month}`;
      return sendReport(reply, req.query.format, name, {
        json: () => report,
        csv: () => stampMonthlyCsv(report),
        pdf: () => stampMonthlyPdf(report),
      });
    },
  );

  app.put(
    '/stamp/roll/:id',
    { schema: { tags, params: idParams, body: stampRollUpdateSchema, response: { 200: stampRollOut } } },
    async (req) => {
      const roll = await setRollActive(db, req.auth.companyId, req.auth.userId, req.params.id, req.body.active);
      app.deps.emit(req.auth.companyId, 'stamp:update', { roll_id: roll.id });
      return roll;
    },
  );

  app.get('/stamp/remaining', { schema: { tags, response: { 200: stampRemainingOut } } }, async (req) =>
    stampRemaining(db, req.auth.companyId),
  );

  /** The destroy tool: {roll_id, from, to, note} -> {entries: [{status, total, invoice_numbers}]} */
  app.put(
    '/stamp/roll/:rollId/assign',
    {
      schema: { tags, params: rollIdParams, body: stampDestroyBodySchema, response: { 200: stampDestroyResultOut } },
    },
    async (req) => {
      const result = await destroyStamps(
        app.deps.wiring,
        db,
        req.auth.companyId,
        req.auth.userId,
        req.params.rollId,
        req.body,
      );
      if (result.destroyed) app.deps.emit(req.auth.companyId, 'stamp:update', { roll_id: result.roll_id });
      return result;
    },
  );

  /** Destroyed entries still in force (optionally of one roll), newest first: an array. */
  app.get(
    '/stamp/destroyed',
    {
      schema: {
        tags,
        querystring: z.object({ roll_id: optionalQueryId('roll_id') }),
        response: { 200: z.array(destroyedEntryOut) },
      },
    },
    async (req) => listDestroyed(db, req.auth.companyId, req.query.roll_id),
  );

  app.delete(
    '/stamp/undo-destroy',
    {
      schema: {
        tags,
        // a comma list of log entry ids
        querystring: z.object({
          ids: z.string({ error: STAMP_MSG.undoFailed }).max(20_000, STAMP_MSG.undoFailed).optional(),
        }),
        response: { 200: undoDestroyOut },
      },
    },
    async (req) => {
      const result = await undoDestroy(db, req.auth.companyId, req.auth.userId, parseIds(req.query.ids));
      app.deps.emit(req.auth.companyId, 'stamp:update', {});
      return result;
    },
  );
}
