import { expect, test } from '@playwright/test';
import { authHeaders, postInvoice, sellableCustomer, signIn, shotPath } from './helpers';

test('stamps: register a roll with a warning, destroy a range with invoiced stamps, undo', async ({ page }) => {
  await signIn(page);
  const token = (await page.evaluate(() => localStorage.getItem('dbo.token'))) as string;
  const headers = authHeaders(token);
  const api = page.request;

  // an invoice holding 3 stamps in the middle of 10 available ones of the demo roll (A100001-A102000)
  const rolls = await (await api.get('/api/v1/stamp/roll', { headers })).json();
  const demoRoll = rolls.find((r: { prefix: string }) => r.prefix === 'A');
  expect(demoRoll).toBeTruthy();
  const seq = demoRoll.sequences.find((x: { count: number }) => x.count >= 10);
  const s = seq.from as number;
  const label = (n: number) => `A${n}`;
  const customer = await sellableCustomer(api, token);
  const products = await (await api.get('/api/v1/product/grid?startRow=0&endRow=200', { headers })).json();
  const liquor = products.rows.find((p: { product_type: string }) => p.product_type === 'LIQUOR');
  const invoice = await postInvoice(api, token, {
    customer: { id: customer.id },
    items: [{ product_id: liquor.id, qty: 3, price: 20 }],
    stamps: [{ roll_id: demoRoll.id, from: s + 4, to: s + 6 }],
    force: true,
  });
  const before = (await (await api.get('/api/v1/stamp/remaining', { headers })).json()).availableStampCount;

  // Manage Rolls: the form warns about a roll of 100 stamps, and the roll is registered anyway
  await page.goto('/stamp/roll');
  await expect(page.getByRole('heading', { name: 'Manage Rolls' })).toBeVisible();
  const form = page.getByTestId('roll-form');
  await form.getByLabel('Prefix').fill('e');
  await form.getByLabel('Stamp Start').fill('1');
  await form.getByLabel('Stamp End').fill('100');
  await expect(page.getByTestId('roll-warnings')).toContainText('100 stamps is not a multiple of 80 or 500');
  await form.getByRole('button', { name: 'Register Roll' }).click();
  await expect(page.getByText('Stamp roll E1-E100 registered')).toBeVisible();
  const table = page.getByTestId('rolls-table');
  const row = table.getByRole('row', { name: /E1-E100/ });
  await expect(row).toContainText('100 of 100');
  await page.screenshot({ path: shotPath('c-rolls.png'), fullPage: true });

  // the status button toggles active
  await row.getByRole('button', { name: 'Active' }).click();
  await expect(row.getByRole('button', { name: 'Inactive' })).toBeVisible();

  // the stamp end must not be below the start
  await form.getByLabel('Stamp Start').fill('500');
  await form.getByLabel('Stamp End').fill('400');
  await form.getByRole('button', { name: 'Register Roll' }).click();
  await expect(page.getByText('Stamp roll must end in a larger value than the start')).toBeVisible();

  // destroy 10 stamps: the 3 invoiced ones are kept, 7 are destroyed
  await page.goto('/stamp');
  await expect(page.getByRole('heading', { name: 'Stamp Log' })).toBeVisible();
  await expect(page.getByTestId('stamp-log-grid')).toContainText(`${label(s + 4)}-${label(s + 6)}`);
  await page.getByRole('button', { name: 'Destroy Stamps' }).click();
  const dialog = page.getByRole('dialog', { name: 'Destroy Stamps' });
  await expect(dialog.getByText('A100001-A102000')).toBeVisible();
  await dialog.getByLabel('Stamp Start').fill(String(s));
  await dialog.getByLabel('Stamp End').fill(String(s + 9));
  await dialog.getByLabel('Note').fill('torn in transit');
  await dialog.getByRole('button', { name: 'Destroy' }).click();
  const result = dialog.getByTestId('destroy-result');
  await expect(result).toContainText(
    `3 stamps NOT destroyed because they are in INVOICED status (invoice #${invoice.number})`,
  );
  await expect(result).toContainText('7 stamps destroyed and marked unavailable');
  await page.screenshot({ path: shotPath('c-destroy.png') });

  // again over the start of the range: all already destroyed
  await dialog.getByLabel('Stamp End').fill(String(s + 3));
  await dialog.getByRole('button', { name: 'Destroy' }).click();
  await expect(result).toContainText('4 stamps NOT destroyed because they were already DESTROYED');
  await expect(result).toContainText('No stamps were destroyed in the given range');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  const grid = page.getByTestId('stamp-log-grid');
  await expect(grid).toContainText(`${label(s)}-${label(s + 3)}`);
  await expect(grid).toContainText('TORN IN TRANSIT');
  await page.screenshot({ path: shotPath('c-log.png') });

  // undo the last 3 destroyed
  await page.getByRole('tab', { name: 'Destroyed Stamps' }).click();
  const destroyed = page.getByTestId('destroyed-table');
  const undoRow = destroyed.getByRole('row', { name: `${label(s + 7)}-${label(s + 9)}` });
  await undoRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Undo Destroy/ }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('3 stamps are available again')).toBeVisible();
  await expect(destroyed.getByRole('row', { name: `${label(s + 7)}-${label(s + 9)}` })).toHaveCount(0);
  await expect(destroyed.getByRole('row', { name: `${label(s)}-${label(s + 3)}` })).toBeVisible();

  const remaining = await (await api.get('/api/v1/stamp/remaining', { headers })).json();
  expect(remaining.availableStampCount).toBe(before - 4);

  // the dashboard summary shows the active roll
  await page.goto('/dashboard');
  const summary = page.getByTestId('stamp-summary');
  await expect(summary).toContainText((before - 4).toLocaleString('en-US'));
  await expect(summary).toContainText(`A${remaining.firstAvailableStamp}`);
  await page.screenshot({ path: shotPath('c-dashboard.png'), fullPage: true });
});

test('stamps: a company without a roll is told to register one', async ({ page, request }) => {
  const email = `stamps.${Date.now()}@example.com`;
  const res = await request.post('/api/v1/auth/signup', {
    data: { name: 'No Roll Owner', title: 'Owner', email, password: 'secret-pass', confirm_password: 'secret-pass' },
  });
  expect(res.ok()).toBeTruthy();
  await signIn(page, email, 'secret-pass');
  await expect(page.getByText('No roll found')).toBeVisible();
  await expect(page.getByText('Please register your TABC stamp roll')).toBeVisible();
  await page.getByRole('button', { name: 'Register new roll' }).click();
  await expect(page).toHaveURL(/\/stamp\/roll/);
});
