import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { featureRoutes } from './route-modules.ts';
import type { RouteChunks } from './src/lib/screen-prefetch.ts';

/** The signed-in shell, beside the entry: what every signed-in screen loads before its own modules. */
const SHELL = ['src/app/staff-main.tsx', 'src/app/layout.tsx'];

/**
 * The map from each signed-in route to the files it loads beyond the shell (its page's chunk, the
 * chunks that one imports, their style sheets), from the build's chunk graph.
 */
export function routeChunkMap(
  bundle: Rolldown.OutputBundle,
  root: string,
  routes: { path: string; modules: string[] }[],
  base = '/',
): RouteChunks {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const byModule = new Map<string, Rolldown.OutputChunk>();
  for (const c of chunks)
    if (c.facadeModuleId) byModule.set(path.relative(root, c.facadeModuleId).split(path.sep).join('/'), c);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  /** a chunk's file, the chunks it imports statically, and their style sheets */
  const closure = (chunk: Rolldown.OutputChunk, into: Set<string>) => {
    if (into.has(chunk.fileName)) return into;
    into.add(chunk.fileName);
    for (const css of (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])
      into.add(css);
    for (const i of chunk.imports) {
      const next = byFile.get(i);
      if (next) closure(next, into);
    }
    return into;
  };
  const shell = new Set<string>();
  for (const c of chunks) if (c.isEntry) closure(c, shell);
  for (const key of SHELL) {
    const chunk = byModule.get(key);
    if (!chunk) throw new Error(`route chunks: ${key} is not a chunk of the build`);
    closure(chunk, shell);
  }
  const files: string[] = [];
  const index = new Map<string, number>();
  const map: Record<string, number[]> = {};
  for (const route of routes) {
    const own = new Set<string>();
    for (const key of route.modules) {
      const chunk = byModule.get(key);
      if (!chunk) throw new Error(`route chunks: ${key} (route ${route.path}) is not a chunk of the build`);
      closure(chunk, own);
    }
    map[route.path] = [...own]
      .filter((f) => !shell.has(f))
      .map((f) => {
        if (!index.has(f)) {
          index.set(f, files.length);
          files.push(`${base}${f}`);
        }
        return index.get(f) as number;
      });
  }
  return { files, routes: map };
}

/**
 * Writes route-chunks.json beside index.html (issue 37): the signed-in routes and the script and
 * style files each loads beyond the shell. While a screen is idle the shell has the browser load
 * the menu's other screens from it (`lib/screen-prefetch.ts`): fetched and compiled, not run, so
 * the next screen opens without waiting for its chunks (a grid's AG Grid is 284 KB gzipped) and the
 * current one is not slowed.
 */
export function routeChunks(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'dbo-route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      // after Vite's own: it removes the chunks that hold only style sheets (their CSS moves to their importers)
      order: 'post',
      handler(_options, bundle) {
        const routes = featureRoutes(root).filter((r) => r.kind === 'private');
        const map = routeChunkMap(bundle, root, routes, base);
        this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: JSON.stringify(map) });
      },
    },
  };
}
