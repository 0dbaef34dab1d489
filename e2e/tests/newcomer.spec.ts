import { expect, test } from '@playwright/test';
import { DEMO, authHeaders, csvOf, demoInvoice, signIn, signUpApi, tokenOf, useToken, watchErrors } from './helpers';

/** Issue 22: what a newcomer hit in the finished screens. */

/** The columns both invoice CSVs (summary and detailed) start with. */
const INVOICE_CSV_HEAD = ['Invoice #', 'Customer', 'TABC ID', 'Status', 'Invoice Date', 'Due Date'];

test('invoice Export CSV (summary and detailed) downloads the rows of the grid', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page);
  await page.goto('/invoice');
  const grid = page.getByTestId('invoice-grid');
  const firstCell = grid.locator('.ag-row[row-index="0"] [col-id="number"]');
  await expect(firstCell).toContainText('#');
  const firstNumber = (await firstCell.innerText()).replace('#', '').trim();
  expect(firstNumber).toMatch(/^\d+B?$/);

  const summaryDl = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).hover();
  await page.getByText('Summary CSV').click();
  const summary = await csvOf(await summaryDl);
  expect(summary[0]).toEqual([...INVOICE_CSV_HEAD, 'Sub Total', 'Tax', 'Total', 'Paid']);
  expect(summary[1][0]).toBe(firstNumber);

  const detailedDl = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).hover();
  await page.getByText('Detailed CSV (one line per item)').click();
  const detailed = await csvOf(await detailedDl);
  expect(detailed[0].slice(0, 8)).toEqual([...INVOICE_CSV_HEAD, 'Product', 'Type']);
  expect(detailed[1][0]).toBe(firstNumber);
  expect(detailed[1][6].length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('the stamp log CSV keeps the sort of the grid', async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page);
  await page.goto('/stamp');
  const grid = page.getByTestId('stamp-log-grid');
  await expect(grid.locator('.ag-row').first()).toBeVisible();
  // sort by Count, biggest first: click the header twice (asc, then desc)
  const header = grid.locator('.ag-header-cell[col-id="count"] .ag-header-cell-label');
  await header.click();
  await header.click();
  await expect(grid.locator('.ag-header-cell[col-id="count"]')).toHaveAttribute('aria-sort', 'descending');

  const dl = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const rows = await csvOf(await dl);
  expect(rows[0]).toEqual([
    'Logged At',
    'Prefix',
    'From',
    'To',
    'Count',
    'Status',
    'Invoice',
    'Note',
    'User',
    'Released At',
  ]);
  const counts = rows.slice(1).map((r) => Number(r[4]));
  expect(counts.length).toBeGreaterThan(1);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  // the grid's first row is the file's (the sorted page arrives after the header shows the sort: read
  // at once, the first row was once still the unsorted page's)
  await expect(grid.locator('.ag-row[row-index="0"] [col-id="count"]')).toHaveText(String(counts[0]));
  expect(errors).toEqual([]);
});

test('after the session-expired dialog the grid loads its rows without a reload', async ({ page, request }) => {
  await signIn(page);
  const token = await tokenOf(page);
  // the token is revoked behind the page's back: the next request answers 401
  await request.post('/api/v1/auth/signout', { headers: authHeaders(token) });
  // client-side navigation (the dialog may already cover the menu): no reload
  await page.evaluate(() => {
    window.history.pushState({}, '', '/invoice');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const dialog = page.getByRole('dialog', { name: 'Please log back in.' });
  await expect(dialog).toBeVisible();
  const grid = page.getByTestId('invoice-grid');
  await expect(grid.getByText('Something went wrong')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await dialog.getByLabel('Password').fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Log Me In' }).click();
  await expect(dialog).toBeHidden();
  await expect(grid.locator('.ag-row[row-index="0"] [col-id="number"]')).toContainText('#');
  await expect(grid.getByText('Something went wrong')).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('every navigation item and the Products page Inventory button open a built screen', async ({ page }) => {
  await signIn(page);
  const nav = page.locator('.ant-layout-sider');
  const items = nav.getByRole('menuitem');
  await expect(nav.getByRole('menuitem', { name: 'Invoices' })).toBeVisible();
  // the demo company has orders and inventory on: their items exist and open their screens
  await expect(nav.getByRole('menuitem', { name: /^Order/ })).toHaveCount(1);
  await expect(nav.getByRole('menuitem', { name: 'Inventory' })).toHaveCount(1);
  // each item is a link: a middle click or 'Open in new tab' works (issue 36)
  await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoice');
  await expect(nav.getByRole('link', { name: 'Stamps' })).toHaveAttribute('href', '/stamp');
  const count = await items.count();
  for (let i = 0; i < count; i++) {
    const name = (await items.nth(i).innerText()).trim();
    await items.nth(i).click();
    await expect(page.locator('.ant-layout-content')).not.toBeEmpty();
    await expect(page.getByText('A bit lost, are we ?'), `${name} leads to the not-found page`).toHaveCount(0);
  }
  await page.goto('/product');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveURL(/\/inventory/);
  await expect(page.getByText('A bit lost, are we ?')).toHaveCount(0);
});

test('a cancelled invoice does not show its balance as owed', async ({ page, request }) => {
  await signIn(page);
  const token = await tokenOf(page);
  const inv = await demoInvoice(request, token);
  const cancel = await request.put(`/api/v1/invoice/${inv.id}`, {
    headers: authHeaders(token),
    data: { status: 'cancelled' },
  });
  expect(cancel.ok(), await cancel.text()).toBeTruthy();
  await page.goto(`/invoice/${inv.number}${inv.beer ? 'B' : ''}`);
  const balance = page.getByTestId('invoice-balance');
  await expect(balance).toContainText('not owed');
  await expect(balance).not.toHaveClass(/ant-typography-danger/);
  const remaining = page.getByTestId('payments-remaining').locator('.ant-typography');
  await expect(remaining).toContainText('not owed');
  await expect(remaining).not.toHaveClass(/ant-typography-danger/);
});

test('the owner deletes a payment from the payments grid after a confirmation', async ({ page, request }) => {
  await signIn(page);
  const token = await tokenOf(page);
  const inv = await demoInvoice(request, token);
  const note = `grid-delete-${Date.now()}`;
  const paid = await request.post(`/api/v1/invoice/${inv.id}/payment`, {
    headers: authHeaders(token),
    data: { received_at: new Date().toISOString().slice(0, 10), amount: 5, note },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  await page.goto('/payment');
  const grid = page.getByTestId('payment-grid');
  const row = grid
    .locator('.ag-row')
    .filter({ hasText: note.toUpperCase() })
    .or(grid.locator('.ag-row').filter({ hasText: note }));
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Delete payment' }).click();
  await expect(page.getByText('Delete this payment?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Payment deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  const left = await (await request.get(`/api/v1/invoice/${inv.id}/payment`, { headers: authHeaders(token) })).json();
  expect(left).toEqual([]);
});

test('Manage Rolls shows the spec messages instead of correcting the numbers', async ({ page }) => {
  await signIn(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/stamp/roll')) posts.push(r.url());
  });
  await page.goto('/stamp/roll');
  const form = page.getByTestId('roll-form');
  await form.getByLabel('Stamp Start').fill('100');
  await form.getByLabel('Stamp End').fill('50');
  await form.getByRole('button', { name: 'Register Roll' }).click();
  await expect(form.getByText('Stamp roll must end in a larger value than the start')).toBeVisible();
  await form.getByLabel('Stamp Start').fill('0');
  await form.getByLabel('Stamp End').click();
  await expect(form.getByLabel('Stamp Start')).toHaveValue('0');
  await form.getByRole('button', { name: 'Register Roll' }).click();
  await expect(form.getByText('Stamp Start must be a whole number of at least 1')).toBeVisible();
  expect(posts).toEqual([]);
});

test('invalid Invite User and New Product forms throw nothing', async ({ page, request }) => {
  const errors = watchErrors(page);
  await signIn(page);
  const token = await tokenOf(page);
  const customers = await (
    await request.get('/api/v1/customer/grid?startRow=0&endRow=1', { headers: authHeaders(token) })
  ).json();
  await page.goto(`/customer/${customers.rows[0].id}/user`);
  await page
    .getByRole('button', { name: /Invite/ })
    .first()
    .click();
  const invite = page.getByRole('dialog');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await invite.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/product');
  await page.getByRole('button', { name: 'New Product' }).click();
  const modal = page.getByRole('dialog');
  await modal.locator('.ant-modal-footer button.ant-btn-primary').click();
  await expect(modal.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await page.waitForTimeout(300);
  expect(errors).toEqual([]);
});

test('every route of the table loads without a page error or console error', async ({ page, request }) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await signIn(page);
  const headers = authHeaders(await tokenOf(page));
  const customers = await (await request.get('/api/v1/customer/grid?startRow=0&endRow=1', { headers })).json();
  const products = await (await request.get('/api/v1/product/grid?startRow=0&endRow=1', { headers })).json();
  const invoices = await (await request.get('/api/v1/invoice/grid?startRow=0&endRow=1', { headers })).json();
  const c = customers.rows[0].id;
  const inv = invoices.rows[0];
  const number = `${inv.number}${inv.beer ? 'B' : ''}`;
  const routes = [
    '/dashboard',
    '/customer',
    '/customer/create',
    '/customer/users',
    `/customer/${c}/edit`,
    `/customer/${c}/user`,
    `/customer/${c}/balance`,
    '/invoice',
    '/invoice/create',
    `/invoice/${number}`,
    `/invoice/${number}/edit`,
    '/payment',
    '/stamp',
    '/stamp/roll',
    '/product',
    `/product/${products.rows[0].id}`,
    '/emails',
    '/activity',
    '/features',
    '/setting',
    '/notification',
  ];
  for (const path of routes) {
    await page.goto(path);
    await expect(page.locator('.ant-layout-sider')).toBeVisible();
    // the page's requests done; bounded, since the socket and the order count's poll can keep the network busy
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    expect(errors, `on ${path}`).toEqual([]);
  }
  await page.goto('/no/such/page');
  await expect(page.getByText('A bit lost, are we ?')).toBeVisible();
  expect(errors).toEqual([]);
});

test('activating Online Ordering confirms it and takes the user to the subdomain field', async ({ page, request }) => {
  const { token } = await signUpApi(request);
  await useToken(page, token);
  await page.goto('/features');
  // a feature without settings: a confirmation naming it, and the user stays on the page
  await page.getByTestId('feature-tiered_pricing').getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('dialog', { name: 'Activate Tiered Pricing' }).getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Tiered Pricing activated')).toBeVisible();
  await expect(page).toHaveURL(/\/features$/);

  await page.getByTestId('feature-order').getByRole('button', { name: 'Activate' }).click();
  await page
    .getByRole('dialog', { name: 'Activate Online Ordering' })
    .getByRole('button', { name: 'Activate' })
    .click();
  await expect(page.getByText('Online Ordering activated')).toBeVisible();
  await expect(page).toHaveURL(/\/setting\?focus_field=subdomain$/);
  await expect(page.getByLabel('Subdomain')).toBeFocused();
  await expect(page.getByTestId('subdomain-needed')).toContainText('Online Ordering needs a subdomain');
});

test('a product row opens its card beside the grid without moving the grid', async ({ page }) => {
  await signIn(page);
  await page.goto('/product');
  const grid = page.getByTestId('product-grid');
  const row = grid.locator('.ag-row[row-index="3"]');
  // the grid's first answer (a loaded machine can be slow)
  await expect(row.locator('[col-id="product"]')).not.toBeEmpty({ timeout: 30_000 });
  const before = await row.boundingBox();
  const name = await row.locator('[col-id="product"]').innerText();
  await row.locator('[col-id="product"]').click();
  const card = page.getByTestId('product-card');
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(card).toContainText(name);
  const after = await row.boundingBox();
  expect(after?.y).toBe(before?.y);
  // the row clicked is still the one under the pointer
  const under = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('.ag-row')?.getAttribute('row-index'),
    [(before?.x ?? 0) + 40, (before?.y ?? 0) + (before?.height ?? 0) / 2],
  );
  expect(under).toBe('3');
});

test('the dashboard stamp bar shows what is left, with an accessible name', async ({ page }) => {
  await signIn(page);
  const summary = page.getByTestId('stamp-summary');
  await expect(summary).toBeVisible();
  const m = /(\d+) of (\d+) left/.exec(await summary.innerText());
  expect(m).not.toBeNull();
  const [left, total] = [Number(m?.[1]), Number(m?.[2])];
  const bar = summary.getByRole('progressbar', { name: `Stamps left on the current roll: ${left} of ${total}` });
  await expect(bar).toHaveAttribute('aria-valuenow', String(Math.round((left / total) * 100)));
});

test("the invoice grid's number columns keep their filter icon on the same side as the others", async ({ page }) => {
  await signIn(page);
  await page.goto('/invoice');
  const grid = page.getByTestId('invoice-grid');
  await expect(grid.locator('.ag-row[row-index="0"]')).toBeVisible();
  const sides = await grid.locator('.ag-header-cell').evaluateAll((cells) =>
    cells
      .map((cell) => {
        const label = cell.querySelector('.ag-header-cell-text')?.getBoundingClientRect();
        const filter = cell.querySelector('.ag-header-cell-filter-button')?.getBoundingClientRect();
        if (!label || !filter) return null;
        return `${cell.getAttribute('col-id')}:${filter.left >= label.right ? 'right' : 'left'}`;
      })
      .filter(Boolean),
  );
  expect(sides).toContain('sub_total:right');
  expect(sides).toContain('tax_total:right');
  expect(sides.every((s) => s?.endsWith(':right'))).toBe(true);
});

test('with Bottle POS on, New Product is disabled and its tooltip gives the rule', async ({ page, request }) => {
  await signIn(page);
  const headers = authHeaders(await tokenOf(page));
  const on = await request.post('/api/v1/company/feature', { headers, data: { name: 'bottle_pos', active: true } });
  expect(on.ok(), await on.text()).toBeTruthy();
  try {
    await page.goto('/product');
    await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Product' })).toBeDisabled();
    await page.getByTestId('new-product-blocked').hover();
    await expect(page.getByRole('tooltip')).toContainText(
      'Product creation is blocked while Bottle POS is active: products are synchronised from Bottle POS overnight.',
    );
  } finally {
    await request.post('/api/v1/company/feature', { headers, data: { name: 'bottle_pos', active: false } });
  }
});

test('product types show as names on screen and in the detailed invoice CSV', async ({ page }) => {
  await signIn(page);
  await page.goto('/product');
  const grid = page.getByTestId('product-grid');
  await expect(grid.locator('.ag-row[row-index="0"]')).toBeVisible();
  const typeCells = grid.locator('.ag-row [col-id="product_type"]');
  const names = ['Liquor', 'Wine', 'Beer', 'Other'];
  // the grid draws a page's cells over a few frames: a cell read in between is still empty
  await expect
    .poll(async () => (await typeCells.allInnerTexts()).map((t) => t.trim()).filter((t) => !names.includes(t)))
    .toEqual([]);
  expect(await typeCells.count()).toBeGreaterThan(0);

  await page.goto('/invoice');
  await expect(page.getByTestId('invoice-grid').locator('.ag-row[row-index="0"]')).toBeVisible();
  const dl = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).hover();
  await page.getByText('Detailed CSV (one line per item)').click();
  const rows = await csvOf(await dl);
  expect(rows[0][7]).toBe('Type');
  for (const r of rows.slice(1)) expect(names).toContain(r[7]);
});

test("the builder's totals table is not wider than its card", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page);
  await page.goto('/invoice/create');
  const totals = page.getByTestId('builder-totals');
  await expect(totals).toBeVisible();
  const fit = await totals.evaluate((t) => {
    const body = t.closest('.ant-card-body') as HTMLElement;
    const style = getComputedStyle(body);
    const inner = body.getBoundingClientRect().right - Number.parseFloat(style.paddingRight);
    return { table: t.getBoundingClientRect().right, inner };
  });
  expect(fit.table).toBeLessThanOrEqual(fit.inner + 0.5);
});
