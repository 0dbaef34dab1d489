/**
 * The invoice builder in Chromium with a 200-line invoice (issue 19): time from a scanned UPC
 * (typed + Enter, as a barcode scanner sends it) to the new line on screen, and from a quantity
 * keystroke to the updated total, measured inside the page with the Performance API.
 *
 *   npm run build && npx tsx --conditions=source bench/builder-browser.ts
 *
 * Needs the built app (`npm run build`: apps/server/dist and apps/web/dist); builds nothing itself.
 * Starts the built server on a throw-away DATA_DIR (PGlite) on BENCH_PORT (default 3297), signs a
 * company up, loads 200 wine products with UPCs (wine needs no TABC stamps) and a customer, then
 * drives Debian's Chromium (CHROMIUM_PATH, else chromium-headless-shell, else chromium) with
 * Playwright. BENCH_LINES (200), BENCH_KEYS (30), BENCH_TYPE (WINE; LIQUOR loads a stamp roll too,
 * so every keystroke also moves the automatic stamps, as on a distributor's usual invoice); BENCH_PROFILE=file.cpuprofile also writes
 * Chromium's CPU profile of the keystrokes and prints where their time went; BENCH_TRACE=file.json
 * Chromium's trace of them (style recalcs with the elements they touched, layouts, paints, the
 * invalidations' causes); BENCH_SHOT=file.png a screenshot after them (BENCH_SHOT_SCROLL=1 also
 * scrolls the items up and tabs twice). The keystrokes go to the last line, in view after the
 * scans. Prints figures; asserts no timing.
 *
 * A scan's time includes the product search's 300 ms debounce (started by the scan's last digit)
 * and the /product/suggestions round trip; "render" is the part after the answer arrived.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { chromium } from '@playwright/test';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { chromiumPath, signUpOwner, startServer, stopServer } from './server-process.js';
import { completeCompany, ms, pct } from './seed.js';

const LINES = Number(process.env.BENCH_LINES ?? 200);
const KEYS = Number(process.env.BENCH_KEYS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3297);
const origin = `http://127.0.0.1:${PORT}`;
const upcOf = (g: number) => String(800000000000 + g);
const TYPE = process.env.BENCH_TYPE === 'LIQUOR' ? 'LIQUOR' : 'WINE';
const NAME = `BENCH ${TYPE}`;

/** p50 / p95 / max of a list, as a table row. */
const row = (label: string, xs: number[]) =>
  `${label.padEnd(40)}${ms(pct(xs, 50))} ${ms(pct(xs, 95))} ${ms(Math.max(...xs))}`;

/** Installed in the page: records, per scan and per keystroke, when each step happened. */
function instrument() {
  type Mark = { key: number; dom?: number; frame?: number; answer?: number; upc?: string };
  const w = window as unknown as {
    __bench: { scans: Mark[]; keys: Mark[]; longTasks: number[]; frames: number[]; phase: string };
  };
  const b = { scans: [] as Mark[], keys: [] as Mark[], longTasks: [] as number[], frames: [] as number[], phase: '' };
  w.__bench = b;
  // a long invoice keeps only the lines in view in the DOM: a scan is on screen when a line shows its UPC
  const shown = (upc: string) =>
    [...document.querySelectorAll('[data-testid="item-row"]')].some((r) => r.textContent?.includes(upc));
  const total = () => document.querySelector('[data-testid="total"]')?.textContent ?? '';
  let lastTotal = total();
  /** after the next frame was produced: a task queued from requestAnimationFrame runs after the paint */
  const afterPaint = (mark: Mark) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        mark.frame = performance.now();
      };
      ch.port2.postMessage(null);
    });
  document.addEventListener(
    'keydown',
    (e) => {
      const t = e.target as HTMLElement;
      if (e.key === 'Enter' && t.matches('[data-testid="product-search"], [data-testid="product-search"] input'))
        b.scans.push({ key: performance.now(), upc: (t as HTMLInputElement).value || t.querySelector('input')?.value });
      else if (/^\d$/.test(e.key) && t.closest('[data-testid="item-qty"]')) b.keys.push({ key: performance.now() });
    },
    true,
  );
  new MutationObserver(() => {
    const scan = b.scans[b.scans.length - 1];
    if (scan && scan.dom == null && scan.upc && shown(scan.upc)) {
      scan.dom = performance.now();
      afterPaint(scan);
    }
    const t = total();
    if (t !== lastTotal) {
      const mark = b.keys[b.keys.length - 1];
      if (b.phase === 'keys' && mark && mark.dom == null) {
        mark.dom = performance.now();
        afterPaint(mark);
      }
    }
    lastTotal = t;
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.name.includes('/product/suggestions')) continue;
      const mark = b.scans[b.scans.length - 1];
      if (mark && mark.answer == null) mark.answer = (e as PerformanceResourceTiming).responseEnd;
    }
  }).observe({ type: 'resource' });
  const supported = PerformanceObserver.supportedEntryTypes;
  if (supported.includes('longtask'))
    new PerformanceObserver((list) => {
      if (b.phase === 'keys') for (const e of list.getEntries()) b.longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  if (supported.includes('long-animation-frame'))
    new PerformanceObserver((list) => {
      if (b.phase === 'keys') for (const e of list.getEntries()) b.frames.push(e.duration);
    }).observe({ type: 'long-animation-frame' });
  return supported;
}

/** Self time by script file of a CDP CPU profile: where the keystrokes' time goes. */
function printProfile(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const fns = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)?.callFrame;
    const dt = (profile.timeDeltas?.[i] ?? 0) / 1000;
    const file = f?.url ? path.basename(f.url) : `(${f?.functionName || 'program'})`;
    self.set(file, (self.get(file) ?? 0) + dt);
    const fn = `${file} ${f?.functionName || '(anonymous)'}:${f?.lineNumber ?? 0}`;
    fns.set(fn, (fns.get(fn) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${ms(v)}  ${k}`);
  console.log(['CPU self time during the keystrokes, by script:', ...top(self, 8)].join('\n'));
  console.log(['by function:', ...top(fns, 12)].join('\n'));
}

type TraceEvent = { name: string; ph: string; dur?: number; args?: Record<string, Record<string, unknown>> };

/** What the keystrokes cost the renderer: style recalcs (elements restyled), layouts (objects laid out), paints. */
function printTrace(trace: { traceEvents: TraceEvent[] }) {
  const sum = new Map<string, { n: number; ms: number; items: number }>();
  const add = (k: string, dur = 0, items = 0) => {
    const s = sum.get(k) ?? { n: 0, ms: 0, items: 0 };
    s.n++;
    s.ms += dur / 1000;
    s.items += items;
    sum.set(k, s);
  };
  const reasons = new Map<string, number>();
  for (const e of trace.traceEvents) {
    if (e.name === 'UpdateLayoutTree' && e.ph === 'X')
      add('style recalc (elements)', e.dur, Number(e.args?.elementCount ?? 0));
    else if (e.name === 'Layout' && e.ph === 'X')
      add('layout (dirty objects)', e.dur, Number(e.args?.beginData?.dirtyObjects ?? 0));
    else if ((e.name === 'Paint' || e.name === 'PrePaint' || e.name === 'Commit') && e.ph === 'X') add(e.name, e.dur);
    else if (e.name.endsWith('InvalidationTracking')) {
      const d = e.args?.data ?? {};
      const k = `${e.name.replace('InvalidationTracking', '')}: ${String(d.reason ?? d.invalidationSet ?? '')} ${String(d.changedClass ?? d.changedAttribute ?? d.changedPseudo ?? d.changedId ?? '')} ${String(d.nodeName ?? '')}`;
      reasons.set(k, (reasons.get(k) ?? 0) + 1);
    }
  }
  console.log('renderer work during the keystrokes (count, time, items):');
  for (const [k, v] of sum) console.log(`  ${k.padEnd(28)} ${String(v.n).padStart(5)} ${ms(v.ms)} ${v.items}`);
  console.log('invalidations (most frequent):');
  for (const [k, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${String(n).padStart(6)}  ${k}`);
}

async function main() {
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html'])
    if (!fs.existsSync(path.join(REPO_ROOT, built))) throw new Error(`${built} missing: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-bench-builder-'));
  let server: ReturnType<typeof startServer> | null = null;
  let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
  try {
    // 1. a company signed up through the API on an empty DATA_DIR
    server = startServer(dataDir, PORT);
    await server.ready;
    const signup = await signUpOwner(origin);
    const companyId = signup.user.company_id;
    await stopServer(server.child);

    // 2. its products and a customer, straight into the embedded database
    const pg = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const q = (t: string, p?: unknown[]) => pg.query<Record<string, unknown>>(t, p);
    await completeCompany(q, companyId);
    await q(
      `insert into products (company_id, product, product_type, product_size, product_price, upc)
       select $1, $2 || ' ' || g, $3, '750ML', 10 + g, '8' || lpad(g::text, 11, '0')
       from generate_series(1, ${LINES}) g`,
      [companyId, NAME, TYPE],
    );
    if (TYPE === 'LIQUOR') {
      // enough stamps for every line at the largest quantity the keystrokes type (9)
      const { rows: roll } = await q(
        `insert into stamp_rolls (company_id, prefix, "from", "to", active, received_at)
         values ($1, 'B', 1, $2, true, current_date) returning id`,
        [companyId, LINES * 10],
      );
      await q(`insert into stamps (roll_id, number, company_id) select $1, g, $2 from generate_series(1, $3::int) g`, [
        roll[0].id,
        companyId,
        LINES * 10,
      ]);
    }
    const { rows: buyer } = await q(
      `insert into customers (company_id, name, address, city, zip, tabc_id)
       values ($1, 'Bench Buyer', '1 Main St', 'Austin', '78701', 'MB999999') returning id`,
      [companyId],
    );
    await pg.close();

    // 3. the server on that data, Chromium on the builder
    server = startServer(dataDir, PORT);
    await server.ready;
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // tsx keeps function names through a `__name` helper the page does not have
    await page.addInitScript('window.__name = (f) => f');
    await page.goto(`${origin}/auth/signin`);
    await page.evaluate((t) => localStorage.setItem('dbo.token', t), signup.access_token);
    await page.goto(`${origin}/invoice/create?customerId=${buyer[0].id}`);
    await page.getByTestId('customer-address').waitFor({ timeout: 60_000 });
    const supported = await page.evaluate(instrument);

    // a. 200 scans, one after another
    const search = page.getByTestId('product-search');
    await search.focus();
    for (let i = 1; i <= LINES; i++) {
      await page.keyboard.type(upcOf(i));
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => {
        const s = (window as unknown as { __bench: { scans: { frame?: number }[] } }).__bench.scans;
        return s.length === n && s[n - 1].frame != null;
      }, i);
    }
    const scans = await page.evaluate(
      () =>
        (window as unknown as { __bench: { scans: { key: number; dom: number; frame: number; answer?: number }[] } })
          .__bench.scans,
    );

    // b. quantity keystrokes on the last line (in view after the scans): select all, one digit
    const qty = page.getByRole('spinbutton', { name: `Quantity of ${NAME} ${LINES}`, exact: true });
    await qty.scrollIntoViewIfNeeded();
    await qty.focus();
    await page.evaluate(() => {
      (window as unknown as { __bench: { phase: string } }).__bench.phase = 'keys';
    });
    // BENCH_PROFILE=file.cpuprofile: Chromium's CPU profile of the keystrokes (open it in DevTools)
    const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.send('Profiler.start');
    }
    // BENCH_TRACE=file.json: Chromium's trace of the keystrokes (style recalcs, layouts, their causes)
    if (process.env.BENCH_TRACE)
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.invalidationTracking',
          'blink.user_timing',
        ],
      });
    for (let i = 0; i < KEYS; i++) {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press(String(2 + (i % 8)));
      await page.waitForFunction((n) => {
        const k = (window as unknown as { __bench: { keys: { frame?: number }[] } }).__bench.keys;
        return k.length === n && k[n - 1].frame != null;
      }, i + 1);
    }
    if (process.env.BENCH_TRACE) {
      const trace = await browser.stopTracing();
      fs.writeFileSync(process.env.BENCH_TRACE, trace);
      printTrace(JSON.parse(trace.toString()));
    }
    if (profiler) {
      const { profile } = await profiler.send('Profiler.stop');
      fs.writeFileSync(process.env.BENCH_PROFILE as string, JSON.stringify(profile));
      printProfile(profile);
    }
    // BENCH_SHOT=file.png: how the builder looks after the scans and keystrokes
    if (process.env.BENCH_SHOT) {
      await page.screenshot({ path: process.env.BENCH_SHOT });
      if (process.env.BENCH_SHOT_SCROLL) {
        const box = await page.getByTestId('builder-items').boundingBox();
        if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, -1200);
        await page.waitForTimeout(500);
        await page.screenshot({ path: process.env.BENCH_SHOT.replace(/\.png$/, '-scrolled.png') });
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        console.log(
          'focus after two tabs:',
          await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
        );
      }
    }
    const keys = await page.evaluate(() => {
      const b = (
        window as unknown as {
          __bench: { keys: { key: number; dom: number; frame: number }[]; longTasks: number[]; frames: number[] };
        }
      ).__bench;
      return { marks: b.keys, longTasks: b.longTasks, frames: b.frames };
    });

    // figures
    const bands = [
      [1, Math.min(50, LINES)],
      [51, Math.min(150, LINES)],
      [151, LINES],
    ].filter(([a, b]) => a <= b);
    const load = os.loadavg()[0].toFixed(1);
    console.log(
      `invoice builder in Chromium (${chromiumPath()}), ${LINES} lines, load ${load} on ${os.cpus().length} cores`,
    );
    console.log(`${'case'.padEnd(40)}${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'max'.padStart(10)}`);
    for (const [a, b] of bands) {
      const band = scans.slice(a - 1, b);
      console.log(
        row(
          `scan ${a}-${b}: Enter -> line on screen`,
          band.map((s) => s.frame - s.key),
        ),
      );
      const withAnswer = band.filter((s) => s.answer != null);
      if (withAnswer.length) {
        console.log(
          row(
            '  of which: Enter -> search answer',
            withAnswer.map((s) => (s.answer as number) - s.key),
          ),
        );
        console.log(
          row(
            '  of which: answer -> line on screen',
            withAnswer.map((s) => s.frame - (s.answer as number)),
          ),
        );
      }
    }
    console.log(
      row(
        'qty keystroke -> total in the DOM',
        keys.marks.map((k) => k.dom - k.key),
      ),
    );
    console.log(
      row(
        'qty keystroke -> total on screen',
        keys.marks.map((k) => k.frame - k.key),
      ),
    );
    const lt = keys.longTasks;
    console.log(
      supported.includes('longtask')
        ? `long tasks during the ${KEYS} keystrokes: ${lt.length}, longest ${lt.length ? ms(Math.max(...lt)).trim() : '-'}`
        : 'long tasks: not reported by this Chromium',
    );
    if (supported.includes('long-animation-frame')) {
      const f = keys.frames;
      console.log(
        `long animation frames (> 50 ms) during the keystrokes: ${f.length}, longest ${f.length ? ms(Math.max(...f)).trim() : '-'}`,
      );
    }
    const p50 = pct(
      keys.marks.map((k) => k.frame - k.key),
      50,
    );
    console.log(`goal: keystroke under one frame (16 ms): p50 ${p50.toFixed(1)} ms ${p50 < 16 ? 'met' : 'NOT met'}`);
  } finally {
    await browser?.close();
    if (server) await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
