/**
 * The answers' serializer compiler (issue 37, the grid floor). fastify-type-provider-zod's runs
 * zod's `safeEncode` over the whole answer (a copy of every object) and then JSON.stringify; for a
 * grid page that is a good part of what a request adds to its SQL. A response schema made only of
 * plain data (objects, arrays, strings, numbers, booleans, null, enums, literals, dates, optional
 * and nullable; no transform, codec, default, refinement or check, whose encode could change or
 * refuse a value) is instead written by a writer compiled from the zod schema.
 *
 * Each such answer first passes a guard compiled from the same schema: the exact types zod
 * accepts, every required key present. An answer the guard refuses takes zod's path, so it fails
 * (a 500) or is encoded exactly as before. The writer writes what JSON.stringify writes of zod's
 * copy: the schema's keys in the schema's order, each value by JSON.stringify's own rules; a key
 * the schema does not name is dropped, as zod strips it. Any other schema keeps zod's path.
 *
 * Not fast-json-stringify: it writes an object's required properties before its optional ones
 * (not zod's order) and picks an anyOf branch (a nullable object) by validating it, which an
 * unnamed key fails; either changes the bytes.
 */
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type ZodSchema = z.core.$ZodType;
type Def = Record<string, unknown> & { type: string; checks?: unknown[] };
type ZodCompilerInput = Parameters<typeof zodSerializerCompiler>[0];

const defOf = (s: ZodSchema): Def => s._zod.def as unknown as Def;

/** The compiled guard's source for `v` (an expression), or null when the schema is not plain data. */
function guardFor(schema: ZodSchema, v: string, depth: number): string | null {
  const def = defOf(schema);
  // a check may refuse a value; coercion may change it
  if (def.checks?.length || def.coerce) return null;
  const at = (s: unknown, e: string) => guardFor(s as ZodSchema, e, depth + 1);
  switch (def.type) {
    case 'string':
      // z.string() with a format (email, uuid ...) carries it as a check; a bare string has none
      return `typeof ${v} === 'string'`;
    case 'number':
      return `(typeof ${v} === 'number' && Number.isFinite(${v}))`;
    case 'boolean':
      return `typeof ${v} === 'boolean'`;
    case 'null':
      return `${v} === null`;
    case 'date':
      return `(${v} instanceof Date && !Number.isNaN(${v}.getTime()))`;
    case 'enum': {
      const values = Object.values(def.entries as Record<string, unknown>);
      if (!values.every((x) => typeof x === 'string')) return null;
      return `${JSON.stringify(values)}.includes(${v})`;
    }
    case 'literal': {
      const values = def.values as unknown[];
      if (!values.every((x) => ['string', 'number', 'boolean'].includes(typeof x) || x === null)) return null;
      return `(${values.map((x) => `${v} === ${JSON.stringify(x)}`).join(' || ')})`;
    }
    case 'nullable': {
      const inner = at(def.innerType, v);
      return inner && `(${v} === null || ${inner})`;
    }
    case 'array': {
      const item = `x${depth}`;
      const inner = at(def.element, item);
      return inner && `(Array.isArray(${v}) && ${v}.every((${item}) => ${inner}))`;
    }
    case 'object': {
      // strip mode only: a catchall or passthrough object would write keys the schema does not name
      if (def.catchall !== undefined) return null;
      const shape = def.shape as Record<string, ZodSchema>;
      const parts = [`(typeof ${v} === 'object' && ${v} !== null && !Array.isArray(${v}))`];
      for (const [key, prop] of Object.entries(shape)) {
        const e = `${v}[${JSON.stringify(key)}]`;
        const pdef = defOf(prop);
        if (pdef.type === 'optional') {
          if (pdef.checks?.length) return null;
          const inner = at(pdef.innerType, e);
          if (!inner) return null;
          parts.push(`(${e} === undefined || ${inner})`);
        } else {
          const inner = at(prop, e);
          if (!inner) return null;
          parts.push(inner);
        }
      }
      return parts.join(' && ');
    }
    case 'union': {
      // the one union answers use: a timestamp as a Date or a string (both written as JSON.stringify does)
      const options = def.options as ZodSchema[];
      if (def.discriminator !== undefined || def.inclusive === false) return null;
      const kinds = options.map((o) => defOf(o).type).sort();
      if (kinds.join() !== 'date,string' || options.some((o) => defOf(o).checks?.length)) return null;
      return `((${v} instanceof Date && !Number.isNaN(${v}.getTime())) || typeof ${v} === 'string')`;
    }
    default:
      // transform, pipe (codecs), default, catch, lazy, record, tuple, any, unknown ... keep zod's path
      return null;
  }
}

/**
 * The compiled writer's statements appending `v` (an expression of a value the guard passed) to
 * `s`: what JSON.stringify writes of zod's encoded copy, which holds the schema's keys in the
 * schema's order (an undefined optional key written by neither).
 */
function writerFor(schema: ZodSchema, v: string, names: { n: number }): string {
  const def = defOf(schema);
  const local = () => `v${names.n++}`;
  switch (def.type) {
    case 'number':
      // the guard passed a finite number: String() writes it as JSON.stringify does
      return `s += '' + ${v};`;
    case 'boolean':
      return `s += ${v} ? 'true' : 'false';`;
    case 'null':
      return `s += 'null';`;
    // a valid Date's toJSON is its toISOString (digits and -:.TZ+, nothing to escape), without the lookup
    case 'date':
      return `s += '"' + ${v}.toISOString() + '"';`;
    case 'union':
      // a Date or a string (the only union the guard passes)
      return `s += typeof ${v} === 'string' ? JSON.stringify(${v}) : '"' + ${v}.toISOString() + '"';`;
    case 'nullable': {
      const x = local();
      return `{ const ${x} = ${v}; if (${x} === null) s += 'null'; else { ${writerFor(def.innerType as ZodSchema, x, names)} } }`;
    }
    case 'array': {
      const [a, i] = [local(), local()];
      const item = writerFor(def.element as ZodSchema, `${a}[${i}]`, names);
      return `{ const ${a} = ${v}; s += '['; for (let ${i} = 0; ${i} < ${a}.length; ${i}++) { if (${i} > 0) s += ','; ${item} } s += ']'; }`;
    }
    case 'object': {
      const [o, c] = [local(), local()];
      let code = `{ const ${o} = ${v}; let ${c} = false; s += '{';`;
      for (const [key, prop] of Object.entries(def.shape as Record<string, ZodSchema>)) {
        const pdef = defOf(prop);
        const x = local();
        const name = JSON.stringify(`${JSON.stringify(key)}:`);
        const inner = pdef.type === 'optional' ? (pdef.innerType as ZodSchema) : prop;
        const write = `s += ${c} ? ',' + ${name} : ${name}; ${c} = true; ${writerFor(inner, x, names)}`;
        code += ` { const ${x} = ${o}[${JSON.stringify(key)}];`;
        code += pdef.type === 'optional' ? ` if (${x} !== undefined) { ${write} } }` : ` ${write} }`;
      }
      return `${code} s += '}'; }`;
    }
    default:
      // strings, enums and literals: JSON.stringify's own bytes
      return `s += JSON.stringify(${v});`;
  }
}

/** Writes an answer the guard passes; null for any other (it takes zod's path). */
export type FastSerializer = (data: unknown) => string | null;

/** A compiled writer for a plain-data schema behind its guard, or null (the schema keeps zod's path). */
export function compileFastSerializer(schema: ZodSchema): FastSerializer | null {
  const guardSource = guardFor(schema, 'v', 0);
  if (!guardSource) return null;
  const guard = new Function('v', `return ${guardSource};`) as (v: unknown) => boolean;
  const write = new Function('v', `let s = ''; ${writerFor(schema, 'v', { n: 0 })} return s;`) as (
    v: unknown,
  ) => string;
  return (data) => (guard(data) ? write(data) : null);
}

/** The routes answered by a compiled writer, by "METHOD url status": the byte-identity test walks them. */
export const fastAnswers = new Map<string, { schema: ZodSchema; fast: FastSerializer }>();

const isZodSchema = (s: unknown): s is ZodSchema => typeof s === 'object' && s !== null && '_zod' in s;

/** Fastify's serializer compiler: the compiled writer where the schema allows it, zod's otherwise. */
export const serializerCompiler = (input: ZodCompilerInput) => {
  const viaZod = zodSerializerCompiler(input);
  const schema = input.schema;
  const fast = isZodSchema(schema) ? compileFastSerializer(schema) : null;
  if (!fast) return viaZod;
  fastAnswers.set(`${input.method} ${input.url} ${input.httpStatus}`, { schema: schema as ZodSchema, fast });
  return (data: unknown) => fast(data) ?? viaZod(data);
};
