import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    server: { deps: { inline: [/@dbo\/domain/] } },
    pool: 'forks',
    // A worker runs its files one after another on the modules it has loaded: the app's modules are
    // evaluated once a worker rather than once a file (1.3 s each), which took 40% off the suite's
    // CPU. Each file makes its own app and database (test/helpers.ts) and closes them; a file that
    // replaces a module (vi.mock) loads the app afresh after it (auth.limits.test.ts).
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
