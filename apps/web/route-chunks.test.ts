// @vitest-environment node
import path from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { routeChunkMap } from './route-chunks.ts';
import { featureRoutes } from './route-modules.ts';

const root = '/app';
const chunk = (fileName: string, facade: string | null, imports: string[], extra: object = {}) =>
  ({
    type: 'chunk',
    fileName,
    facadeModuleId: facade && path.join(root, facade),
    imports,
    ...extra,
  }) as unknown as Rolldown.OutputChunk;

describe("the build's route map (issue 37)", () => {
  it("gives each signed-in route its page's chunk, the chunks and style sheets that imports, but not the shell's", () => {
    const chunks = [
      chunk('assets/index.js', path.join(root, 'index.html'), ['assets/preload.js'], { isEntry: true }),
      chunk('assets/preload.js', null, []),
      chunk('assets/staff-main.js', 'src/app/staff-main.tsx', ['assets/antd.js']),
      chunk('assets/antd.js', null, []),
      chunk('assets/layout.js', 'src/app/layout.tsx', ['assets/antd.js']),
      chunk(
        'assets/invoice-list-page.js',
        'src/features/invoices/invoice-list-page.tsx',
        ['assets/ag-grid.js', 'assets/antd.js'],
        {
          viteMetadata: { importedCss: new Set(['assets/invoices.css']) },
        },
      ),
      chunk('assets/ag-grid.js', null, ['assets/preload.js']),
      chunk('assets/detail.js', 'src/features/invoices/invoice-detail-page.tsx', ['assets/ag-grid.js']),
      chunk('assets/panels.js', 'src/app/invoice-panels.ts', []),
    ];
    const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c])) as Rolldown.OutputBundle;
    const map = routeChunkMap(bundle, root, [
      { path: '/invoice', modules: ['src/features/invoices/invoice-list-page.tsx'] },
      {
        path: '/invoice/:number',
        modules: ['src/features/invoices/invoice-detail-page.tsx', 'src/app/invoice-panels.ts'],
      },
    ]);
    const files = (route: string) => map.routes[route].map((i) => map.files[i]);
    expect(files('/invoice')).toEqual(['/assets/invoice-list-page.js', '/assets/invoices.css', '/assets/ag-grid.js']);
    expect(files('/invoice/:number')).toEqual(['/assets/detail.js', '/assets/ag-grid.js', '/assets/panels.js']);
    expect(map.files).toHaveLength(5);
    expect(() =>
      routeChunkMap(bundle, root, [{ path: '/gone', modules: ['src/features/gone/gone-page.tsx'] }]),
    ).toThrow('src/features/gone/gone-page.tsx (route /gone) is not a chunk of the build');
  });

  it("reads the features' routes from their source, the signed-in ones with their extension point", () => {
    const routes = featureRoutes(path.resolve(import.meta.dirname));
    expect(routes).toContainEqual({
      path: '/invoice/:number',
      kind: 'private',
      modules: ['src/features/invoices/invoice-detail-page.tsx', 'src/app/invoice-panels.ts'],
    });
    expect(routes).toContainEqual({
      path: '/invoice',
      kind: 'private',
      modules: ['src/features/invoices/invoice-list-page.tsx'],
    });
    expect(routes).toContainEqual({
      path: '/driver',
      kind: 'public',
      modules: ['src/features/driver/driver-page.tsx'],
    });
    expect(routes.filter((r) => r.kind === 'private').length).toBeGreaterThan(30);
  });
});
