import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files.js';

/**
 * A module writes only its own tables (README, "Who owns what"): an insert, update or delete on a
 * table another module's *.tables.ts declares goes through that module's service. This reads every
 * module file for `.insert(x)`, `.update(x)` and `.delete(x)` and looks x up among the tables.
 */
const MODULES = path.resolve(__dirname, '../src/modules');

/**
 * The writes that still cross, each file with the other module's tables it writes. The list only
 * shrinks: the test fails when a crossing is added and when one listed here is gone.
 * - the notification switches of PUT /company/notification are written by its route (next: the
 *   users service of company, as auth's other writes).
 */
const STILL_CROSSING = ['auth/auth.routes.ts: users'];

const moduleOf = (file: string) => path.relative(MODULES, file).split(path.sep)[0];

/** Table variable name -> the module whose *.tables.ts declares it. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of sourceFiles(MODULES, (n) => n.endsWith('.tables.ts'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+)\s*=\s*pgTable\b/g))
      owners.set(m[1], moduleOf(file));
  }
  return owners;
}

/** The tables a file's code inserts into, updates or deletes from. */
function writtenTables(code: string): string[] {
  const builder = [...code.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)].map((m) => m[1]);
  // and in SQL text: update ${t} ..., insert into ${t} ..., delete from ${t} ...
  const text = [...code.matchAll(/\b(?:update|insert\s+into|delete\s+from)\s+\$\{\s*(\w+)\s*\}/gi)].map((m) => m[1]);
  return [...builder, ...text];
}

describe('module writes', () => {
  it('sees a write', () => {
    expect(writtenTables('await tx\n  .update(products)\n  .set({})')).toEqual(['products']);
    expect(writtenTables('db.insert(users).values(v); db.delete( logos ); list.delete(id)')).toEqual([
      'users',
      'logos',
      'id',
    ]);
    expect(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: SQL text as a module file holds it
      writtenTables(['update ${products} set a = 1', 'insert into ${stamps} (x)', 'delete from ${logs}'].join('; ')),
    ).toEqual(['products', 'stamps', 'logs']);
  });

  it("no module writes another module's tables, but for the listed few", () => {
    const owners = tableOwners();
    expect(owners.get('products')).toBe('products');
    expect(owners.get('paymentAllocations')).toBe('payments');
    const crossing = new Map<string, Set<string>>();
    for (const file of sourceFiles(MODULES)) {
      const mod = moduleOf(file);
      for (const table of writtenTables(readFileSync(file, 'utf8'))) {
        const owner = owners.get(table);
        if (!owner || owner === mod) continue;
        const rel = path.relative(MODULES, file).split(path.sep).join('/');
        crossing.set(rel, (crossing.get(rel) ?? new Set()).add(table));
      }
    }
    const found = [...crossing].map(([rel, tables]) => `${rel}: ${[...tables].sort().join(', ')}`).sort();
    expect(found).toEqual(STILL_CROSSING);
  });
});
