/**
 * What JavaScript each screen loads, gzipped, from the built web app's chunk graph.
 *
 *   npm run build -w apps/web && npx tsx bench/web-bundle.ts
 *
 * Budget (DESIGN.md): the sign-in screen under 350 KB of gzipped JS; AG Grid only with grid routes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest: Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }> =
  JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** a chunk and everything it imports statically */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const i of manifest[key]?.imports ?? []) closure(i, seen);
  return seen;
}

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const base = closure(entry);
const baseBytes = [...base].reduce((s, k) => s + gz(manifest[k].file), 0);
console.log(`entry (every screen):            ${kb(baseBytes)} gzip in ${base.size} chunks`);

const screens = Object.keys(manifest).filter((k) => /features\/.*-page\.tsx$/.test(k));
const rows = screens.map((k) => {
  const own = [...closure(k)].filter((c) => !base.has(c));
  const bytes = own.reduce((s, c) => s + gz(manifest[c].file), 0);
  const grid = own.some((c) => manifest[c].file.includes('ag-grid'));
  return { screen: k.replace('src/features/', ''), total: baseBytes + bytes, grid };
});
rows.sort((a, b) => a.total - b.total);
for (const r of rows) console.log(`${r.screen.padEnd(48)} ${kb(r.total).padStart(10)}${r.grid ? '  (AG Grid)' : ''}`);
const signIn = rows.find((r) => r.screen.startsWith('auth/auth-page'));
if (signIn) console.log(`\nsign-in screen: ${kb(signIn.total)} gzip (budget 350 KB)`);
