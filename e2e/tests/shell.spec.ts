import { expect, test } from '@playwright/test';
import { authHeaders, shotPath, signIn, signUpApi, useToken } from './helpers';

test('the demo login reaches the dashboard with the side navigation', async ({ page }) => {
  await signIn(page);
  for (const item of ['Dashboard', 'Order', 'Customers', 'Invoices', 'Payments', 'Stamps', 'Products', 'Inventory']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Account settings' })).toContainText('Dana Whitfield');
});

test('while the dashboard is idle the menu screens are loaded ahead, and the invoice grid then opens without fetching them (issue 37)', async ({
  page,
}) => {
  // room for every file the page fetches (the buffer keeps 250 by default)
  await page.addInitScript(() => performance.setResourceTimingBufferSize(5_000));
  await signIn(page);
  await expect(page.getByRole('menuitem', { name: 'Invoices' })).toBeVisible();
  const scripts = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => e.name.endsWith('.js'))
        .map((e) => ({
          path: new URL(e.name).pathname,
          bytes: e.transferSize,
          done: e.responseEnd > 0,
        })),
    );
  // the grid's page and AG Grid arrive before anyone opens them (the dashboard imports neither)
  const gridFiles = /\/(ag-grid|invoice-list-page)-[\w-]+\.js$/;
  await expect
    .poll(async () => (await scripts()).filter((s) => s.done && gridFiles.test(s.path)).length, {
      timeout: 30_000,
    })
    .toBe(2);
  // loaded, not run: the grid is not on the page
  await expect(page.getByRole('grid')).toHaveCount(0);
  const before = (await scripts()).length;
  await page.getByRole('menuitem', { name: 'Invoices' }).click();
  await expect(page.getByRole('grid').first()).toBeVisible();
  // opening it fetched neither again over the network
  const opened = (await scripts()).slice(before).filter((s) => gridFiles.test(s.path) && s.bytes > 0);
  expect(opened).toEqual([]);
});

test('an unknown route shows the not-found page with a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('A bit lost, are we ?')).toBeVisible();
  await page.getByRole('button', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);
});

test("a new company's first day: empty charts say 'No data yet', grids read '25 / page', a product address naming no product is the not-found page, the checklist ticks itself (issue 36)", async ({
  page,
  request,
}) => {
  const { token } = await signUpApi(request);
  await useToken(page, token);

  // nothing invoiced, nothing owed: no empty 0-4 axes
  const reports = await request.post('/api/v1/company/feature', {
    headers: authHeaders(token),
    data: { name: 'reports', active: true },
  });
  expect(reports.ok(), await reports.text()).toBe(true);
  await page.goto('/reports');
  await expect(page.getByTestId('no-data-yet').first()).toBeVisible();
  // its months read 'Oct 2026', as the rest of the product names them
  await expect(page.getByRole('textbox', { name: 'First period' })).toHaveValue(/^[A-Z][a-z]{2} \d{4}$/);
  await page.screenshot({ path: shotPath('i36-reports-no-data.png') });
  await page.goto('/receivables');
  const aging = page.locator('.ant-card').filter({ hasText: 'Open balance by days past due' });
  await expect(aging.getByText('No data yet')).toBeVisible();
  await expect(aging.getByRole('img', { name: /Stacked bar chart/ })).toHaveCount(0);
  await expect(page.getByText(/^As of \d{2} [A-Z][a-z]{2}, \d{4}: invoices past their due date/)).toBeVisible();
  await page.screenshot({ path: shotPath('i36-receivables-no-data.png') });

  // the page size selector reads 'N / page' (spec 2), not AG Grid's 'Page Size:'
  await page.goto('/product');
  const size = page.locator('.grid-page-size');
  await expect(size).toHaveText('25 / page');
  await expect(page.getByText('Page Size:')).toHaveCount(0);
  await size.getByRole('combobox', { name: 'Page size' }).click();
  await page.getByRole('option', { name: '50 / page' }).click();
  // (once opened, the select also keeps its active option for screen readers: the same words again)
  await expect(size).toContainText('50 / page');
  await expect(size).not.toContainText('25');

  // a product address that names no product: the not-found page, not a validation message
  for (const bad of ['/product/abc', '/product/999999999']) {
    await page.goto(bad);
    await expect(page.getByText('A bit lost, are we ?'), bad).toBeVisible();
    await expect(page.getByText(/whole number/)).toHaveCount(0);
  }

  // the first-run checklist ticks a step once it is done
  await page.goto('/setting');
  const checklist = page.getByTestId('first-run-checklist');
  await expect(checklist.getByText('0/6')).toBeVisible();
  await expect(checklist.getByRole('link', { name: 'First customer' })).toBeVisible();
  const created = await request.post('/api/v1/customer', {
    headers: authHeaders(token),
    data: { name: 'First Bar', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', tabc_id: 'MB998870' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.reload();
  await expect(checklist.getByText('1/6')).toBeVisible();
  await expect(checklist.getByRole('link', { name: 'First customer' })).toHaveCount(0);
  await expect(checklist.getByText('First customer')).toBeVisible();
});

test("a screen whose code is gone (a tab kept open across a deploy) reloads the page once and opens, not React Router's error page", async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole('menuitem', { name: 'Payments' })).toBeVisible();
  // the payments screen's file is not on the server any more (a new build replaced it) until the
  // page reloads, which brings the new index.html and its files
  let gone = true;
  let reloads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      reloads++;
      gone = false;
    }
  });
  await page.route('**/assets/payment-page-*.js', (route) =>
    gone ? route.fulfill({ status: 404, body: 'Not Found' }) : route.continue(),
  );
  await page.getByRole('menuitem', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible({ timeout: 30_000 });
  expect(reloads).toBe(1);
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
});
