import { type Action, isAction, mayCall, refusalMessage } from '@dbo/domain/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from '../../lib/errors.js';
import { ROUTE_ACTIONS } from './route-actions.js';

export interface StaffRoute {
  method: string;
  /** the route pattern under /api/v1, e.g. `/invoice/:id` */
  url: string;
  action: Action | undefined;
}

/** Every staff route of each app with its action (the permission test reads it). */
const staffRoutesOf = new WeakMap<object, StaffRoute[]>();
export const staffRoutes = (app: FastifyInstance): StaffRoute[] => staffRoutesOf.get(app.deps) ?? [];

const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * The one permission check of every staff route. A route names its action with
 * `config: { action: 'invoice.create' }`, or has a line in ROUTE_ACTIONS ('METHOD /pattern').
 * A route with neither is refused to everyone but the owner (and the permission test fails).
 */
export function guardStaffRoutes(scope: FastifyInstance, root: FastifyInstance, prefix: string) {
  const list: StaffRoute[] = [];
  staffRoutesOf.set(root.deps, list);
  scope.addHook('onRoute', (opts: RouteOptions) => {
    const methods = (Array.isArray(opts.method) ? opts.method : [opts.method]).filter((m) => m !== 'HEAD');
    const url = opts.url.startsWith(prefix) ? opts.url.slice(prefix.length) : opts.url;
    for (const method of methods) {
      const configured = (opts.config as { action?: string } | undefined)?.action;
      const named = configured ?? ROUTE_ACTIONS[routeKey(method, url)];
      if (named !== undefined && !isAction(named)) throw new Error(`Unknown action '${named}' on ${method} ${url}`);
      list.push({ method, url, action: named });
    }
  });
  scope.addHook('onRequest', async (req: FastifyRequest) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const url = req.routeOptions.url ?? '';
    const path = url.startsWith(prefix) ? url.slice(prefix.length) : url;
    const configured = (req.routeOptions.config as { action?: string } | undefined)?.action;
    const action = (configured ?? ROUTE_ACTIONS[routeKey(method, path)]) as Action | undefined;
    const role = req.auth.role;
    if (!action) {
      if (role === 'owner') return;
      throw new HttpError(403, `Your role (${role}) cannot use ${method} ${path}`);
    }
    if (!mayCall(role, action)) throw new HttpError(403, refusalMessage(role, action));
  });
}
