import {
  driverListOut,
  eligibleListOut,
  reconciliationOut,
  routeCreateSchema,
  routeDateQuery,
  routeListOut,
  routeOut,
  routeUpdateSchema,
  stopCompleteOut,
  stopCompleteSchema,
} from '@dbo/domain/delivery';
import { idParams } from '@dbo/domain/primitives';
import { todayInTexas } from '@dbo/domain/dates';
import { z } from 'zod';
import type { App } from '../../lib/http.js';
import { completeStop } from './delivery-complete.service.js';
import { readRoute, routesOn } from './delivery-read.service.js';
import { reconciliation } from './delivery-reconcile.service.js';
import { createRoute, deleteRoute, eligibleForRoutes, listDrivers, updateRoute } from './delivery-route.service.js';

const invoiceIdParams = z.object({ invoiceId: idParams.shape.id });
const optionalDateQuery = z.object({ date: routeDateQuery.shape.date.optional() });

export async function privateRoutes(app: App) {
  const { db, config, mailer } = app.deps;
  const tags = ['delivery'];
  const actorOf = (req: { auth: { companyId: number; userId: number; role: string } }) => ({
    companyId: req.auth.companyId,
    userId: req.auth.userId,
    role: req.auth.role,
  });
  const changed = (companyId: number, routeId: number) =>
    app.deps.emit(companyId, 'delivery:changed', { route_id: routeId });

  app.post(
    '/delivery/route',
    { config: { action: 'delivery.manage' }, schema: { tags, body: routeCreateSchema, response: { 200: routeOut } } },
    async (req) => {
      const route = await createRoute(db, actorOf(req), req.body);
      changed(req.auth.companyId, route.id);
      return route;
    },
  );

  app.get(
    '/delivery/route',
    {
      config: { action: 'delivery.read' },
      schema: { tags, querystring: routeDateQuery, response: { 200: routeListOut } },
    },
    async (req) => routesOn(db, req.auth.companyId, req.query.date),
  );

  app.get(
    '/delivery/route/:id',
    { config: { action: 'delivery.read' }, schema: { tags, params: idParams, response: { 200: routeOut } } },
    async (req) => readRoute(db, req.auth.companyId, req.params.id),
  );

  app.put(
    '/delivery/route/:id',
    {
      config: { action: 'delivery.manage' },
      schema: { tags, params: idParams, body: routeUpdateSchema, response: { 200: routeOut } },
    },
    async (req) => {
      const route = await updateRoute(db, actorOf(req), req.params.id, req.body);
      changed(req.auth.companyId, route.id);
      return route;
    },
  );

  app.delete(
    '/delivery/route/:id',
    {
      config: { action: 'delivery.manage' },
      schema: { tags, params: idParams, response: { 200: z.object({ success: z.boolean(), id: z.number() }) } },
    },
    async (req) => {
      const res = await deleteRoute(db, actorOf(req), req.params.id);
      changed(req.auth.companyId, req.params.id);
      return res;
    },
  );

  /** The signed-in driver's routes for a day (today in Texas by default): the phone's screen. */
  app.get(
    '/delivery/my-route',
    {
      config: { action: 'delivery.own' },
      schema: { tags, querystring: optionalDateQuery, response: { 200: routeListOut } },
    },
    async (req) => routesOn(db, req.auth.companyId, req.query.date ?? todayInTexas(), req.auth.userId),
  );

  app.get(
    '/delivery/eligible',
    { config: { action: 'delivery.read' }, schema: { tags, response: { 200: eligibleListOut } } },
    async (req) => eligibleForRoutes(db, req.auth.companyId),
  );

  app.get(
    '/delivery/drivers',
    { config: { action: 'delivery.read' }, schema: { tags, response: { 200: driverListOut } } },
    async (req) => listDrivers(db, req.auth.companyId),
  );

  app.get(
    '/delivery/reconciliation',
    {
      config: { action: 'delivery.read' },
      schema: { tags, querystring: routeDateQuery, response: { 200: reconciliationOut } },
    },
    async (req) => reconciliation(db, req.auth.companyId, req.query.date),
  );

  app.post(
    '/delivery/stop/:invoiceId/complete',
    {
      config: { action: 'delivery.own' },
      bodyLimit: 6 * 1024 * 1024,
      schema: { tags, params: invoiceIdParams, body: stopCompleteSchema, response: { 200: stopCompleteOut } },
    },
    async (req) => {
      const res = await completeStop(
        {
          db,
          mailer,
          dataDir: config.dataDir,
          wiring: app.deps.wiring,
          log: (err) => req.log.warn({ err }, 'delivery after-commit step failed'),
        },
        actorOf(req),
        req.params.invoiceId,
        req.body,
      );
      if (!res.duplicate) app.deps.emit(req.auth.companyId, 'delivery:changed', { invoice_id: res.invoice_id });
      return res;
    },
  );
}
