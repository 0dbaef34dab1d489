/**
 * Issue 37 (the grid floor): answers whose schema is plain data are written by a compiled
 * fast-json-stringify writer instead of zod's encode + JSON.stringify. The bytes must not change:
 * every such route's writer is checked against zod's path over data made from its schema and
 * over the demo company's real answers, and a value the schema forbids (a key it does not name,
 * a wrong type) is stripped or refused exactly as zod's path does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { compileFastSerializer, fastAnswers, serializerCompiler } from '../src/lib/serializer.js';
import { seedDemoIfEmpty } from '../src/seed/demo.js';
import { client, createTestApp, type TestContext } from './helpers.js';

type ZodSchema = z.core.$ZodType;
type Def = Record<string, unknown> & { type: string };
const defOf = (s: ZodSchema) => s._zod.def as unknown as Def;

const viaZod = (schema: ZodSchema) => zodSerializerCompiler({ schema, method: 'GET', url: '/t' } as never);
/** What zod's path does with data: its bytes, or the error it throws (a 500 today). */
const zodBytes = (schema: ZodSchema, data: unknown) => {
  try {
    return viaZod(schema)(data);
  } catch {
    return 'zod refused';
  }
};
const routeBytes = (schema: ZodSchema, data: unknown) => {
  try {
    return serializerCompiler({ schema, method: 'GET', url: '/t' } as never)(data);
  } catch {
    return 'zod refused';
  }
};

/** Awkward text for JSON: quotes, backslashes, control characters, a lone surrogate, astral characters. */
const TEXT = ['Icehouse "17"', 'back\\slash\n\ttab\u0000\u001f', '\ud800 lone', 'ü 😀 \u2028', `${'x'.repeat(60)}"`];
let n = 0;

/** A value the schema accepts; `full` sets every optional key and non-null nullable, else none. */
function sample(schema: ZodSchema, full: boolean): unknown {
  const def = defOf(schema);
  n++;
  switch (def.type) {
    case 'string':
      return TEXT[n % TEXT.length];
    case 'number':
      return [0, -0, 1.5, -12345678.99, 1e21, 0.1 + 0.2][n % 6];
    case 'boolean':
      return n % 2 === 0;
    case 'null':
      return null;
    case 'date':
      return new Date(Date.UTC(2026, 10, 26, 23, 59, 59, 123));
    case 'enum':
      return Object.values(def.entries as object)[n % Object.values(def.entries as object).length];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'nullable':
      return full ? sample(def.innerType as ZodSchema, full) : null;
    case 'optional':
      return full ? sample(def.innerType as ZodSchema, full) : undefined;
    case 'array':
      return [0, 1, 2].map(() => sample(def.element as ZodSchema, full));
    case 'union':
      return n % 2 ? new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) : '2026-11-26T10:00:00.000Z';
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, ZodSchema>)) {
        const value = sample(v, full);
        if (value !== undefined || n % 3 === 0) out[k] = value; // an optional key both absent and undefined
      }
      return out;
    }
    default:
      throw new Error(`no sample for ${def.type}`);
  }
}

/** The same data with a secret key on every object (zod strips keys a schema does not name). */
function withSecrets(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withSecrets);
  if (data && typeof data === 'object' && !(data instanceof Date)) {
    const out: Record<string, unknown> = { password_hash: 'SECRET-HASH' };
    for (const [k, v] of Object.entries(data)) out[k] = withSecrets(v);
    return out;
  }
  return data;
}

/** Every path to a leaf of the data, to put a wrong value there. */
function leaves(data: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(data)) return data.flatMap((v, i) => leaves(v, [...at, i]));
  if (data && typeof data === 'object' && !(data instanceof Date))
    return Object.entries(data).flatMap(([k, v]) => leaves(v, [...at, k]));
  return [at];
}
function setAt(data: unknown, at: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(data) as Record<string | number, unknown>;
  if (at.length === 0) return value;
  let o = copy;
  for (const k of at.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[at[at.length - 1]] = value;
  return copy;
}

/** The compiled routes, a HEAD left out (it shares its GET's schema). */
const getRoutes = () => [...fastAnswers].filter(([route]) => !route.startsWith('HEAD '));

let ctx: TestContext;
const answers: { route: string; payload: unknown }[] = [];
beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      beforeReady: (app) =>
        app.addHook('preSerialization', async (req, reply, payload) => {
          if (req.method === 'GET' && reply.statusCode === 200)
            answers.push({ route: `GET ${req.routeOptions.url} 200`, payload });
          return payload;
        }),
    },
  );
}, 120_000);
afterAll(async () => ctx?.close());

describe('compiled answers (issue 37)', () => {
  it('writes most routes, the grids among them, with a compiled writer', () => {
    expect(fastAnswers.size).toBeGreaterThan(50);
    for (const grid of ['/invoice/grid', '/customer/grid', '/invoice/payment/grid', '/product/grid'])
      expect([...fastAnswers.keys()]).toContain(`GET /api/v1${grid} 200`);
  });

  it('writes every compiled route byte for byte as zod did, over data made from its schema', () => {
    for (const [route, { schema, fast }] of fastAnswers)
      for (const full of [true, false]) {
        const data = sample(schema, full);
        const expected = viaZod(schema)(data);
        expect(fast(data), route).toBe(expected);
        // a key the schema does not name is dropped, as zod drops it
        const secret = withSecrets(data);
        expect(fast(secret), route).toBe(expected);
        expect(fast(secret), route).not.toContain('SECRET-HASH');
      }
  });

  it('takes zod’s path for a value of the wrong type, so it is refused as before', () => {
    for (const [route, { schema, fast }] of getRoutes()) {
      const data = sample(schema, true);
      const all = leaves(data);
      // the first row's leaves, and a few further in
      for (const at of [...all.slice(0, 24), ...all.filter((_, i) => i >= 24 && i % 17 === 0)])
        for (const wrong of [5, 'text', true, null, undefined, [], Number.NaN, Number.POSITIVE_INFINITY]) {
          const bad = setAt(data, at, wrong);
          const zod = zodBytes(schema, bad);
          expect(routeBytes(schema, bad), `${route} ${at.join('.')} = ${String(wrong)}`).toBe(zod);
          if (zod === 'zod refused') expect(fast(bad), route).toBeNull();
        }
    }
  }, 300_000);

  it('keeps zod’s path for schemas whose encode may change or refuse a value', () => {
    const plain = z.object({ a: z.string(), at: z.union([z.date(), z.string()]) });
    expect(compileFastSerializer(plain)).not.toBeNull();
    for (const schema of [
      z.object({ a: z.string().transform((s) => s.toUpperCase()) }),
      z.object({ a: z.string().email() }),
      z.object({ a: z.number().int() }),
      z.object({ a: z.string().default('x') }),
      z.object({ a: z.string() }).refine(() => true),
      z.object({ a: z.record(z.string(), z.number()) }),
      z.looseObject({ a: z.string() }),
      z.strictObject({ a: z.string() }),
      z.object({ a: z.union([z.string(), z.number()]) }),
      z.object({ a: z.codec(z.string(), z.number(), { decode: Number, encode: String }) }),
    ])
      expect(compileFastSerializer(schema)).toBeNull();
  });

  it.skipIf(!!inject('databaseUrl'))(
    'writes the demo company’s real answers as zod did, each through the compiled writer',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-serializer-'));
      try {
        const login = await seedDemoIfEmpty(ctx.database.db, dir);
        const signin = await client(ctx).post('/auth/signin', login!);
        const api = client(ctx, signin.body.access_token as string);
        const doc = ctx.app.swagger() as { paths: Record<string, { get?: unknown }> };
        const gets = Object.keys(doc.paths).filter((p) => doc.paths[p].get && !p.includes('{'));
        for (const p of gets) await api.get(p.replace(/^\/api\/v1/, ''));
        const compiled = answers.filter((a) => fastAnswers.has(a.route));
        expect(compiled.length).toBeGreaterThan(30);
        for (const { route, payload } of compiled) {
          const { schema, fast } = fastAnswers.get(route)!;
          const written = fast(payload);
          expect(written, `${route}: the guard refused a real answer`).not.toBeNull();
          expect(written, route).toBe(viaZod(schema)(payload));
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
