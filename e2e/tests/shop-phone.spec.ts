/**
 * Issue 34, the shop as a phone product, on a 390x844 phone: the invitation mail's link leads to
 * the distributor's shop, sign-up lands on its catalogue, and the cart's total is the invoice's.
 */
import fs from 'node:fs';
import { type APIRequestContext, type Browser, type Download, expect, type Page, test } from '@playwright/test';
import { DEMO, authHeaders, invitationLink, shotPath, uniqueEmail } from './helpers';

const PHONE = { width: 390, height: 844 };

async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/signin', { data: DEMO });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).access_token;
}

/** The order feature on and a subdomain set: answers the subdomain and the company's name. */
async function openShop(request: APIRequestContext, token: string) {
  const headers = authHeaders(token);
  await request.post('/api/v1/company/feature', { headers, data: { name: 'order', active: true } });
  const company = (await (await request.get('/api/v1/validate_token', { headers })).json()).user.company;
  if (company.subdomain) return { sub: company.subdomain as string, name: company.name as string };
  const fields = ['name', 'address', 'city', 'state', 'zip', 'tabc_id', 'show_prices', 'default_invoice_status'];
  const body = Object.fromEntries(fields.map((f) => [f, company[f]]));
  const res = await request.put(`/api/v1/company/${company.id}`, { headers, data: { ...body, subdomain: 'lonestar' } });
  expect(res.ok(), await res.text()).toBe(true);
  return { sub: 'lonestar', name: company.name as string };
}

/** Signs a shop user in on the shop's own page; answers once the catalogue shows. */
async function signInToShop(page: Page, sub: string, user: { email: string; password: string }) {
  await page.goto(`/shop/${sub}`);
  await expect(page.getByRole('heading', { name: 'Sign in to order' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
}

/** A demo customer the credit law lets the office invoice. */
async function invoiceableCustomer(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/customer/grid?startRow=0&endRow=20', { headers: authHeaders(token) });
  const rows: { id: number; name: string; delinquent?: boolean; tabc_delinquent?: boolean }[] = (await res.json()).rows;
  return rows.find((c) => !c.delinquent && !c.tabc_delinquent)!;
}

test('an invitation leads to the shop: sign up, catalogue, order; the cart total is the invoice total', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await staffToken(request);
  const headers = authHeaders(token);
  const shop = await openShop(request, token);
  const customer = await invoiceableCustomer(request, token);
  const email = uniqueEmail('invited');
  const invite = await request.post('/api/v1/customer/user-invitation', {
    headers,
    data: { values: { name: 'Ivy Invited', email }, customer: customer.id },
  });
  expect(invite.ok(), await invite.text()).toBe(true);
  const link = await invitationLink(email);
  expect(link.pathname).toBe(`/shop/${shop.sub}/signup`);

  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.shop-brand')).toHaveText(shop.name);
  await expect(page.getByTestId('shop-address')).toContainText(shop.sub);
  await page.getByLabel('Password', { exact: true }).fill('invited-pass-1');
  await page.getByLabel('Confirm Password').fill('invited-pass-1');
  await page.screenshot({ path: shotPath('shop-signup.png') });
  await page.getByRole('button', { name: 'Create Account' }).click();

  // the catalogue, signed in, in the distributor's name
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/shop/${shop.sub}$`));
  await expect(page.locator('.shop-brand')).toHaveText(shop.name);
  await page.getByRole('radiogroup', { name: 'Product type' }).getByText('Wine', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Wine' })).toBeChecked();
  const wine = page.getByTestId('shop-product').first();
  await expect(wine).toBeVisible();
  await wine.getByRole('spinbutton').fill('3');
  await wine.getByRole('button', { name: /^Add / }).click();
  await expect(wine).toContainText('3 in cart');
  await page.getByRole('link', { name: /Cart/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-tax')).toHaveText(/^\$\d/);
  const cartTotal = (await page.getByTestId('cart-total').innerText()).trim();
  await page.screenshot({ path: shotPath('shop-cart-totals.png') });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: /Order #\d+ placed/ })).toBeVisible();

  // the office invoices the order unchanged: the invoice's total is the cart's, to the cent
  const orderId = Number((await page.getByRole('link', { name: 'View order' }).getAttribute('href'))?.split('/').pop());
  const mine = (await (await request.get('/api/v1/order/grid?startRow=0&endRow=5', { headers })).json()).rows.find(
    (o: { id: number }) => o.id === orderId,
  );
  const detail = (await (await request.get(`/api/v1/order/${mine.order_number}`, { headers })).json()).order;
  const inv = await request.post('/api/v1/invoice', {
    headers,
    data: {
      customer: { id: detail.customer_id },
      order_id: orderId,
      status: 'invoiced',
      stamps: [],
      items: detail.orderItems.map((i: { product_id: number; qty: number; price: number }) => ({
        product_id: i.product_id,
        qty: i.qty,
        price: i.price,
        taxable: true,
        on_deal: false,
      })),
    },
  });
  expect(inv.ok(), await inv.text()).toBe(true);
  const invoice = await inv.json();
  expect(`$${Number(invoice.total).toFixed(2)}`).toBe(cartTotal.replace(/,/g, ''));

  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page.getByTestId('shop-order-status')).toHaveText('Invoiced');
  await expect(page.getByRole('link', { name: new RegExp(`Invoice #${invoice.number}`) })).toBeVisible();
  await phone.close();
});

/** A signed-up customer user of a sellable demo customer: answers the login. */
async function shopper(request: APIRequestContext, token: string) {
  const customer = await invoiceableCustomer(request, token);
  const email = uniqueEmail('offline');
  const invite = await request.post('/api/v1/customer/user-invitation', {
    headers: authHeaders(token),
    data: { values: { name: 'Otto Offline', email }, customer: customer.id },
  });
  expect(invite.ok(), await invite.text()).toBe(true);
  const link = await invitationLink(email);
  const password = 'offline-pass-1';
  const res = await request.post('/api/v1/customer-app/signup', {
    data: { token: link.searchParams.get('token'), name: 'Otto Offline', email, password, confirm_password: password },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { email, password, customerToken: (await res.json()).access_token as string };
}

/** A new shop user of a demo customer, signed in on a phone, the catalogue showing. */
async function shopperOnPhone(browser: Browser, request: APIRequestContext) {
  const token = await staffToken(request);
  const shop = await openShop(request, token);
  const buyer = await shopper(request, token);
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await signInToShop(page, shop.sub, buyer);
  await expect(page.getByTestId('shop-product').first()).toBeVisible();
  return { token, buyer, phone, page };
}

test('installable: the manifest names the distributor and the service worker registers, scoped to the shop', async ({
  browser,
  request,
}) => {
  const token = await staffToken(request);
  const shop = await openShop(request, token);
  const res = await request.get(`/shop/${shop.sub}/manifest.webmanifest`);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: shop.name,
    start_url: `/shop/${shop.sub}/`,
    scope: `/shop/${shop.sub}/`,
    display: 'standalone',
  });
  expect(manifest.icons.some((i: { sizes: string }) => i.sizes === '512x512')).toBe(true);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok(), icon.src).toBe(true);

  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto(`/shop/${shop.sub}`);
  // the first visit loads the shop's code: give a busy machine time
  await expect(page.getByRole('heading', { name: 'Sign in to order' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('shop-address')).toContainText(shop.sub);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/shop/${shop.sub}/manifest.webmanifest`);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/shop/');
  await phone.close();
});

test('offline: browse, fill the cart and place the order; it arrives once when the signal returns', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { buyer, phone, page } = await shopperOnPhone(browser, request);
  const ordersOf = async () =>
    (
      await (
        await request.get('/api/v1/customer-app/order?startRow=0&endRow=100', {
          headers: authHeaders(buyer.customerToken),
        })
      ).json()
    ).count as number;
  const before = await ordersOf();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // the other pages are kept on the phone once the worker is ready
  await page.waitForTimeout(1500);

  await phone.setOffline(true);
  const first = page.getByTestId('shop-product').first();
  await first.getByRole('button', { name: /^Add / }).click();
  await expect(first).toContainText('1 in cart');
  await page.getByRole('link', { name: /Cart/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-total')).toHaveText(/^\$\d/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Will be sent when you are back online').first()).toBeVisible();
  await expect(page.getByTestId('shop-outbox')).toBeVisible();
  await page.screenshot({ path: shotPath('shop-offline-queued.png') });
  expect(await ordersOf()).toBe(before);

  await phone.setOffline(false);
  await expect(page.getByTestId('shop-outbox')).toHaveCount(0);
  await expect.poll(ordersOf).toBe(before + 1);
  // a second 'online' (the signal flickers) sends nothing more
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(1500);
  expect(await ordersOf()).toBe(before + 1);
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByTestId('shop-order-row').first()).toBeVisible();
  await phone.close();
});

test('a phone that loses its signal before the live updates load keeps the shop, and gets them when back online', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, phone, page } = await shopperOnPhone(browser, request);
  // the live updates' code comes a few seconds after the first screen: the signal is gone by then
  const liveCode = (url: string) => /\/assets\/shop-live-events-[^/]+\.js$/.test(url);
  const failed = page.waitForEvent('requestfailed', { predicate: (r) => liveCode(r.url()), timeout: 30_000 });
  await phone.setOffline(true);
  await failed;
  await page.waitForTimeout(500);
  await expect(page.getByText('This screen could not load')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(page.getByTestId('shop-product').first()).toBeVisible();

  // back online: the live updates load and connect, and the office's change reaches the phone
  const loaded = page.waitForResponse((r) => liveCode(r.url()) && r.ok(), { timeout: 30_000 });
  const socket = page.waitForEvent('websocket', {
    predicate: (ws) => ws.url().includes('/socket.io/'),
    timeout: 30_000,
  });
  await phone.setOffline(false);
  await loaded;
  const ws = await socket;
  await ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40'), timeout: 30_000 });
  const headers = authHeaders(token);
  await request.post('/api/v1/company/feature', { headers, data: { name: 'order', active: false } });
  try {
    await expect(page.getByText('Online ordering is not available')).toBeVisible();
  } finally {
    await request.post('/api/v1/company/feature', { headers, data: { name: 'order', active: true } });
  }
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await phone.close();
});

test("an invoice's PDF opens in a new tab on the phone", async ({ browser, request }) => {
  const shop = await openShop(request, await staffToken(request));
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  // the demo's shop buyer at The Broken Spoke (same password as the demo)
  await signInToShop(page, shop.sub, { email: 'buyer@broken-spoke.example', password: DEMO.password });
  await page.goto(`/shop/${shop.sub}/invoice`);
  const pdf = page.getByRole('button', { name: /^PDF of invoice #/ }).first();
  await expect(pdf).toBeVisible();
  // the tab opened at the tap, then went to the PDF fetched with the customer's token (this
  // Chromium has no PDF viewer, so the tab saves the file); the download is awaited from the
  // moment the tab exists, as a fast PDF can be saved before a later listener is attached
  const downloaded = new Promise<Download>((resolve, reject) =>
    phone.once('page', (tab) => tab.waitForEvent('download', { timeout: 60_000 }).then(resolve, reject)),
  );
  await pdf.click();
  const file = await downloaded;
  expect(file.url()).toMatch(/^blob:/);
  expect(
    fs
      .readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(page).toHaveURL(new RegExp(`/shop/${shop.sub}/invoice$`));
  await phone.close();
});
