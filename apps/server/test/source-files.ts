import { readdirSync } from 'node:fs';
import path from 'node:path';

/** A TypeScript source file, not a test. */
export const isSourceFile = (name: string) => name.endsWith('.ts') && !name.endsWith('.test.ts');

/** The files under `dir` (all depths) whose name `keep` accepts: the source files by default. */
export function sourceFiles(dir: string, keep: (name: string) => boolean = isSourceFile): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full, keep);
    return keep(e.name) ? [full] : [];
  });
}
