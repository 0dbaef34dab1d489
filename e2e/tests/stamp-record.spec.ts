import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { authHeaders, shotPath, signIn } from './helpers';

/** Issue 16: the stamp transaction record, its downloads, destroy reasons and the roll reconciliation. */

test('the stamp record shows the day, downloads as CSV and PDF, and the rolls reconcile', async ({ page }) => {
  await signIn(page);
  const token = (await page.evaluate(() => localStorage.getItem('dbo.token'))) as string;
  const headers = authHeaders(token);
  const api = page.request;

  // a roll of its own, with stamps affixed to an invoice
  const roll = await api.post('/api/v1/stamp/roll', {
    headers,
    data: { roll: { prefix: 'REC', received_at: new Date().toISOString().slice(0, 10), from: 1, to: 80 } },
  });
  expect(roll.ok(), await roll.text()).toBeTruthy();
  const rollId = (await roll.json()).id as number;
  const customers = await (await api.get('/api/v1/customer/grid?startRow=0&endRow=5', { headers })).json();
  const products = await (await api.get('/api/v1/product/grid?startRow=0&endRow=200', { headers })).json();
  const liquor = products.rows.find((p: { product_type: string }) => p.product_type === 'LIQUOR');
  const customer = customers.rows.find(
    (c: { delinquent?: boolean; tabc_delinquent?: boolean }) => !c.delinquent && !c.tabc_delinquent,
  );
  const invoice = await api.post('/api/v1/invoice', {
    headers,
    data: {
      customer: { id: customer.id },
      items: [{ product_id: liquor.id, qty: 4, price: 20 }],
      stamps: [{ roll_id: rollId, from: 1, to: 4 }],
      force: true,
    },
  });
  expect(invoice.ok(), await invoice.text()).toBeTruthy();

  // the destroy tool records a reason: REC10-REC11 lost
  await page.goto('/stamp');
  await page.getByRole('button', { name: 'Destroy Stamps' }).click();
  const dialog = page.getByRole('dialog', { name: 'Destroy Stamps' });
  await dialog.getByLabel('Roll', { exact: true }).click();
  await page.locator('.ant-select-item-option:visible', { hasText: 'REC1-REC80' }).click();
  await dialog.getByLabel('Stamp Start').fill('10');
  await dialog.getByLabel('Stamp End').fill('11');
  await dialog.getByLabel('Reason').click();
  await page.locator('.ant-select-item-option:visible', { hasText: 'Lost' }).click();
  await dialog.getByRole('button', { name: 'Destroy' }).click();
  await expect(dialog.getByTestId('destroy-result')).toContainText('2 stamps destroyed');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await page.getByRole('tab', { name: 'Destroyed Stamps' }).click();
  await expect(page.getByTestId('destroyed-table').getByRole('row', { name: /REC10-REC11/ })).toContainText('Lost');

  // the record: from the stamp log's link
  await page.getByRole('link', { name: 'Stamp Record' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stamp Transaction Record' })).toBeVisible();
  // its period is picked with the product's one date picker, in the spec's format (issue 36)
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(/^\d{2} [A-Z][a-z]{2}, \d{4}$/);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(/^\d{2} [A-Z][a-z]{2}, \d{4}$/);
  const table = page.getByTestId('stamp-record-table');
  await expect(table.getByRole('row', { name: /REC1-REC80/ })).toContainText('Received');
  await expect(table.getByRole('row', { name: /REC1-REC4/ })).toContainText(customer.name);
  await expect(table.getByRole('row', { name: /REC10-REC11/ })).toContainText('Lost');
  const remaining = await (await api.get('/api/v1/stamp/remaining', { headers })).json();
  const record = await (await api.get('/api/v1/stamp/record', { headers })).json();
  await expect(page.getByTestId('record-closing')).toHaveText(String(record.closing_on_hand));
  // the running on-hand ends on the ledger (every roll counts, inactive ones too)
  const rolls = await (await api.get('/api/v1/stamp/roll', { headers })).json();
  expect(record.closing_on_hand).toBe(rolls.reduce((s: number, r: { stampsCount: number }) => s + r.stampsCount, 0));
  expect(remaining.availableStampCount).toBeLessThanOrEqual(record.closing_on_hand);
  await page.screenshot({ path: shotPath('stamp-record.png'), fullPage: true });

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^stamp-record-.+\.csv$/);
  const text = await fs.readFile((await csv.path()) as string, 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    'Date,Transaction,Quantity,Serial Numbers,Invoice Date,Invoice,Retailer Trade Name,Retailer Permit,Replaces,Note,On Hand',
  );
  expect(text).toContain('Lost,2,REC10-REC11');
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^stamp-record-.+\.pdf$/);
  expect((await fs.readFile((await pdf.path()) as string)).subarray(0, 5).toString()).toBe('%PDF-');

  // the monthly report lists the roll's affixed stamps
  await page.getByRole('tab', { name: 'Monthly Report' }).click();
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue(/^[A-Z][a-z]{2} \d{4}$/);
  await expect(page.getByTestId('stamp-monthly-table').getByRole('row', { name: /REC1-REC80/ })).toContainText(
    'REC1-REC4',
  );

  // the roll reconciliation on /stamp/roll
  await page.getByRole('button', { name: 'Manage Rolls' }).click();
  const rec = page.getByTestId('reconciliation-table').getByRole('row', { name: /REC1-REC80/ });
  await expect(rec).toContainText('Yes');
  await expect(rec).toHaveAttribute('data-balanced', 'true');
  await page.getByTestId('reconciliation-table').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('stamp-reconciliation.png'), fullPage: true });
});
