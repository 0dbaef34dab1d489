import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files.js';

/**
 * The server's module stack (README, "Who owns what"): a module imports only modules below it,
 * never another module's routes, and lib/ and db/ sit below them all: they import no module and
 * not app.ts (what they need of a module, such as who may open a socket, app.ts hands them).
 * modules/wiring.ts, where modules plug into the ones below them, sits above every module and no
 * module imports it. Modules on one floor do not import each other, so the stack has no cycle.
 * This reads every import of apps/server/src (tests aside).
 */
const SRC = path.resolve(__dirname, '../src');

/** The floor of each module, bottom first. */
const FLOORS: Record<string, number> = {
  company: 0,
  activity: 1,
  auth: 2,
  team: 3,
  customers: 3,
  products: 4,
  stamps: 4,
  inventory: 5,
  invoices: 6,
  catalog: 7,
  payments: 7,
  documents: 7,
  pdf: 7,
  email: 8,
  orders: 9,
  integrations: 9,
  import: 9,
  receivables: 10,
  reports: 10,
  'customer-app': 10,
  ops: 11,
  delivery: 11,
  operator: 11,
};

/**
 * Imports that still run up, each named by file. The test fails when one is added and when one
 * listed here is gone (then strike it), so the list only shrinks. It is empty: the last ones, the
 * foreign keys from stamps and inventory to invoices, are kept by the database and listed in
 * invoices.tables.ts (INVOICE_LINKS) instead of declared in the lower modules' tables.
 */
const STILL_UP: string[] = [];

/** Every relative module specifier: static imports, re-exports and import(). */
function importsOf(code: string): string[] {
  const specs: string[] = [];
  for (const re of [/\bfrom\s+['"](\.[^'"]+)['"]/g, /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g]) {
    for (const m of code.matchAll(re)) specs.push(m[1]);
  }
  return specs;
}

/** What `from` (a path under src) importing `spec` breaks: a rule, 'up' for a floor above, or null. */
function crossing(from: string, spec: string): string | null {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const [srcArea, srcModule] = from.split('/');
  const [dstArea, dstModule, dstFile] = target.split('/');
  if ((srcArea === 'lib' || srcArea === 'db') && target.startsWith('app.')) return 'lib and db never import app';
  if ((srcArea === 'lib' || srcArea === 'db') && dstArea === 'modules') return 'lib and db never import a module';
  if (from === 'modules/wiring.ts') return null;
  if (srcArea === 'modules' && /^modules\/wiring\.[jt]s$/.test(target)) return 'a module never imports the wiring';
  if (srcArea !== 'modules' || dstArea !== 'modules' || srcModule === dstModule) return null;
  if (/\.routes\.[jt]s$/.test(dstFile ?? '')) return "a module never imports another module's routes";
  const a = FLOORS[srcModule];
  const b = FLOORS[dstModule];
  if (a === undefined || b === undefined) return `${a === undefined ? srcModule : dstModule} has no floor`;
  return b < a ? null : 'up';
}

function crossings() {
  return sourceFiles(SRC).flatMap((file) => {
    const rel = path.relative(SRC, file).split(path.sep).join('/');
    return importsOf(readFileSync(file, 'utf8')).flatMap((spec) => {
      const rule = crossing(rel, spec);
      return rule ? [{ rel, spec, rule }] : [];
    });
  });
}

describe('server module stack', () => {
  it('sees a crossing', () => {
    expect(crossing('modules/customers/x.ts', '../invoices/invoices.tables.js')).toBe('up');
    expect(crossing('modules/products/x.ts', '../stamps/stamps.service.js')).toBe('up');
    expect(crossing('modules/invoices/x.ts', '../customers/customers.service.js')).toBeNull();
    expect(crossing('modules/orders/x.ts', '../invoices/invoices.routes.js')).toMatch(/routes/);
    expect(crossing('lib/x.ts', '../app.js')).toMatch(/never import app/);
    expect(crossing('lib/x.ts', '../modules/auth/auth.service.js')).toMatch(/never import a module/);
    expect(crossing('db/x.ts', '../modules/jobs/jobs.tables.js')).toMatch(/never import a module/);
    expect(crossing('lib/x.ts', './realtime-rooms.js')).toBeNull();
    expect(crossing('modules/auth/x.ts', '../../lib/realtime.js')).toBeNull();
    expect(crossing('modules/invoices/x.ts', './invoice-read.service.js')).toBeNull();
    expect(crossing('modules/wiring.ts', './payments/credit-limit.js')).toBeNull();
    expect(crossing('modules/customers/x.ts', '../wiring.js')).toMatch(/never imports the wiring/);
  });

  it('every module has a floor', () => {
    const modules = readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(modules.filter((m) => FLOORS[m] === undefined)).toEqual([]);
  });

  it('imports run down the stack, but for the ones listed as still running up', () => {
    const found = crossings();
    expect(found.filter((c) => c.rule !== 'up').map((c) => `${c.rel}: ${c.spec}: ${c.rule}`)).toEqual([]);
    const up = [
      ...new Set(found.filter((c) => c.rule === 'up').map((c) => `${c.rel.slice(8)} -> ${c.spec.split('/')[1]}`)),
    ].sort();
    expect(up).toEqual(STILL_UP);
  });
});
