import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files.js';

/**
 * No module keeps mutable state of its own at the top level: what modules plug into the ones below
 * them is made per app by modules/wiring.ts (app.deps.wiring), so two apps built in one process
 * share no listener, guard or loader. This reads every module file for a top-level `let` / `var`,
 * and for a top-level Map, Set, array or object that the file writes to.
 */
const MODULES = path.resolve(__dirname, '../src/modules');

/**
 * State that stays, each with its reason. The list only shrinks: the test fails when one is gone.
 * - the session cache is the process's memory of live sessions, kept in step with the other
 *   processes through Redis (a sign-out forgets a session in every process, whatever app);
 * - the TABC cache holds the public permit register's dates, the same for every company;
 * - the staff route lists are keyed by each app's deps, so they are per app already.
 */
const ALLOWED = [
  'auth/permissions.plugin.ts: staffRoutesOf',
  'auth/session-cache.ts: broadcast',
  'auth/session-cache.ts: cache',
  'auth/session-cache.ts: ttlMs',
  'customers/tabc.service.ts: cache',
];

const regexName = (s: string) => s.replace(/[$]/g, '\\$');

/** The names of a file's top-level state: every `let` / `var`, and containers it writes to. */
function moduleState(code: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(/^(?:export )?(?:let|var) (\w+)/gm)) names.push(m[1]);
  const containers = /^(?:export )?const (\w+)(?::[^=\n]+)? = (?:new (?:Map|Set|WeakMap|WeakSet|Array)\b|\[|\{)/gm;
  for (const m of code.matchAll(containers)) {
    const n = regexName(m[1]);
    const written = new RegExp(
      `\\b${n}(?:\\.(?:set|add|push|pop|shift|unshift|splice|delete|clear)\\(|\\.\\w+\\s*=[^=>]|\\[[^\\]]+\\]\\s*=[^=>])`,
    );
    if (written.test(code)) names.push(m[1]);
  }
  return names;
}

describe('module state', () => {
  it('sees top-level state', () => {
    expect(moduleState('let hook = null;\nfunction f() { let x = 1; }')).toEqual(['hook']);
    expect(moduleState('const listeners = new Set<L>();\nexport function on(l: L) { listeners.add(l); }')).toEqual([
      'listeners',
    ]);
    expect(moduleState('const parts = {\n  a: 1,\n};\nexport function plug(k, v) { parts[k] = v; }')).toEqual([
      'parts',
    ]);
    expect(moduleState("const TYPES: Record<string, string> = { a: 'b' };\nconst x = TYPES[k] === 'b';")).toEqual([]);
    expect(moduleState('const seen = new Set([1]);\nexport const has = (n) => seen.has(n);')).toEqual([]);
  });

  it('no module keeps mutable state at the top level, but for the reasoned few', () => {
    const found = sourceFiles(MODULES).flatMap((file) => {
      const rel = path.relative(MODULES, file).split(path.sep).join('/');
      return moduleState(readFileSync(file, 'utf8')).map((n) => `${rel}: ${n}`);
    });
    expect(found.sort()).toEqual(ALLOWED);
  });
});
