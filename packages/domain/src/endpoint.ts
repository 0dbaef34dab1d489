/**
 * The endpoint catalogue's one shape (issue 31). Each API route is declared once, in
 * `endpoints/<module>.ts`, as its method, path and the zod schemas of its input and answer:
 *
 * - the server registers it with `app.route(routeOf(endpoint, { tags }), handler)`
 *   (`apps/server/src/lib/endpoint-route.ts`), so the request is validated and the answer
 *   serialised by exactly these schemas (`test/endpoint-catalogue.test.ts`: every route is an
 *   endpoint, every endpoint a route, schema for schema);
 * - the web calls it with `call(endpoint, args)` or reads it with `endpointQuery(key, endpoint,
 *   args)` (`apps/web/src/lib/endpoints.ts`), so its answer type is `Answer<typeof endpoint>`: the
 *   server's response schema as JSON carries it, never a hand-written interface.
 *
 * The path is the route's own (`/invoice/:id/payment`, under `/api/v1`); its `:names` are the
 * params a caller fills in.
 */
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointSpec {
  method: Method;
  /** the route's path under /api/v1, with `:name` params */
  path: string;
  /** the path params' schema (a route whose path has params) */
  params?: z.ZodType;
  /** the query string's schema */
  query?: z.ZodType;
  /** the JSON body's schema (a multipart upload has none: the route reads the parts) */
  body?: z.ZodType;
  /** the 200 answer's schema */
  response: z.ZodType;
  /** answers other than 200 with a body of their own (the readiness check's 503) */
  otherResponses?: Record<number, z.ZodType>;
}

/** Declares an endpoint, keeping its literal method and path in the type. */
export function endpoint<const E extends EndpointSpec>(e: E): E {
  return e;
}

/** A value as JSON carries it: a Date arrives as its ISO string, bytes as nothing typed. */
export type Wire<T> = T extends Date
  ? string
  : T extends Uint8Array
    ? never
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

/** What the endpoint answers, as the client receives it. */
export type Answer<E extends EndpointSpec> = Wire<z.output<E['response']>>;

/** The `:name` parts of a path, each a string or a number. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof PathParams<`/${Rest}`>]: string | number }
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** A multipart upload's parts (the browser's FormData; the domain is typed without the DOM). */
export interface MultipartBody {
  append: unknown;
  getAll: unknown;
}

/** What a caller sends: the path params, the query and the body, each where the endpoint has one. */
export type EndpointArgs<E extends EndpointSpec> = (keyof PathParams<E['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<E['path']> }) &
  (E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: MultipartBody });

/** The path with its `:name` params filled in (each URI-encoded). */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`${path}: param ${name} missing`);
    return encodeURIComponent(String(v));
  });
}
