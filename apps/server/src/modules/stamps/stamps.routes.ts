import { gridQuerySchema } from '@dbo/domain/grid';
import { STAMP_MSG, stampRollUpdateSchema } from '@dbo/domain/stamps';
import { todayInTexas } from '@dbo/domain/dates';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import type { App } from '../../lib/http.js';
import { destroyStamps, listDestroyed, parseIds, undoDestroy } from './stamps.destroy.js';
import { stampLogCsv, stampLogGrid } from './stamps.log.js';
import { createRoll, listRolls, setRollActive, stampRemaining } from './stamps.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const rollIdParams = z.object({ rollId: z.coerce.number().int().positive().max(2_147_483_647) });
const tags = ['stamps'];

export async function privateRoutes(app: App) {
  const { db } = app.deps;

  app.get('/stamp/roll', { schema: { tags } }, async (req) => listRolls(db, req.auth.companyId));

  /** {roll: {prefix, received_at, from, to, active?}} -> the roll's fields, `roll` and `warnings` */
  app.post('/stamp/roll', { schema: { tags, body: z.looseObject({}) } }, async (req) => {
    const body = req.body as { roll?: unknown };
    const input = body.roll && typeof body.roll === 'object' ? body.roll : body;
    const { roll, warnings } = await createRoll(db, req.auth.companyId, req.auth.userId, input);
    app.deps.emit(req.auth.companyId, 'stamp:update', { roll_id: roll.id });
    return { ...roll, roll, warnings };
  });

  app.put('/stamp/roll/:id', { schema: { tags, params: idParams, body: z.looseObject({}) } }, async (req) => {
    const parsed = stampRollUpdateSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const details = [...new Set(parsed.error.issues.map((i) => i.message))];
      throw badRequest(details[0], details);
    }
    const roll = await setRollActive(db, req.auth.companyId, req.auth.userId, req.params.id, parsed.data.active);
    app.deps.emit(req.auth.companyId, 'stamp:update', { roll_id: roll.id });
    return roll;
  });

  app.get('/stamp/remaining', { schema: { tags } }, async (req) => stampRemaining(db, req.auth.companyId));

  /** The destroy tool: {roll_id, from, to, note} -> {entries: [{status, total, invoice_numbers}]} */
  app.put(
    '/stamp/roll/:rollId/assign',
    { schema: { tags, params: rollIdParams, body: z.looseObject({}) } },
    async (req) => {
      const result = await destroyStamps(db, req.auth.companyId, req.auth.userId, req.params.rollId, req.body);
      if (result.destroyed) app.deps.emit(req.auth.companyId, 'stamp:update', { roll_id: result.roll_id });
      return result;
    },
  );

  /** Destroyed entries still in force (optionally of one roll), newest first: an array. */
  app.get(
    '/stamp/destroyed',
    { schema: { tags, querystring: z.object({ roll_id: z.coerce.number().int().positive().optional() }) } },
    async (req) => listDestroyed(db, req.auth.companyId, req.query.roll_id),
  );

  app.delete(
    '/stamp/undo-destroy',
    { schema: { tags, querystring: z.object({ ids: z.string({ error: STAMP_MSG.undoFailed }).optional() }) } },
    async (req) => {
      const result = await undoDestroy(db, req.auth.companyId, req.auth.userId, parseIds(req.query.ids));
      app.deps.emit(req.auth.companyId, 'stamp:update', {});
      return result;
    },
  );

  app.get('/invoice/stamp/grid', { schema: { tags, querystring: gridQuerySchema } }, async (req) =>
    stampLogGrid(db, req.auth.companyId, req.query),
  );

  app.get('/stamp/download', { schema: { tags, querystring: gridQuerySchema } }, async (req, reply) => {
    const csv = await stampLogCsv(db, req.auth.companyId, req.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="stamp-log-${todayInTexas()}.csv"`)
      .send(csv);
  });
}
