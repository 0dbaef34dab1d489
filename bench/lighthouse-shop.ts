/**
 * Lighthouse 12, mobile with its default throttling, on the shop's sign-in page and its catalogue
 * (issue 34), against a running built server:
 *
 *   PORT=3171 DATA_DIR=/tmp/lh-data node apps/server/dist/main.js &
 *   CHROME_PATH=/usr/bin/chromium npx tsx bench/lighthouse-shop.ts http://127.0.0.1:3171 lonestar buyer@broken-spoke.example <password>
 *
 * The catalogue is measured signed in: a Chromium profile gets the customer token in localStorage
 * first (Playwright), then Lighthouse runs on that profile without resetting its storage.
 * Prints performance, accessibility, best practices, FCP, LCP and TBT per page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [base, sub, email, password] = process.argv.slice(2);
if (!base || !sub) throw new Error('usage: lighthouse-shop.ts <base url> <subdomain> [email password]');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags = ['--headless=new', '--no-sandbox'];

async function run(url: string, profile: string) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...flags, `--user-data-dir=${profile}`] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const lhr = result!.lhr;
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    const ms = (k: string) => `${((lhr.audits[k]?.numericValue ?? 0) / 1000).toFixed(2)} s`;
    return {
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: `${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms`,
    };
  } finally {
    await chrome.kill();
  }
}

const signedOut = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-out-'));
console.log(await run(`${base}/shop/${sub}`, signedOut));

if (email && password) {
  const signedIn = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-in-'));
  const res = await fetch(`${base}/api/v1/customer-app/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, subdomain: sub }),
  });
  const { access_token } = (await res.json()) as { access_token: string };
  const ctx = await chromium.launchPersistentContext(signedIn, { executablePath: chromePath, args: flags });
  const page = await ctx.newPage();
  await page.goto(`${base}/shop/${sub}`);
  await page.evaluate((t) => localStorage.setItem('dbo.customerToken', t), access_token);
  await ctx.close();
  console.log(await run(`${base}/shop/${sub}`, signedIn));
}
