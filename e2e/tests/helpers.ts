import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page, expect } from '@playwright/test';

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
  get password(): string {
    const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-login.txt');
    const m = /^password: (.+)$/m.exec(fs.readFileSync(file, 'utf8'));
    if (!m) throw new Error(`no demo password in ${file}`);
    return m[1];
  },
};

let n = 0;
export const uniqueEmail = (p = 'e2e') => `${p}.${Date.now().toString(36)}.${++n}@example.com`;

/** Signs in through the form and waits for the dashboard. */
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
  const headers = authHeaders(token);
  const customers = await (await request.get('/api/v1/customer/grid?startRow=0&endRow=5', { headers })).json();
  const products = await (await request.get('/api/v1/product/grid?startRow=0&endRow=50', { headers })).json();
  const product = products.rows.find((p: { product_type: string }) => p.product_type !== 'LIQUOR');
  const res = await request.post('/api/v1/invoice', {
    headers,
    data: {
      // a customer the Texas credit law lets us sell to (the demo has one delinquent, one on the TABC list)
      customer: {
        id: customers.rows.find(
          (c: { delinquent?: boolean; tabc_delinquent?: boolean }) => !c.delinquent && !c.tabc_delinquent,
        ).id,
      },
      items: [{ product_id: product.id, qty, price: 10, taxable: true, on_deal: false, scanned: false }],
      stamps: [],
      status,
      force: true,
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = await res.json();
  return (body.invoice ?? body) as { id: number; number: number; beer: boolean };
}
