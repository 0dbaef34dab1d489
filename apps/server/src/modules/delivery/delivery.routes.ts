import * as api from '@dbo/domain/endpoints/delivery';
import { todayInTexas } from '@dbo/domain/dates';
import { routeOf } from '../../lib/endpoint-route.js';
import type { App } from '../../lib/http.js';
import { completeStop } from './delivery-complete.service.js';
import { readRoute, routesOn } from './delivery-read.service.js';
import { reconciliation } from './delivery-reconcile.service.js';
import { createRoute, deleteRoute, eligibleForRoutes, listDrivers, updateRoute } from './delivery-route.service.js';

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

  app.route({
    ...routeOf(api.createRoute, { tags }),
    config: { action: 'delivery.manage' },
    handler: async (req) => {
      const route = await createRoute(db, actorOf(req), req.body);
      changed(req.auth.companyId, route.id);
      return route;
    },
  });

  app.route({
    ...routeOf(api.routes, { tags }),
    config: { action: 'delivery.read' },
    handler: async (req) => routesOn(db, req.auth.companyId, req.query.date),
  });

  app.route({
    ...routeOf(api.route, { tags }),
    config: { action: 'delivery.read' },
    handler: async (req) => readRoute(db, req.auth.companyId, req.params.id),
  });

  app.route({
    ...routeOf(api.updateRoute, { tags }),
    config: { action: 'delivery.manage' },
    handler: async (req) => {
      const route = await updateRoute(db, actorOf(req), req.params.id, req.body);
      changed(req.auth.companyId, route.id);
      return route;
    },
  });

  app.route({
    ...routeOf(api.deleteRoute, { tags }),
    config: { action: 'delivery.manage' },
    handler: async (req) => {
      const res = await deleteRoute(db, actorOf(req), req.params.id);
      changed(req.auth.companyId, req.params.id);
      return res;
    },
  });

  /** The signed-in driver's routes for a day (today in Texas by default): the phone's screen. */
  app.route({
    ...routeOf(api.myRoutes, { tags }),
    config: { action: 'delivery.own' },
    handler: async (req) => routesOn(db, req.auth.companyId, req.query.date ?? todayInTexas(), req.auth.userId),
  });

  app.route({
    ...routeOf(api.eligible, { tags }),
    config: { action: 'delivery.read' },
    handler: async (req) => eligibleForRoutes(db, req.auth.companyId),
  });

  app.route({
    ...routeOf(api.drivers, { tags }),
    config: { action: 'delivery.read' },
    handler: async (req) => listDrivers(db, req.auth.companyId),
  });

  app.route({
    ...routeOf(api.reconciliation, { tags }),
    config: { action: 'delivery.read' },
    handler: async (req) => reconciliation(db, req.auth.companyId, req.query.date),
  });

  app.route({
    ...routeOf(api.completeStop, { tags }),
    config: { action: 'delivery.own' },
    bodyLimit: 6 * 1024 * 1024,
    handler: async (req) => {
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
  });
}
