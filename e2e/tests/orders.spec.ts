import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { DEMO, authHeaders, invitationToken, signUpApi, uniqueEmail, useToken } from './helpers';

const TITOS = "TITO'S HANDMADE VODKA";
const TITOS_750 = `${TITOS} 750ML`;
const SCREENS = process.env.SCREENS_DIR ?? '/work/wt/screens';
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1400, height: 900 };
const QTY_NOTE = 'Only 2 left in the warehouse';

async function shot(page: Page, name: string) {
  if (!fs.existsSync(SCREENS)) fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: false });
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/signin', { data: DEMO });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).access_token;
}

/** The order feature on and a subdomain set: answers the subdomain. */
async function openShop(request: APIRequestContext, token: string, wanted: string): Promise<string> {
  const headers = authHeaders(token);
  expect((await request.post('/api/v1/company/feature', { headers, data: { name: 'order', active: true } })).ok()).toBe(
    true,
  );
  const company = (await (await request.get('/api/v1/validate_token', { headers })).json()).user.company;
  if (company.subdomain) return company.subdomain;
  const fields = ['name', 'address', 'city', 'state', 'zip', 'tabc_id', 'show_prices', 'default_invoice_status'];
  const body = Object.fromEntries(fields.map((f) => [f, company[f]]));
  const res = await request.put(`/api/v1/company/${company.id}`, { headers, data: { ...body, subdomain: wanted } });
  expect(res.ok(), await res.text()).toBe(true);
  return wanted;
}

/** A new customer user of the named customer, signed up through the invitation: answers the login. */
async function customerUser(request: APIRequestContext, token: string, customerName: string) {
  const headers = authHeaders(token);
  const customers = await (await request.get('/api/v1/customer', { headers })).json();
  const list: { id: number; name: string }[] = Array.isArray(customers)
    ? customers
    : (customers.customers ?? customers.rows);
  const customer = list.find((c) => c.name === customerName);
  expect(customer, `demo customer ${customerName}`).toBeTruthy();
  const email = uniqueEmail('buyer');
  const name = 'Bea Buyer';
  const invite = await request.post('/api/v1/customer/user-invitation', {
    headers,
    data: { values: { name, email }, customer: customer?.id },
  });
  expect(invite.ok(), await invite.text()).toBe(true);
  const password = 'buyer-pass-1';
  const signup = await request.post('/api/v1/customer-app/signup', {
    data: { token: await invitationToken(email), name, email, password, confirm_password: password },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  return { email, password, name };
}

/** the company's placed orders, as the server counts them (the menu's badge may not have its answer yet) */
async function placedCount(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/v1/order/count', { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

test('a customer orders from a phone while the office watches live; the office changes a quantity and invoices; the customer sees the change', async ({
  browser,
  request,
}) => {
  // two browsers and the whole loop: on the shared 2-core machine this takes about a minute
  test.setTimeout(180_000);
  const token = await staffToken(request);
  const sub = await openShop(request, token, 'lonestar');
  const buyer = await customerUser(request, token, 'Gruene Hall Saloon');

  // the office: the order grid open, signed in as the demo staff user
  const office = await browser.newContext({ viewport: DESK });
  const staff = await office.newPage();
  await useToken(staff, token);
  await staff.goto('/order');
  await expect(staff.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(staff.getByTestId('order-grid')).toBeVisible();
  const before = await placedCount(request, token);

  // the bar manager, on a phone
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const shop = await phone.newPage();
  await shop.goto(`/shop/${sub}`);
  await expect(shop.getByRole('heading', { name: 'Sign in to order' })).toBeVisible();
  await shot(shop, 'shop-01-signin');
  await shop.getByLabel('Email').fill(buyer.email);
  await shop.getByLabel('Password', { exact: true }).fill(buyer.password);
  await shop.getByRole('button', { name: 'Sign In' }).click();
  await expect(shop.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(shop.getByTestId('shop-product').first()).toBeVisible();
  await shot(shop, 'shop-02-catalogue');

  // search by name (3 characters): both sizes; a scanned UPC: the one bottle
  await shop.getByLabel('Search products').fill('tito');
  await expect(shop.getByTestId('shop-product').filter({ hasText: TITOS })).toHaveCount(2);
  await shop.getByLabel('Search products').fill('619947000013');
  const titos = shop.getByTestId('shop-product');
  await expect(titos).toHaveCount(1);
  await expect(titos).toContainText('750ML');
  await expect(titos.getByTestId('shop-price')).toHaveText(/^\$\d+\.\d{2}$/);
  await titos.getByLabel(`Quantity of ${TITOS_750}`).fill('3');
  await titos.getByRole('button', { name: `Add ${TITOS_750} to cart` }).click();
  await expect(titos.getByText('3 in cart')).toBeVisible();
  await shot(shop, 'shop-03-search-added');

  // the cart is on the server: it survives a reload
  await shop.reload();
  await shop.getByRole('link', { name: /Cart/ }).first().click();
  await expect(shop.getByRole('heading', { name: 'Cart' })).toBeVisible();
  await expect(shop.getByTestId('cart-line')).toHaveCount(1);
  await expect(shop.getByLabel(`Quantity of ${TITOS_750}`)).toHaveValue('3');
  await shop.getByLabel(/Note to/).fill('Back door after 4 pm');
  await shot(shop, 'shop-04-cart');
  await shop.getByRole('button', { name: 'Place Order' }).click();
  const placed = shop.getByRole('heading', { name: /Order #\d+ placed/ });
  await expect(placed).toBeVisible();
  const orderNumber = Number((await placed.innerText()).match(/#(\d+)/)?.[1]);
  expect(orderNumber).toBeGreaterThan(0);
  await shot(shop, 'shop-05-placed');
  // the placed cart is empty again
  await expect(shop.getByTestId('cart-count')).not.toContainText(/\d/);

  // the office sees it arrive without a reload: toast, badge, title count, the grid row
  await expect(staff.getByText('New order arrived')).toBeVisible();
  await expect(staff.getByText(`You got a new order #${orderNumber}`)).toBeVisible();
  // the toast sits below the top bar: the Logout button stays reachable (issue 36)
  const toastBox = await staff
    .locator('.ant-notification-notice')
    .filter({ hasText: 'New order arrived' })
    .boundingBox();
  const logoutBox = await staff.getByRole('button', { name: 'Logout' }).boundingBox();
  expect(toastBox!.y).toBeGreaterThanOrEqual(logoutBox!.y + logoutBox!.height);
  await expect(staff.getByTestId('order-badge')).toHaveText(String(before + 1));
  await expect(staff).toHaveTitle(new RegExp(`\\(${before + 1}\\)$`));
  const row = staff.locator('.ag-row').filter({ has: staff.getByRole('link', { name: `#${orderNumber}` }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Gruene Hall Saloon');
  await expect(row).toContainText('3 units of 1 item');
  await expect(row.getByTestId('order-status')).toHaveText('Placed');
  await shot(staff, 'staff-01-order-grid-live');

  // the detail
  await row.getByRole('link', { name: `#${orderNumber}` }).click();
  await expect(staff.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
  await expect(staff.getByTestId('order-customer')).toContainText('Gruene Hall Saloon');
  await expect(staff.getByTestId('order-placed-by')).toContainText(buyer.name);
  await expect(staff.getByTestId('order-items')).toContainText(TITOS);
  await expect(staff.getByTestId('order-notes')).toContainText('Back door after 4 pm');
  await expect(staff.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Reject Order' })).toBeVisible();
  await shot(staff, 'staff-02-order-detail-placed');

  // Create Invoice: the builder starts from the order; staff invoice 2 of the 3 bottles
  await staff.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(staff.getByRole('heading', { name: /New Invoice/ })).toBeVisible();
  await expect(staff.getByTestId('customer-address')).toBeVisible();
  await expect(staff.getByLabel(`Quantity of ${TITOS}`)).toHaveValue('3');
  await staff.getByLabel(`Quantity of ${TITOS}`).fill('2');
  await expect(staff.getByTestId('stamps-assigned')).toHaveText('2');
  // the change from what was ordered shows, with a note for it
  await expect(staff.getByTestId('order-change')).toContainText('Ordered qty 3 → 2');
  await staff.getByLabel(`Quantity change note for ${TITOS}`).fill(QTY_NOTE);
  await shot(staff, 'staff-02b-builder-change-note');
  // the demo company saves new invoices as drafts, which customers don't see yet
  await staff.getByLabel('Status').click();
  await staff
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Invoiced$/ })
    .click();
  await staff.getByRole('button', { name: 'Create' }).click();
  // a rerun on the same database meets its own earlier invoice: confirm it is not a duplicate
  const duplicate = staff.getByRole('button', { name: 'Create anyway' });
  await expect.poll(async () => (await duplicate.isVisible()) || /\/invoice\/\d+$/.test(staff.url())).toBe(true);
  if (await duplicate.isVisible()) {
    // the button ignores clicks while the refused save is still settling
    await expect(duplicate).not.toHaveClass(/ant-btn-loading/);
    await duplicate.click();
  }
  await expect(staff).toHaveURL(/\/invoice\/\d+$/);
  const invoiceNumber = staff.url().split('/').pop() as string;

  // the order is invoiced, the change recorded old -> new, the invoice linked
  await staff.goto(`/order/${orderNumber}`);
  await expect(staff.getByTestId('order-status')).toHaveText('Invoiced');
  await expect(staff.getByTestId('item-change')).toContainText('3');
  await expect(staff.getByTestId('item-change')).toContainText('2');
  await expect(staff.getByTestId('item-change')).toContainText(QTY_NOTE);
  await expect(staff.getByTestId('order-invoices')).toContainText(`Invoice #${invoiceNumber}`);
  await expect(staff.getByRole('button', { name: 'Reject Order' })).toHaveCount(0);
  await shot(staff, 'staff-03-order-detail-invoiced');

  // the customer sees status invoiced and the change
  await shop.getByRole('link', { name: 'View order' }).click();
  await expect(shop.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
  await expect(shop.getByTestId('shop-order-status')).toHaveText('Invoiced');
  await expect(shop.getByTestId('shop-qty-change')).toContainText('3');
  await expect(shop.getByTestId('shop-qty-change')).toContainText('2');
  await expect(shop.getByTestId('shop-qty-change')).toContainText(QTY_NOTE);
  await shot(shop, 'shop-06-order-invoiced');
  await shop.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(shop.getByTestId('shop-order-row').first()).toContainText(`Order #${orderNumber}`);
  await shot(shop, 'shop-07-my-orders');
  await shop.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(shop.getByTestId('shop-invoice').filter({ hasText: `Invoice #${invoiceNumber}` })).toBeVisible();
  await shot(shop, 'shop-08-invoices');

  // balance and notification preferences
  await shop.getByRole('link', { name: 'See my balance' }).click();
  await expect(shop.getByRole('heading', { name: 'My balance' })).toBeVisible();
  await expect(shop.getByTestId('shop-owing')).toHaveText(/^\$\d/);
  await shot(shop, 'shop-10-balance');
  await shop.getByRole('link', { name: 'Account', exact: true }).click();
  const email = shop.getByRole('switch', { name: 'Email notifications' });
  await expect(email).toBeChecked();
  await email.click();
  await expect(shop.getByText('Notification preferences saved')).toBeVisible();
  await shop.reload();
  await expect(shop.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
  await shot(shop, 'shop-11-account');

  await phone.close();
  await office.close();
});

test('staff reject a placed order with a note; the customer sees the rejection', async ({ browser, request }) => {
  const token = await staffToken(request);
  const sub = await openShop(request, token, 'lonestar');
  const buyer = await customerUser(request, token, 'The Broken Spoke');

  // the customer places an order through the API, then looks at it on the phone
  const signin = await request.post('/api/v1/customer-app/signin', {
    data: { email: buyer.email, password: buyer.password, subdomain: sub },
  });
  const customerToken = (await signin.json()).access_token as string;
  const catalog = await (
    await request.get('/api/v1/customer-app/catalog?query=tito', { headers: authHeaders(customerToken) })
  ).json();
  const order = await (
    await request.post('/api/v1/customer-app/order', {
      headers: authHeaders(customerToken),
      data: { items: [{ product_id: catalog.rows[0].id, qty: 1 }] },
    })
  ).json();

  const office = await browser.newContext({ viewport: DESK });
  const staff = await office.newPage();
  await useToken(staff, token);
  await staff.goto(`/order/${order.order_number}`);
  await staff.getByRole('button', { name: 'Reject Order' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Reject order?' });
  await expect(dialog).toContainText('can no longer be invoiced');
  await dialog.getByLabel('Note').fill('Out of stock until Friday');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(staff.getByTestId('order-status')).toHaveText('Rejected');
  await expect(staff.getByTestId('item-rejected')).toContainText('Out of stock until Friday');
  await expect(staff.getByTestId('order-notes')).toContainText('From Distributor');
  await expect(staff.getByRole('button', { name: 'Create Invoice' })).toHaveCount(0);
  await shot(staff, 'staff-04-order-rejected');

  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const shop = await phone.newPage();
  await shop.goto(`/shop/${sub}`);
  await shop.evaluate((t) => localStorage.setItem('dbo.customerToken', t), customerToken);
  await shop.goto(`/shop/${sub}/order/${order.id}`);
  await expect(shop.getByTestId('shop-order-status')).toHaveText('Rejected');
  await expect(shop.getByText('Out of stock until Friday').first()).toBeVisible();
  await shot(shop, 'shop-09-order-rejected');
  await phone.close();
  await office.close();
});

test('a shop whose company has online ordering off says so', async ({ browser, request }) => {
  const owner = await signUpApi(request, 'Ordering Off Owner');
  const headers = authHeaders(owner.token);
  const company = (await (await request.get('/api/v1/validate_token', { headers })).json()).user.company;
  const sub = `off-${Date.now().toString(36)}`;
  const res = await request.put(`/api/v1/company/${company.id}`, {
    headers,
    data: {
      name: 'Closed Shop',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      tabc_id: 'LP123456',
      subdomain: sub,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true });
  const shop = await phone.newPage();
  await shop.goto(`/shop/${sub}`);
  await expect(shop.getByRole('heading', { name: 'Online ordering is not available' })).toBeVisible();
  await shop.goto('/shop/no-such-distributor');
  await expect(shop.getByText('This shop does not exist')).toBeVisible();
  await phone.close();
});

test('staff cancel a placed order after confirming the status change', async ({ page, request }) => {
  const token = await staffToken(request);
  const sub = await openShop(request, token, 'lonestar');
  const buyer = await customerUser(request, token, 'The Broken Spoke');
  const signin = await request.post('/api/v1/customer-app/signin', {
    data: { email: buyer.email, password: buyer.password, subdomain: sub },
  });
  const ct = (await signin.json()).access_token as string;
  const catalog = await (await request.get('/api/v1/customer-app/catalog', { headers: authHeaders(ct) })).json();
  const order = await (
    await request.post('/api/v1/customer-app/order', {
      headers: authHeaders(ct),
      data: { items: [{ product_id: catalog.rows[0].id, qty: 2 }] },
    })
  ).json();
  await useToken(page, token);
  await page.goto(`/order/${order.order_number}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Sure you want to change Status from Placed to Cancelled?');
  await dialog.getByRole('button', { name: 'Yes, Change It' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
});

test('the shop answers on its own subdomain: the demo customer user signs in there and sees the catalogue', async ({
  browser,
  request,
}, testInfo) => {
  const token = await staffToken(request);
  const sub = await openShop(request, token, 'lonestar');
  // {subdomain}.localhost: Chromium resolves every *.localhost name to the loopback address, and
  // the e2e server runs with APP_DOMAIN=localhost (playwright.config.ts)
  const port = new URL(testInfo.project.use.baseURL ?? '').port;
  const origin = `http://${sub}.localhost:${port}`;
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, baseURL: origin });
  const shop = await phone.newPage();
  await shop.goto('/');
  await expect(shop.getByRole('heading', { name: 'Sign in to order' })).toBeVisible();
  // the shop is the whole app on its host: no /shop/{subdomain} prefix
  expect(new URL(shop.url()).pathname).not.toContain('/shop/');
  await shop.getByLabel('Email').fill('buyer@broken-spoke.example');
  await shop.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await shop.getByRole('button', { name: 'Sign In' }).click();
  await expect(shop.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(shop.getByTestId('shop-product').first()).toBeVisible();
  await shop.getByLabel('Search products').fill('tito');
  await expect(shop.getByTestId('shop-product').filter({ hasText: TITOS })).toHaveCount(2);
  expect(new URL(shop.url()).host).toBe(`${sub}.localhost:${port}`);
  await shot(shop, 'shop-12-subdomain-catalogue');
  // a reload keeps the session and the host's routes (deep links work at the root)
  await shop.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(shop).toHaveURL(new RegExp(`^${origin}/order$`));
  await shop.reload();
  await expect(shop.getByTestId('shop-order-row').first()).toBeVisible();
  await phone.close();

  // an unknown subdomain is not a shop: the host answers the staff app
  const other = await browser.newContext({ viewport: DESK, baseURL: `http://no-such-distributor.localhost:${port}` });
  const page = await other.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in to order' })).toHaveCount(0);
  await other.close();
});

test("an order of a removed customer reads 'Deleted Customer' on the grid and the order page", async ({
  page,
  request,
}) => {
  const token = await staffToken(request);
  const headers = authHeaders(token);
  const sub = await openShop(request, token, 'lonestar');
  const name = `Closing Bar ${Date.now().toString(36)}`;
  const created = await request.post('/api/v1/customer', {
    headers,
    data: { name, address: '9 Last Call Rd', city: 'Austin', state: 'TX', zip: '78701', tabc_id: 'MB998877' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const customer = await created.json();
  const buyer = await customerUser(request, token, name);
  const signin = await request.post('/api/v1/customer-app/signin', {
    data: { email: buyer.email, password: buyer.password, subdomain: sub },
  });
  const ct = (await signin.json()).access_token as string;
  const catalog = await (await request.get('/api/v1/customer-app/catalog', { headers: authHeaders(ct) })).json();
  const order = await (
    await request.post('/api/v1/customer-app/order', {
      headers: authHeaders(ct),
      data: { items: [{ product_id: catalog.rows[0].id, qty: 1 }] },
    })
  ).json();
  const removed = await request.delete(`/api/v1/customer/${customer.id}`, { headers });
  expect(removed.ok(), await removed.text()).toBe(true);

  await useToken(page, token);
  await page.goto('/order');
  const row = page.getByTestId('order-grid').getByRole('row').filter({ hasText: name });
  await expect(row.getByTestId('deleted-customer')).toContainText('Deleted Customer');
  await shot(page, 'staff-05-order-grid-deleted-customer');
  await page.goto(`/order/${order.order_number}`);
  await expect(page.getByTestId('order-customer')).toContainText('Deleted Customer');
  await expect(page.getByTestId('order-customer').getByRole('link', { name })).toHaveCount(0);

  // an order update that fails with an empty answer says the spec's fallback, not 'Internal Server Error'
  await page.route('**/api/v1/order/*', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Change It' }).click();
  await expect(page.getByText('Error occurred while updating order.')).toBeVisible();
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);
  await shot(page, 'staff-06-order-deleted-customer');
});
