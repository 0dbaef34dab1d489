import fs from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { authHeaders, signIn, texasToday } from './helpers';

/** Issue 16: Texas credit-law due dates and delinquency, on the demo data. */

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Bought the 1st-15th: due the 25th; the 16th-end: the 10th of the next month (§102.32). */
const creditLawDue = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  if (d <= 15) return `${y}-${String(m).padStart(2, '0')}-25`;
  return m === 12 ? `${y + 1}-01-10` : `${y}-${String(m + 1).padStart(2, '0')}-10`;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** the builder's date format, 'DD MMM, YYYY' */
const shown = (day: string) => `${day.slice(8)} ${MONTHS[Number(day.slice(5, 7)) - 1]}, ${day.slice(0, 4)}`;

async function pickCustomer(page: Page, name: string) {
  await page.getByTestId('customer-select').click();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('customer-address')).toContainText('Permit');
}

test('the builder defaults the credit-law due date, beer is due on delivery, and a delinquent customer is named with invoices and amount', async ({
  page,
  request,
}) => {
  await signIn(page);
  const token = (await page.evaluate(() => localStorage.getItem('dbo.token'))) as string;
  const headers = authHeaders(token);
  const today = texasToday();

  await page.goto('/invoice/create');
  await expect(page.getByRole('heading', { name: /New Invoice/ })).toBeVisible();
  await pickCustomer(page, 'Broken Spoke');
  const due = page.getByLabel('Due Date');
  await expect(due).toHaveValue(shown(creditLawDue(today)));
  await expect(page.getByTestId('due-rule')).toContainText('Credit law');
  await expect(page.getByTestId('credit-law-delinquent')).toHaveCount(0);

  // beer: cash on or before delivery
  await page.getByLabel('Product search').fill('shiner');
  await page.getByTestId('product-option').filter({ hasText: 'SHINER BOCK' }).first().click();
  await expect(due).toHaveValue(shown(addDays(today, 1)));
  await expect(page.getByTestId('due-rule')).toContainText('Due on delivery');
  await expect(page.getByTestId('due-rule')).toContainText('Beer: cash on or before delivery');

  // a date picked by staff stays; 'Use default' brings the rule back
  await due.click();
  await due.fill(shown(addDays(today, 3)));
  await due.press('Enter');
  await expect(due).toHaveValue(shown(addDays(today, 3)));
  await expect(page.getByTestId('due-rule')).toContainText('Default');
  await page.getByRole('button', { name: 'Use default' }).click();
  await expect(due).toHaveValue(shown(addDays(today, 1)));

  // Billy Bob's: delinquent with us in the demo; the warning names the invoice and the amount
  const grid = await (await request.get('/api/v1/customer/grid?startRow=0&endRow=20', { headers })).json();
  const billy = grid.rows.find((c: { name: string }) => c.name.startsWith('Billy Bob'));
  expect(billy.delinquent).toBe(true);
  const standing = await (await request.get(`/api/v1/customer/${billy.id}/delinquency`, { headers })).json();
  expect(standing.invoices.length).toBeGreaterThan(0);
  await pickCustomer(page, 'Billy Bob');
  const warning = page.getByTestId('credit-law-delinquent');
  await expect(warning).toBeVisible();
  const amount = `$${standing.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(warning).toContainText(`Delinquent under the Texas credit law: ${amount} unpaid`);
  for (const i of standing.invoices) {
    await expect(warning).toContainText(`Invoice ${i.display_number}`);
    await expect(warning).toContainText(`due ${shown(i.due_at)}`);
  }

  // the server refuses the liquor sale with the same reason
  const products = await (await request.get('/api/v1/product/grid?startRow=0&endRow=200', { headers })).json();
  const liquor = products.rows.find((p: { product_type: string }) => p.product_type === 'LIQUOR');
  const refused = await request.post('/api/v1/invoice', {
    headers,
    data: { customer: { id: billy.id }, items: [{ product_id: liquor.id, qty: 1, price: 10 }] },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe(standing.reason);
});

test('delinquent customers are flagged on the grid and the dashboard, and the report downloads as CSV and PDF', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByTestId('credit-law-widget')).toContainText('Billy Bob');

  await page.goto('/customer');
  const row = page.locator('.ag-row').filter({ hasText: 'Billy Bob' });
  await expect(row.getByTestId('delinquent-badge')).toBeVisible();
  await expect(page.locator('.ag-row').filter({ hasText: 'Broken Spoke' }).getByTestId('delinquent-badge')).toHaveCount(
    0,
  );

  await page.getByRole('link', { name: 'Delinquent Accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Delinquent Accounts', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('MB103115');
  await expect(page.getByRole('table')).toContainText('Billy Bob');

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^delinquent-accounts-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await fs.readFile(await csv.path(), 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toBe('Permit,Trade Name,Invoice,Invoice Date,Due Date,Delinquent From,Amount Owing');
  expect(lines[1]).toContain('MB103115');

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await fs.readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');

  // the business days' holiday list is a company setting seeded with the Texas state holidays
  await page.goto('/setting');
  await expect(page.getByTestId('holidays-panel')).toContainText('Texas Independence Day');
  await expect(page.getByTestId('holidays-panel')).toContainText('Texas state holidays');
});
