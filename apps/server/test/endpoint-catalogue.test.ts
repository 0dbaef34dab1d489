import type { EndpointSpec } from '@dbo/domain/endpoint';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/lib/endpoint-route.js';
import { useTestApp } from './helpers.js';

/**
 * The endpoint catalogue (`packages/domain/src/endpoints/`, issue 31) is the API: every route the
 * server registers is one of its endpoints, registered with the endpoint's own schema objects
 * (`routeOf`), and every endpoint is a route. So the web's `call(endpoint)` types are the server's.
 */
const CATALOGUE = path.resolve(__dirname, '../../../packages/domain/src/endpoints');

/** Routes still declared in their routes file alone; the list only shrinks. */
const NOT_YET: string[] = [];

const isEndpoint = (v: unknown): v is EndpointSpec =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;

const endpoints = new Map<string, { name: string; ep: EndpointSpec }>();
beforeAll(async () => {
  for (const file of readdirSync(CATALOGUE).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(`@dbo/domain/endpoints/${file.slice(0, -3)}`)) as Record<string, unknown>;
    // an export is an endpoint or a group of them (one per partner: `bottlePos.syncHistory`)
    const found = Object.entries(mod).flatMap(([name, v]) =>
      isEndpoint(v)
        ? [[name, v] as const]
        : typeof v === 'object' && v !== null
          ? Object.entries(v).flatMap(([k, e]) => (isEndpoint(e) ? [[`${name}.${k}`, e] as const] : []))
          : [],
    );
    for (const [name, ep] of found) {
      const key = `${ep.method} ${ep.path}`;
      const seen = endpoints.get(key);
      if (seen) throw new Error(`${key} is declared twice: ${seen.name} and ${file}: ${name}`);
      endpoints.set(key, { name: `${file}: ${name}`, ep });
    }
  }
});

// with the operator's token, so its routes exist too
const t = useTestApp({ operatorToken: 'catalogue-test-operator-token-0123456789' });

describe('the endpoint catalogue', () => {
  it('finds the routes and the endpoints', () => {
    expect(apiRoutes(t.ctx.app).length).toBeGreaterThan(150);
    expect(endpoints.get('POST /invoice/:id/payment')?.name).toBe('payments.ts: addPayment');
  });

  it('every route is an endpoint, registered with its schemas', () => {
    const problems: string[] = [];
    const outside: string[] = [];
    for (const route of apiRoutes(t.ctx.app)) {
      const key = `${route.method} ${route.url}`;
      const found = endpoints.get(key);
      if (!found) {
        outside.push(key);
        continue;
      }
      const { ep } = found;
      const s = route.schema ?? {};
      const response = (s.response ?? {}) as Record<string, unknown>;
      const same: [string, unknown, unknown][] = [
        ['params', s.params, ep.params],
        ['query', s.querystring, ep.query],
        ['body', s.body, ep.body],
        ['response', response[200], ep.response],
      ];
      for (const [part, registered, declared] of same)
        if (registered !== declared) problems.push(`${key}: its ${part} schema is not the catalogue's`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(outside.sort(), 'routes outside the catalogue').toEqual([...NOT_YET].sort());
  });

  it('every endpoint is a route', () => {
    const registered = new Set(apiRoutes(t.ctx.app).map((r) => `${r.method} ${r.url}`));
    const missing = [...endpoints].filter(([key]) => !registered.has(key)).map(([key, { name }]) => `${key} (${name})`);
    expect(missing).toEqual([]);
  });
});
