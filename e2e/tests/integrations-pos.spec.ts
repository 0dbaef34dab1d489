import { expect, type Page, test } from '@playwright/test';
import { authHeaders, demoInvoice, liveConnected, shotPath, signIn } from './helpers';

/**
 * Bottle POS against its simulator (started by the server since BOTTLE_POS_URL is unset): a push
 * refused by the partner pops the 30 s toast whose link opens the sync log; the failed invoice is
 * retried from the history table once the key is fixed.
 */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('dbo.token') ?? '');

test('Bottle POS: a refused push toasts with a link to its log, then the invoice is retried from the table', async ({
  page,
  request,
}) => {
  await signIn(page);
  const token = await tokenOf(page);
  const headers = authHeaders(token);
  const setKey = (api_key: string) =>
    request.put('/api/v1/company/integration/bottle-pos', { headers, data: { api_key } });
  expect((await setKey('invalid')).ok()).toBeTruthy();
  expect(
    (await request.post('/api/v1/company/feature', { headers, data: { name: 'bottle_pos', active: true } })).ok(),
  ).toBe(true);
  try {
    // the toast comes with a live event: the invoice is made once the page's socket listens
    const live = liveConnected(page);
    await page.goto('/bottle-pos');
    await expect(page.getByRole('heading', { level: 1, name: 'Bottle POS Sync History' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sync Recent Invoices' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sync Products' })).toBeVisible();
    await live;

    // the invoice is pushed after save; the simulator refuses the key 'invalid' with 401
    // 3, not 1: the invoices spec's beer test makes 1 of the first beer for the same customer and expects
    // no duplicate of its own
    const inv = await demoInvoice(request, token, { qty: 3 });
    const number = `${inv.number}${inv.beer ? 'B' : ''}`;
    const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Bottle POS Sync Failed' });
    await expect(toast).toBeVisible({ timeout: 20_000 });
    await expect(toast).toContainText('Bottle POS answered 401: Invalid API key');
    await page.screenshot({ path: shotPath('pos-sync-toast.png') });

    // the failed invoices table (Invoice, Failed At, Retry) refreshed with the event
    const row = page.getByRole('row').filter({ hasText: `#${number}` });
    await expect(row).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Failed At' })).toBeVisible();

    await toast.getByRole('button', { name: 'View sync log' }).click();
    await expect(page).toHaveURL(/\/bottle-pos\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bottle POS Sync Log' })).toBeVisible();
    const errorRow = page.locator('tr.sync-log-error');
    await expect(errorRow).toContainText('Invoice');
    await expect(errorRow).toContainText('Bottle POS answered 401: Invalid API key');
    await page.screenshot({ path: shotPath('pos-sync-log.png') });

    // a good key, then Retry from the table
    expect((await setKey('e2e-good-key')).ok()).toBeTruthy();
    await page.getByText('Back to sync history').click();
    await expect(page).toHaveURL(/\/bottle-pos$/);
    await page.getByRole('button', { name: `Retry invoice ${number}` }).click();
    await expect(page.getByText('Invoice sync retried')).toBeVisible();
    // bottle-pos:invoice-sync-completed refreshes the page: the invoice leaves the failed table
    await expect(page.getByRole('row').filter({ hasText: `#${number}` })).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByText('No failed invoice syncs')).toBeVisible();
    await expect(page.getByText('Last sync')).toBeVisible();
    // the history lists every run: the refused one and the retry that got through
    const runs = page.getByTestId('sync-runs');
    await expect(runs.getByText('Failed')).toBeVisible();
    await expect(runs.getByText('Success').first()).toBeVisible();
    await page.screenshot({ path: shotPath('pos-sync-history.png') });
  } finally {
    await request.post('/api/v1/company/feature', { headers, data: { name: 'bottle_pos', active: false } });
    await request.delete('/api/v1/company/integration/bottle-pos', { headers });
  }
});

test('Settings: the partners API keys are entered and shown masked', async ({ page }) => {
  await signIn(page);
  await page.goto('/setting');
  // exact: the Save and Remove buttons' names contain the label too
  const input = page.getByLabel('Clover API key', { exact: true });
  await input.fill('clv-secret-9876');
  await page.getByRole('button', { name: 'Save Clover API key' }).click();
  await expect(page.getByText('Saved ••••9876')).toBeVisible();
  await expect(input).toHaveValue('');
  // the key is tested as it is saved, and the result said
  await expect(page.getByTestId('integration-test-clover')).toHaveText(
    'Clover API key saved and tested: Clover accepted it',
  );
  await input.fill('invalid');
  await page.getByRole('button', { name: 'Save Clover API key' }).click();
  await expect(page.getByTestId('integration-test-clover')).toHaveText(
    'Clover API key saved, but the test failed: Clover answered 401: Invalid API key',
  );
  await page.screenshot({ path: shotPath('pos-settings-keys.png') });
  const headers = authHeaders(await tokenOf(page));
  await page.request.delete('/api/v1/company/integration/clover', { headers });
});
