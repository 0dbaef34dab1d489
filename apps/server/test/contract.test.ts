import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every route in the OpenAPI document, with whether it declares a schema for a 2xx answer. */
function routes() {
  const doc = ctx.app.swagger() as { paths?: Record<string, Partial<Record<string, Operation>>> };
  const out: { route: string; has2xxSchema: boolean }[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const has2xxSchema = Object.entries(op.responses ?? {}).some(
        ([code, res]) => /^2\d\d$/.test(code) && Object.values(res.content ?? {}).some((c) => c.schema !== undefined),
      );
      out.push({ route: `${method.toUpperCase()} ${path}`, has2xxSchema });
    }
  return out;
}

describe('API contract', () => {
  it('walks a real OpenAPI document', () => {
    const all = routes().map((r) => r.route);
    // a sanity floor so an empty or unreadable document cannot pass
    expect(all.length).toBeGreaterThan(100);
    expect(all).toContain('GET /api/v1/invoice/{ref}');
    expect(all).toContain('GET /api/v1/health');
  });

  it('every route declares the schema of its 2xx answer', () => {
    const missing = routes()
      .filter((r) => !r.has2xxSchema)
      .map((r) => r.route);
    expect(missing, `routes without a 2xx response schema:\n${missing.join('\n')}`).toEqual([]);
  });
});

type Doc = { paths: Record<string, Partial<Record<string, Operation & { security?: unknown[] }>>> };
const doc = () => ctx.app.swagger() as Doc;
function* operations() {
  for (const [path, item] of Object.entries(doc().paths))
    for (const method of METHODS) {
      const op = item[method];
      if (op) yield { route: `${method.toUpperCase()} ${path}`, method, path, op };
    }
}

/** Issue 35 case 9: the document described only success (170 of 171 operations declared only 200). */
describe('API contract: errors and content types', () => {
  it('every operation declares its 4xx answers, each with the one error body {statusCode, error, message}', () => {
    // no input and no token: nothing a client can get wrong (/ready's 503 is its report of the checks)
    const NO_4XX = ['GET /api/v1/health', 'GET /api/v1/ready'];
    const problems: string[] = [];
    for (const { route, op } of operations()) {
      const codes = Object.keys(op.responses ?? {});
      if (!NO_4XX.includes(route) && !codes.some((c) => /^4\d\d$/.test(c))) problems.push(`${route}: no 4xx declared`);
      for (const c of codes.filter((x) => /^[45]\d\d$/.test(x) && !NO_4XX.includes(route))) {
        const schema = op.responses?.[c]?.content?.['application/json']?.schema as
          | { required?: string[]; properties?: Record<string, unknown> }
          | undefined;
        const required = schema?.required ?? [];
        if (!['statusCode', 'error', 'message'].every((k) => required.includes(k) || k in (schema?.properties ?? {})))
          problems.push(`${route} ${c}: not the error body`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('declares by what a route is: input 400, token 401/403, body 413/415, counted attempts 429', () => {
    const codes = (route: string) => {
      const [method, path] = route.split(' ');
      return Object.keys(doc().paths[path]?.[method.toLowerCase()]?.responses ?? {});
    };
    expect(codes('GET /api/v1/invoice/{ref}')).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(codes('POST /api/v1/invoice')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409', '413', '415', '503']),
    );
    expect(codes('POST /api/v1/auth/signin')).toEqual(expect.arrayContaining(['200', '400', '429']));
    expect(codes('POST /api/v1/auth/signin')).not.toContain('401');
    expect(codes('POST /api/v1/customer-app/signin')).toContain('429');
    expect(codes('POST /api/v1/customer-app/reset-request')).toContain('429');
    expect(codes('GET /api/v1/customer-app/cart')).toEqual(expect.arrayContaining(['401', '403']));
    expect(codes('GET /api/v1/health')).not.toContain('401');
    // the staff routes name their bearer token
    expect(doc().paths['/api/v1/company']?.get?.security).toEqual([{ bearer: [] }]);
  });

  it('file answers are declared with their real content types, not application/json', () => {
    const typesOf = (route: string) => {
      const [method, path] = route.split(' ');
      return Object.keys(doc().paths[path]?.[method.toLowerCase()]?.responses?.['200']?.content ?? {}).sort();
    };
    const json = 'application/json';
    const pdf = 'application/pdf';
    const csv = 'text/csv';
    const expected: Record<string, string[]> = {
      'GET /api/v1/invoice/export': [csv],
      'GET /api/v1/stamp/download': [csv],
      'GET /api/v1/stamp/record': [json, csv, pdf],
      'GET /api/v1/stamp/monthly': [json, csv, pdf],
      'GET /api/v1/credit-memo/{id}/pdf': [pdf],
      'GET /api/v1/fintech/export': [csv],
      'GET /api/v1/fintech/sample-invoice': [csv],
      'GET /api/v1/import/job/{id}/rejects': [csv],
      'POST /api/v1/invoice/pdf': [json, pdf],
      'POST /api/v1/customer/{id}/balance/pdf': [json, pdf],
      'POST /api/v1/customer/{id}/statement/pdf': [json, pdf],
      'GET /api/v1/pdf/customer/balance/{token}': [json, pdf],
      'GET /api/v1/pdf/customer/statement/{token}': [json, pdf],
      'GET /api/v1/pdf/order/{token}': [json, pdf],
      'GET /api/v1/customer-app/invoice/{id}/pdf': [pdf],
      'GET /api/v1/customer-app/balance/pdf': [pdf],
      'GET /api/v1/logo-files/{name}': ['image/*'],
      'GET /api/v1/invoice/document/{id}/preview': [pdf, 'image/*'],
      'GET /api/v1/customer/delinquent': [json, csv, pdf],
    };
    const got = Object.fromEntries(Object.keys(expected).map((r) => [r, typesOf(r)]));
    expect(got).toEqual(Object.fromEntries(Object.entries(expected).map(([r, t]) => [r, [...t].sort()])));
  });
});
