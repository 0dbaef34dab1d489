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
