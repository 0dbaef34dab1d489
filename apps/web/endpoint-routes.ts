import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What the web reads of an endpoint at run time: its method and path (`lib/endpoints.ts`). */
type Routes = { method: string; path: string } | { [name: string]: Routes };

function routesOf(value: unknown): Routes | undefined {
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.method === 'string' && typeof v.path === 'string') return { method: v.method, path: v.path };
  const group: Record<string, Routes> = {};
  for (const [name, member] of Object.entries(v)) {
    const routes = routesOf(member);
    if (routes) group[name] = routes;
  }
  return Object.keys(group).length ? group : undefined;
}

/**
 * The built web app gets the endpoint catalogue (`@dbo/domain/endpoints/*`) as methods and paths
 * only (issue 37). A call needs nothing else at run time: the schemas serve the types, which the
 * type checker reads from the real modules, and the server. Imported as they are, they brought zod
 * and every schema of the domain into the first load of every staff screen.
 *
 * At the build's start the catalogue is evaluated once (`endpoint-catalogue.ts`, through Vite's
 * module runner) and each of its modules loads as its exports' `{ method, path }`, groups kept
 * (`bottlePos.syncLog`). An export that is not an endpoint or a group of them (a function) is
 * left out, so a web import of one fails the build. The dev server and the unit tests load the
 * real modules.
 */
export function endpointRoutes(): Plugin {
  let modules = new Map<string, string>();
  return {
    name: 'dbo-endpoint-routes',
    apply: 'build',
    async buildStart() {
      const { module } = await runnerImport<{ catalogue: Record<string, Record<string, unknown>> }>(
        path.join(here, 'endpoint-catalogue.ts'),
        { configFile: false, logLevel: 'silent', resolve: { conditions: ['source'] } },
      );
      modules = new Map(
        Object.entries(module.catalogue).map(([file, exports]) => [
          path.resolve(here, file),
          Object.entries(exports)
            .flatMap(([name, value]) => {
              const routes = routesOf(value);
              return routes ? [`export const ${name} = ${JSON.stringify(routes)};`] : [];
            })
            .join('\n'),
        ]),
      );
      if (!modules.size) this.error('the endpoint catalogue evaluated to no modules');
    },
    load(id) {
      return modules.get(id.split('?')[0]);
    },
  };
}
