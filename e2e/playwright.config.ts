import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, what Playwright itself runs
 * headless) when installed, else the full browser. The shell is the same engine without the browser's
 * UI processes: on this 2-core machine it leaves the CPU to the app and the server suites.
 */
function chromiumPath() {
  const shell = '/usr/bin/chromium-headless-shell';
  return fs.existsSync(shell) ? shell : '/usr/bin/chromium';
}

/**
 * One temporary folder per run for the server's DATA_DIR and the screenshots. The runner creates
 * it and puts it in the environment, so the workers (which load this file again) find the same
 * one; it is removed when the runner exits (after the web server stopped), unless E2E_KEEP=1.
 */
if (!process.env.E2E_RUN_DIR) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-e2e-'));
  process.env.E2E_RUN_DIR = runDir;
  if (!process.env.E2E_KEEP) process.on('exit', () => fs.rmSync(runDir, { recursive: true, force: true }));
  else console.log(`e2e data and screenshots kept in ${runDir}`);
}
process.env.E2E_DATA_DIR ??= path.join(process.env.E2E_RUN_DIR, 'data');
const dataDir = process.env.E2E_DATA_DIR;

/** Runs against the built app (`npm run build`), on a fresh embedded database with the demo data. */
export default defineConfig({
  testDir: './tests',
  // one folder per port, so parallel runs don't clear each other's artifacts
  outputDir: `test-results/${port}`,
  // a test that passes in 50 s on a busy machine (the builder's) needs room beside CI's server suites
  timeout: 120_000,
  // a hung suite fails here, with its report, instead of running into CI's own limit
  globalTimeout: process.env.CI ? 50 * 60_000 : undefined,
  // an assertion waits for what a user would wait for; CI's 2 cores also run both server suites and
  // another browser lane beside it (load 8-12), where a screen's first paint has taken over 10 s
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    // a trace records every action's DOM and screenshots: on every test that doubled the suite's CPU
    // (foundation + payments: 45 s of CPU against 20 s without, 92 s against 60 s long). CI traces
    // a failed test's retry; a local run (no retries) keeps the failed test's own trace
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node ../apps/server/dist/main.js`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 180_000, // CI runs the server suites beside it
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // the operator's routes and /operator page (issue 32); tests/helpers.ts OPERATOR_TOKEN
      OPERATOR_TOKEN: process.env.E2E_OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789',
      // the customers' shop also answers on {subdomain}.localhost (Chromium resolves *.localhost to loopback)
      APP_DOMAIN: process.env.E2E_APP_DOMAIN ?? 'localhost',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
