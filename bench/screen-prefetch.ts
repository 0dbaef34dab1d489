/**
 * The second screen (issue 37): a clerk signs in, the dashboard sits idle for a while, then the
 * clerk opens the invoice grid. Menu click -> grid header on screen, with the menu's screens
 * prefetched while the dashboard was idle (the shell's route map) and without (the map blocked, so
 * nothing is prefetched), on a throttled office line (BENCH_MBPS, default 10 Mbit/s, BENCH_RTT 40 ms
 * round trip; what the browser has in its cache is not throttled). A fresh browser context each run,
 * the two modes taking turns.
 *
 *   npm run build && npx tsx bench/screen-prefetch.ts
 *
 * Env: BENCH_RUNS (default 5 a mode), BENCH_IDLE_MS (default 10000), CHROMIUM_PATH.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { pct } from './seed.js';
import { chromiumPath, signUpOwner, startServer, stopServer } from './server-process.js';

const PORT = Number(process.env.BENCH_PORT ?? 3397);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const MBPS = Number(process.env.BENCH_MBPS ?? 10);
const RTT = Number(process.env.BENCH_RTT ?? 40);
const origin = `http://127.0.0.1:${PORT}`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-bench-prefetch-'));
  const server = startServer(dataDir, PORT);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    await server.ready;
    const token = (await signUpOwner(origin)).access_token;
    const times: Record<'prefetched' | 'not prefetched', number[]> = { prefetched: [], 'not prefetched': [] };
    for (let i = 0; i < RUNS * 2; i++) {
      const mode = i % 2 === 0 ? 'prefetched' : 'not prefetched';
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: RTT,
        downloadThroughput: (MBPS * 1e6) / 8,
        uploadThroughput: (MBPS * 1e6) / 8,
      });
      if (mode === 'not prefetched') await cdp.send('Network.setBlockedURLs', { urls: ['*/route-chunks.json'] });
      await page.goto(`${origin}/auth/signin`);
      await page.evaluate((t) => localStorage.setItem('dbo.token', t), token);
      await page.goto(`${origin}/dashboard`);
      await page.getByRole('menuitem', { name: 'Invoices' }).waitFor({ timeout: 60_000 });
      await page.waitForTimeout(IDLE_MS);
      const t0 = performance.now();
      await page.getByRole('menuitem', { name: 'Invoices' }).click();
      await page.getByRole('columnheader', { name: 'Customer' }).first().waitFor({ timeout: 60_000 });
      times[mode].push(performance.now() - t0);
      await context.close();
    }
    console.log(
      `dashboard idle ${IDLE_MS} ms, then Invoices -> grid header on screen; ${MBPS} Mbit/s, ${RTT} ms RTT; ` +
        `Chromium ${chromiumPath()}; load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
    );
    for (const [mode, xs] of Object.entries(times))
      console.log(
        `${mode.padEnd(16)} p50 ${pct(xs, 50).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`,
      );
  } finally {
    await browser.close();
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
