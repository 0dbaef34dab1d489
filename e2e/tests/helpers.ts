import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Download, type Page, expect } from '@playwright/test';

/** This run's temporary folder (playwright.config.ts): the server's DATA_DIR and screenshots. */
export const runDir = () => process.env.E2E_RUN_DIR ?? '';

/** Where a screenshot of this run goes (removed with the run's folder unless E2E_KEEP=1). */
export function shotPath(name: string) {
  const dir = path.join(runDir(), 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/** The demo login, whose password the server generated at its first start into DATA_DIR. */
export const DEMO = {
  email: 'demo@lonestar-spirits.example',
  /** the demo's driver (Danny Ramos), who drives the demo's route of today; same password */
  driverEmail: 'driver@lonestar-spirits.example',
  get password(): string {
    const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-login.txt');
    const m = /^password: (.+)$/m.exec(fs.readFileSync(file, 'utf8'));
    if (!m) throw new Error(`no demo password in ${file}`);
    return m[1];
  },
};

/** Today in Texas (YYYY-MM-DD), the business day the server counts in. */
export const texasToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** The OPERATOR_TOKEN the e2e server runs with (playwright.config.ts). */
export const OPERATOR_TOKEN = process.env.E2E_OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789';

let n = 0;
export const uniqueEmail = (p = 'e2e') => `${p}.${Date.now().toString(36)}.${++n}@example.com`;

/** Signs in through the form and waits for the dashboard. */
/**
 * Resolves once the page's live socket is connected. The server joins the socket's rooms before it
 * accepts it, so an event sent after this reaches the page; one sent before is not replayed (the
 * screen refetches on connect instead). Call it before the navigation that opens the socket.
 */
export function liveConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      // socket.io's CONNECT packet of the default namespace: "40" and the session
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) resolve();
      });
    });
  });
}

export async function signIn(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** Signs up a fresh company through the API; answers its token, user and credentials. */
export async function signUpApi(request: APIRequestContext, name = 'E2E Owner') {
  const email = uniqueEmail();
  const password = 'secret-pass';
  const res = await request.post('/api/v1/auth/signup', {
    data: { name, title: 'Owner', email, password, confirm_password: password },
  });
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  return { token: body.access_token as string, user: body.user, email, password };
}

/** Puts a token in the browser so the app starts signed in. */
export async function useToken(page: Page, token: string) {
  await page.goto('/auth/signin');
  await page.evaluate((t) => localStorage.setItem('dbo.token', t), token);
}

export function authHeaders(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The first of the company's products whose name contains `name`. */
export async function productNamed(request: APIRequestContext, token: string, name: string) {
  const products = await (
    await request.get('/api/v1/product/grid', {
      headers: authHeaders(token),
      params: {
        startRow: '0',
        endRow: '10',
        filterModel: JSON.stringify({ product: { filterType: 'text', type: 'contains', filter: name } }),
      },
    })
  ).json();
  return products.rows[0];
}

/** A customer the Texas credit law lets us sell to (the demo has one delinquent, one on the TABC list). */
export async function sellableCustomer(request: APIRequestContext, token: string): Promise<{ id: number }> {
  const res = await request.get('/api/v1/customer/grid?startRow=0&endRow=5', { headers: authHeaders(token) });
  return (await res.json()).rows.find(
    (c: { delinquent?: boolean; tabc_delinquent?: boolean }) => !c.delinquent && !c.tabc_delinquent,
  );
}

/** POST /invoice, expected to succeed; answers the saved invoice. */
export async function postInvoice(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const res = await request.post('/api/v1/invoice', { headers: authHeaders(token), data });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = await res.json();
  return body.invoice ?? body;
}

/**
 * Saves an invoice of `qty` of the demo's first non-liquor product (no stamps needed) for a customer the
 * Texas credit law lets us sell to. Specs pick different quantities so their invoices never look like
 * duplicates of each other's.
 */
export async function demoInvoice(
  request: APIRequestContext,
  token: string,
  { status = 'invoiced', qty = 2 }: { status?: string; qty?: number } = {},
) {
  const customer = await sellableCustomer(request, token);
  const products = await (
    await request.get('/api/v1/product/grid?startRow=0&endRow=50', { headers: authHeaders(token) })
  ).json();
  const product = products.rows.find((p: { product_type: string }) => p.product_type !== 'LIQUOR');
  return (await postInvoice(request, token, {
    customer: { id: customer.id },
    items: [{ product_id: product.id, qty, price: 10, taxable: true, on_deal: false, scanned: false }],
    stamps: [],
    status,
    force: true,
  })) as { id: number; number: number; beer: boolean };
}

/** The server's DATA_DIR: as playwright.config.ts names it (the runner is this worker's parent). */
export function outboxDirs(): string[] {
  const dirs = [process.env.E2E_DATA_DIR, path.join(os.tmpdir(), `dbo-e2e-${process.ppid}`)].filter(
    (d): d is string => !!d,
  );
  return dirs.map((d) => path.join(d, 'outbox'));
}

/** The invitation e-mail's sign-up link, read from the outbox .eml files. */
export async function invitationLink(email: string): Promise<URL> {
  let found: URL | undefined;
  await expect
    .poll(
      () => {
        for (const dir of outboxDirs()) {
          if (!fs.existsSync(dir)) continue;
          for (const f of fs.readdirSync(dir).sort().reverse()) {
            // quoted-printable: soft line breaks and =XX escapes
            const text = fs
              .readFileSync(path.join(dir, f), 'utf8')
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(Number.parseInt(h, 16)));
            if (!text.includes(email)) continue;
            const m = /https?:\/\/\S+\/signup\?\S+/.exec(text);
            if (m) {
              found = new URL(m[0]);
              // a customer's invitation carries ?token=, a colleague's (staff) ?invitation=
              return !!(found.searchParams.get('token') ?? found.searchParams.get('invitation'));
            }
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as URL;
}

/** The invitation e-mail's sign-up token. */
export const invitationToken = async (email: string) => {
  const link = await invitationLink(email);
  return link.searchParams.get('token') ?? link.searchParams.get('invitation') ?? '';
};

/** The signed-in user's token, as the web app keeps it. */
export async function tokenOf(page: Page) {
  return (await page.evaluate(() => localStorage.getItem('dbo.token'))) as string;
}

/** A downloaded CSV file's rows and cells. */
export async function csvOf(download: Download): Promise<string[][]> {
  const text = await fs.promises.readFile(await download.path(), 'utf8');
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => {
      // enough of CSV for these files: quoted cells may hold commas and doubled quotes
      const cells: string[] = [];
      let cur = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i];
        if (quoted) {
          if (ch === '"' && line[i + 1] === '"') {
            cur += '"';
            i++;
          } else if (ch === '"') quoted = false;
          else cur += ch;
        } else if (ch === '"') quoted = true;
        else if (ch === ',') {
          cells.push(cur);
          cur = '';
        } else cur += ch;
      }
      cells.push(cur);
      return cells;
    });
}

/** Collects uncaught page errors and console errors (and React Router's fallback warning). */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
    if (m.type() === 'warning' && m.text().includes('HydrateFallback')) errors.push(`warning: ${m.text()}`);
  });
  return errors;
}
