/**
 * The OpenAPI document describes failure as well as success (issue 35 case 9): every operation
 * declares each error status it can answer, all with the one error body `{statusCode, error,
 * message}` (`error` the standard name of the status: 'Bad Request', 'Not Found'...), and a file
 * answer (CSV, PDF, an image) declares its real content type instead of application/json.
 *
 * Which statuses a route can answer follows from what it is:
 * - 400 whenever it reads input (path, query or body: the schemas, and data exceptions);
 * - 413, 415 when it takes a body (too large, not JSON / multipart);
 * - 401, 403, 404 behind a token (staff: `security` set by `markSignedIn`; the shop's routes read
 *   the customer token themselves), 404 also when the path names something (or a public lookup);
 * - 409 and 503 for writes behind a token (a conflict; a transaction given up that may be retried);
 * - 429 where attempts are counted (`limitBy`, or the route's `config.rateLimit`).
 * The fuzz test (test/fuzz.test.ts) checks every answer's status and content type against this.
 */
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';

/** The one error body of every route. */
export const ERROR_BODY_SCHEMA = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string', description: "the status's standard name, e.g. 'Bad Request'" },
    message: { type: 'string', description: 'what went wrong, for people' },
    details: { type: 'array', items: { type: 'string' }, description: 'every problem found (validation)' },
  },
  additionalProperties: true,
} as const;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad Request: the input is invalid (the message says which field and why)',
  401: 'Unauthorized: no token, or a token whose session ended',
  403: 'Forbidden: the role may not do this (or the feature is off)',
  404: 'Not Found: nothing of this company by that name or id',
  409: 'Conflict: the change clashes with the current data',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests: wait Retry-After seconds',
  503: 'Service Unavailable: nothing was saved; retry',
};

/** A route whose preHandler counts attempts carries this mark (auth.limits.ts `limitBy`). */
export const COUNTS_ATTEMPTS = Symbol.for('dbo.countsAttempts');

/** Public routes that look something up by what the client sends (a 404 when nothing matches). */
const LOOKUPS = new Set(['/customer-app/company', '/customer-app/invitation']);

/** The shop's routes that need no customer token. */
const SHOP_PUBLIC = new Set(
  ['company', 'signin', 'signup', 'reset-request', 'password', 'invitation'].map((p) => `/customer-app/${p}`),
);

const FILE_SCHEMAS: Record<string, object> = {
  'application/json': {},
  'text/csv': { type: 'string', description: 'CSV text' },
  'application/pdf': { type: 'string', format: 'binary' },
  'image/*': { type: 'string', format: 'binary' },
};

/** Staff routes (behind the staff token): documented with the bearer scheme, hence 401 and 403. */
export function markSignedIn(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...(route.schema ?? {}), security: [{ bearer: [] }] } as typeof route.schema;
  });
}

type Route = {
  method: string | string[];
  url: string;
  config?: { rateLimit?: unknown };
  preHandler?: unknown;
};

function countsAttempts(route: Route) {
  if (route.config?.rateLimit) return true;
  const pre = Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
  return pre.some((h) => typeof h === 'function' && (h as unknown as Record<symbol, unknown>)[COUNTS_ATTEMPTS]);
}

/** The error statuses a route can answer (see the top of this file). */
export function errorStatuses(route: Route, schema: Record<string, unknown>, prefix: string): number[] {
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method).toUpperCase();
  const path = route.url.startsWith(prefix) ? route.url.slice(prefix.length) : route.url;
  const staff = Array.isArray(schema.security) && schema.security.length > 0;
  const shop = path.startsWith('/customer-app/') && !SHOP_PUBLIC.has(path);
  const signedIn = staff || shop;
  const named = path.includes(':');
  const takesBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
  const readsInput = named || !!schema.querystring || !!schema.body || takesBody;
  const out = new Set<number>();
  if (readsInput) out.add(400);
  if (takesBody) {
    out.add(413);
    out.add(415);
  }
  if (signedIn) {
    out.add(401);
    out.add(403);
    out.add(404);
  }
  if (named || LOOKUPS.has(path)) out.add(404);
  if (signedIn && method !== 'GET') {
    out.add(409);
    out.add(503);
  }
  if (countsAttempts(route)) out.add(429);
  return [...out].sort();
}

const errorResponse = (status: number) => ({
  description: ERROR_DESCRIPTIONS[status] ?? STATUS_CODES[status] ?? 'Error',
  content: { 'application/json': { schema: ERROR_BODY_SCHEMA } },
});

/**
 * The swagger `transform`: the zod schemas to JSON Schema (fastify-type-provider-zod), then the
 * error answers, and the 2xx answers under the content types the route names in `schema.produces`.
 */
export function documentRoute(prefix: string): typeof jsonSchemaTransform {
  return (args) => {
    const out = jsonSchemaTransform(args) as { schema: Record<string, unknown>; url: string };
    const schema = { ...out.schema };
    const response = { ...((schema.response as Record<string, Record<string, unknown>>) ?? {}) };
    const produces = schema.produces as string[] | undefined;
    delete schema.produces;
    if (produces?.length) {
      for (const [code, res] of Object.entries(response)) {
        if (!/^2\d\d$/.test(code)) continue;
        const { description, ...json } = res;
        const content: Record<string, { schema: object }> = {};
        for (const type of produces)
          content[type] = { schema: type === 'application/json' ? json : FILE_SCHEMAS[type] };
        response[code] = { description: description ?? 'Default Response', content };
      }
    }
    for (const status of errorStatuses(args.route as unknown as Route, args.schema as Record<string, unknown>, prefix))
      if (!response[String(status)]) response[String(status)] = errorResponse(status);
    schema.response = response;
    return { ...out, schema };
  };
}
