import { todayInTexas } from '@dbo/domain/dates';
import * as api from '@dbo/domain/endpoints/stamps';
import { recordRange } from '@dbo/domain/stamp-record';
import { sendReport } from '../../lib/download.js';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { rollReconciliation } from './stamps.reconcile.js';
import { stampMonthlyPdf, stampRecordPdf } from './stamps.record-pdf.js';
import { stampMonthly, stampMonthlyCsv, stampRecord, stampRecordCsv } from './stamps.record.js';
import { destroyStamps, listDestroyed, parseIds, undoDestroy } from './stamps.destroy.js';
import { createRoll, listRolls, setRollActive, stampRemaining } from './stamps.service.js';

const tags = ['stamps'];
const reportTypes = ['application/json', 'text/csv', 'application/pdf'];

export async function privateRoutes(app: App) {
  const { db } = app.deps;

  app.route({
    ...routeOf(api.stampRolls, { tags }),
    handler: async (req) => listRolls(db, req.auth.companyId),
  });

  app.route({
    ...routeOf(api.createStampRoll, { tags }),
    handler: async (req) => {
      const { roll, warnings } = await createRoll(db, req.auth.companyId, req.auth.userId, req.body);
      app.deps.emit(req.auth.companyId, 'stamp:update', { roll_id: roll.id });
      return { ...roll, roll, warnings };
    },
  });

  app.route({
    ...routeOf(api.rollReconciliation, { tags }),
    handler: async (req) => rollReconciliation(db, req.auth.companyId),
  });

  app.route({
    ...routeOf(api.stampRecord, { tags, produces: reportTypes }),
    handler: async (req, reply) => {
      const { from, to } = recordRange(req.query);
      const record = await stampRecord(db, req.auth.companyId, from, to);
      const name = `stamp-record-${from}-to-${to}`;
      return sendReport(reply, req.query.format, name, {
        json: () => record,
        csv: () => stampRecordCsv(record),
        pdf: () => stampRecordPdf(record),
      });
    },
  });

  app.route({
    ...routeOf(api.stampMonthly, { tags, produces: reportTypes }),
    handler: async (req, reply) => {
      const month = req.query.month ?? todayInTexas().slice(0, 7);
      const report = await stampMonthly(db, req.auth.companyId, month);
      const name = `stamp-monthly-${month}`;
      return sendReport(reply, req.query.format, name, {
        json: () => report,
        csv: () => stampMonthlyCsv(report),
        pdf: () => stampMonthlyPdf(report),
      });
    },
  });

  app.route({
    ...routeOf(api.updateStampRoll, { tags }),
    handler: async (req) => {
      const roll = await setRollActive(db, req.auth.companyId, req.auth.userId, req.params.id, req.body.active);
      app.deps.emit(req.auth.companyId, 'stamp:update', { roll_id: roll.id });
      return roll;
    },
  });

  app.route({
    ...routeOf(api.stampRemaining, { tags }),
    handler: async (req) => stampRemaining(db, req.auth.companyId),
  });

  app.route({
    ...routeOf(api.destroyStamps, { tags }),
    handler: async (req) => {
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
  });

  app.route({
    ...routeOf(api.destroyedStamps, { tags }),
    handler: async (req) => listDestroyed(db, req.auth.companyId, req.query.roll_id),
  });

  app.route({
    ...routeOf(api.undoDestroy, { tags }),
    handler: async (req) => {
      const result = await undoDestroy(db, req.auth.companyId, req.auth.userId, parseIds(req.query.ids));
      app.deps.emit(req.auth.companyId, 'stamp:update', {});
      return result;
    },
  });
}
