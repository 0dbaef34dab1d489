/**
 * A route of the endpoint catalogue (`@dbo/domain/endpoint`): `app.route({ ...routeOf(endpoint,
 * { tags }), handler })` takes the method, path and schemas from the catalogue, so the request's
 * types, its validation, the answer's serialisation and the OpenAPI document all come from the
 * one declaration the web calls too. `extra` holds what only the document needs (tags, summary,
 * description).
 */
import type { EndpointSpec } from '@dbo/domain/endpoint';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';

type Extra = {
  tags?: string[];
  summary?: string;
  description?: string;
  hide?: boolean;
  consumes?: string[];
  produces?: string[];
  security?: Record<string, string[]>[];
};

type RouteSchema<E extends EndpointSpec, X> = X &
  (E extends { params: infer P extends z.ZodType } ? { params: P } : unknown) &
  (E extends { query: infer Q extends z.ZodType } ? { querystring: Q } : unknown) &
  (E extends { body: infer B extends z.ZodType } ? { body: B } : unknown) & {
    response: { 200: E['response'] } & (E extends { otherResponses: infer O } ? O : unknown);
  };

export function routeOf<const E extends EndpointSpec, const X extends Extra = Record<never, never>>(
  ep: E,
  extra?: X,
): { method: E['method']; url: E['path']; schema: RouteSchema<E, X> } {
  const schema: Record<string, unknown> = { ...extra };
  if (ep.params) schema.params = ep.params;
  if (ep.query) schema.querystring = ep.query;
  if (ep.body) schema.body = ep.body;
  schema.response = { 200: ep.response, ...ep.otherResponses };
  return { method: ep.method, url: ep.path, schema: schema as RouteSchema<E, X> };
}

export interface ApiRoute {
  method: string;
  /** the route pattern under /api/v1 */
  url: string;
  schema: Record<string, unknown> | undefined;
}

/** Every API route of each app with its schema, as registered (the catalogue test reads it). */
const apiRoutesOf = new WeakMap<object, ApiRoute[]>();
export const apiRoutes = (app: FastifyInstance): ApiRoute[] => apiRoutesOf.get(app.deps) ?? [];

/** Records the routes registered under `scope` (buildApp's /api/v1 scope). */
export function recordApiRoutes(scope: FastifyInstance, root: FastifyInstance, prefix: string) {
  const list: ApiRoute[] = [];
  apiRoutesOf.set(root.deps, list);
  scope.addHook('onRoute', (opts: RouteOptions) => {
    const url = opts.url.startsWith(prefix) ? opts.url.slice(prefix.length) : opts.url;
    for (const method of [opts.method].flat().filter((m) => m !== 'HEAD'))
      list.push({ method, url, schema: opts.schema as Record<string, unknown> | undefined });
  });
}
