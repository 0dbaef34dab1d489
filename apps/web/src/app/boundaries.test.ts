import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web's layers (DESIGN.md): app/ composes the features, which sit on lib/. A feature never
 * imports another feature's files, nor app/ (what features share, the session, route types, the
 * feature gate, the extension points' types, is in lib/); app/ reaches the features only by file
 * name (import.meta.glob of routes.tsx and the extension points, lib/extensions.tsx), never one
 * named feature; lib/ imports neither a feature nor app/. This reads every import of apps/web/src
 * and fails on a crossing.
 */
const SRC = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

/** Every module specifier: static imports and re-exports, side-effect imports, import(), import.meta.glob. */
function importsOf(code: string): string[] {
  const specs: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\.meta\.glob(?:<[^>]*>)?\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) specs.push(m[1]);
  return specs;
}

/** Where a file sits: 'app', 'lib', 'features/<name>' or 'other'. */
function areaOf(rel: string): string {
  const parts = rel.split(/[\\/]/);
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  if (parts[0] === 'app' || parts[0] === 'lib') return parts[0];
  return 'other';
}

/** The rule broken by `from` (a path under src) importing `spec`, or null. */
function violation(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const src = areaOf(from);
  const dst = areaOf(target);
  if (src.startsWith('features/') && dst.startsWith('features/') && src !== dst)
    return `${from} imports ${spec}: features never import each other (compose them in app/)`;
  if (src.startsWith('features/') && dst === 'app') return `${from} imports ${spec}: features do not import app/`;
  if (src === 'app' && dst.startsWith('features/') && dst !== 'features/*')
    return `${from} imports ${spec}: app/ names no feature (it finds them by file name)`;
  if (src === 'lib' && dst.startsWith('features/')) return `${from} imports ${spec}: lib/ imports no feature`;
  if (src === 'lib' && dst === 'app') return `${from} imports ${spec}: lib/ does not import app/`;
  return null;
}

describe('web boundaries', () => {
  it('the rule sees a crossing', () => {
    expect(violation('features/invoices/a.tsx', '../payments/payments-panel')).toMatch(/features never/);
    expect(violation('features/invoices/a.tsx', '../../features/payments/api')).toMatch(/features never/);
    expect(violation('lib/x.ts', '../features/invoices/api')).toMatch(/lib\/ imports no feature/);
    expect(violation('lib/x.ts', '../app/session')).toMatch(/lib\/ does not import app/);
    expect(violation('lib/x.ts', '../features/*/routes.tsx')).toMatch(/lib\/ imports no feature/);
    expect(violation('features/invoices/a.tsx', '../../app/extensions')).toMatch(/features do not import app/);
    expect(violation('features/invoices/routes.tsx', '../../app/route-types')).toMatch(/features do not import app/);
    expect(violation('app/realtime.tsx', '../features/integrations/pos-realtime')).toMatch(/app\/ names no feature/);
    expect(violation('app/realtime.tsx', '../features/*/live-events.tsx')).toBeNull();
    expect(violation('features/invoices/a.tsx', '../../lib/session')).toBeNull();
    expect(violation('features/invoices/a.tsx', './api')).toBeNull();
    expect(violation('features/invoices/a.tsx', '../../lib/api')).toBeNull();
    expect(violation('app/extensions.ts', '../features/*/invoice-panels.tsx')).toBeNull();
    expect(importsOf("import a from './a';\nimport './b.css';\nconst c = lazy(() => import('../c'));")).toEqual([
      './a',
      './b.css',
      '../c',
    ]);
  });

  it('no feature imports another or app/, app/ names no feature, and lib/ imports neither', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const problems = files.flatMap((file) => {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      return importsOf(readFileSync(file, 'utf8'))
        .map((spec) => violation(rel, spec))
        .filter((p): p is string => !!p);
    });
    expect(problems).toEqual([]);
  });

  it("a feature's components fetch nothing themselves: its requests live in its api files", () => {
    // http.get/post/put/patch/del, request(...) and fetch(...) called from a component file
    const call = /\bhttp\.(get|post|put|patch|del)\b|(?<![.\w])request\s*[<(]|(?<![.\w])fetch\(/;
    expect(call.test("const r = await http.get<X>('/x');")).toBe(true);
    expect(call.test("await request<Response>('GET', '/x', { raw: true });")).toBe(true);
    expect(call.test('onClick={() => refetch()}')).toBe(false);
    const found = sourceFiles(path.join(SRC, 'features'))
      .filter((f) => /\.tsx$/.test(f) && !/\.test\.tsx$/.test(f))
      .filter((f) => call.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f).split(path.sep).join('/'));
    expect(found).toEqual([]);
  });

  it('every request names an endpoint of the catalogue (lib/endpoints.ts), never a path of its own', () => {
    // http.get/post/put/patch/del, request(...), fetch(...) and useGet(...) outside the one client
    const byPath = /\bhttp\.(get|post|put|patch|del)\b|(?<![.\w])request\s*[<(]|(?<![.\w])fetch\(|\buseGet\s*[<(]/;
    expect(byPath.test("useGet<Payment[]>(key, '/invoice/1/payment')")).toBe(true);
    expect(byPath.test('call(api.addPayment, { params: { id } })')).toBe(false);
    const CLIENT = ['lib/api.ts', 'lib/endpoints.ts', 'lib/query-keys.ts'];
    // files that read a file of the web build itself, not the API: the route map (issue 37)
    const BUILD_FILES = ['lib/screen-prefetch.ts'];
    for (const rel of BUILD_FILES) expect(readFileSync(path.join(SRC, rel), 'utf8')).not.toMatch(/api\/v1|API_BASE/);
    const found = sourceFiles(SRC)
      .map((f) => path.relative(SRC, f).split(path.sep).join('/'))
      .filter((rel) => !/\.test\.tsx?$/.test(rel) && !CLIENT.includes(rel) && !BUILD_FILES.includes(rel))
      .filter((rel) => byPath.test(readFileSync(path.join(SRC, rel), 'utf8')));
    expect(found.sort()).toEqual([...STILL_BY_PATH].sort());
  });
});

/** Files whose requests still name a path rather than an endpoint (issue 31); the list only shrinks. */
const STILL_BY_PATH: string[] = [];
