/**
 * The web's one client of the endpoint catalogue (`@dbo/domain/endpoints/*`, issue 31): a call
 * names the endpoint the server registered, so its params, query and body are checked against the
 * route's own schemas and its answer is `Answer<typeof endpoint>` (the server's response schema),
 * never a type written here. Features call these from their `api.ts`, never from a component.
 */
import { type Answer, type EndpointArgs, type EndpointSpec, fillPath } from '@dbo/domain/endpoint';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { type RequestOptions, request } from './api';

export type { Answer, EndpointArgs } from '@dbo/domain/endpoint';

/** How a call is sent, beyond its arguments: a signal, the shop's own token, a public call. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'public' | 'quiet401' | 'token'>;

/** Calls an endpoint and answers what its response schema says. */
export function call<E extends EndpointSpec>(
  ep: E,
  args: EndpointArgs<E>,
  options: CallOptions = {},
): Promise<Answer<E>> {
  const { params, query, body } = args as { params?: Record<string, string | number>; query?: object; body?: unknown };
  const takesBody = ep.method !== 'GET' && ep.method !== 'DELETE';
  return request<Answer<E>>(ep.method, fillPath(ep.path, params), {
    ...options,
    query: query as RequestOptions['query'],
    body: body ?? (takesBody ? {} : undefined),
  });
}

/** Calls an endpoint whose answer is a file (a PDF, a CSV): the raw Response. */
export function callForFile<E extends EndpointSpec>(ep: E, args: EndpointArgs<E>, options: CallOptions = {}) {
  const { params, query, body } = args as { params?: Record<string, string | number>; query?: object; body?: unknown };
  return request<Response>(ep.method, fillPath(ep.path, params), {
    ...options,
    query: query as RequestOptions['query'],
    body,
    raw: true,
  });
}

/** TanStack Query options reading an endpoint under a key of `lib/query-keys.ts`. */
export function endpointQuery<E extends EndpointSpec>(
  queryKey: QueryKey,
  ep: E,
  args: EndpointArgs<E>,
  options: Omit<CallOptions, 'signal'> = {},
) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => call(ep, args, { ...options, signal }) });
}

/**
 * An endpoint's method and path without its schemas, for the code of the page's entry chunk, which
 * loads no zod (the shop's first requests, main.tsx): written out, and checked against the
 * catalogue by type only (`import type`), so a path that is not the endpoint's does not compile.
 */
export type RouteOf<E extends EndpointSpec> = Pick<E, 'method' | 'path'> & { readonly endpoint?: E };

/** `call` for a `RouteOf`: the same request, the same answer type. */
export function callRoute<E extends EndpointSpec>(
  route: RouteOf<E>,
  args: EndpointArgs<E>,
  options: CallOptions = {},
): Promise<Answer<E>> {
  return call(route as E, args, options);
}

/** `callForFile` for a `RouteOf`. */
export function fileRoute<E extends EndpointSpec>(route: RouteOf<E>, args: EndpointArgs<E>, options: CallOptions = {}) {
  return callForFile(route as E, args, options);
}
