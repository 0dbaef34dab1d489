import { type APIRequestContext, expect, test } from '@playwright/test';
import { authHeaders, postInvoice, productNamed, shotPath, signIn, tokenOf } from './helpers';

/**
 * A fresh customer of the demo company with three invoices of Topo Chico (qty 1, 2, 3). Its name
 * is new each run: a retry runs against the same database, where the first try's bar still owes.
 */
async function customerWithInvoices(request: APIRequestContext, token: string) {
  const headers = authHeaders(token);
  const created = await request.post('/api/v1/customer', {
    headers,
    data: {
      name: `Rainey Street Bar ${Date.now().toString(36).toUpperCase()}`,
      address: '80 Rainey St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      tabc_id: 'MB445566',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const customer = await created.json();
  const product = await productNamed(request, token, 'TOPO CHICO');
  const invoices = [];
  for (const qty of [1, 2, 3]) {
    invoices.push(
      await postInvoice(request, token, {
        customer: { id: customer.id },
        items: [{ product_id: product.id, qty, price: 10, taxable: false, on_deal: false, scanned: false }],
        stamps: [],
        status: 'invoiced',
        force: true,
      }),
    );
  }
  return { customer, invoices, product };
}

test('receive one payment across three invoices, print a statement, issue a credit memo', async ({ page, request }) => {
  // three invoices, a payment, a PDF and a memo: more than the default minute on a loaded machine
  test.setTimeout(300_000);
  await signIn(page);
  const token = await tokenOf(page);
  const { customer, invoices } = await customerWithInvoices(request, token);

  await page.goto(`/customer/${customer.id}/receivables`);
  // the first visit loads the page's code: give the loaded machine time
  await expect(page.getByTestId('receivable-balance')).toHaveText('$60.00', { timeout: 30_000 });
  // headed with whose receivables they are (issue 36)
  await expect(page.getByRole('heading', { level: 1, name: `Receivables: ${customer.name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Receive payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive payment' });
  // one date picker in the spec's format, as everywhere else (issue 36: a native mm/dd/yyyy input was here)
  await expect(dialog.getByLabel('Date')).toHaveValue(/^\d{2} [A-Z][a-z]{2}, \d{4}$/);
  await expect(dialog.getByRole('table', { name: 'Allocation to open invoices' })).not.toContainText(
    /\d{4}-\d{2}-\d{2}/,
  );
  await dialog.getByLabel('Amount').fill('55');
  await dialog.getByLabel('Reference').fill('CHK 2001');
  // oldest due first fills the first two, the third gets the rest; one line is changed by hand
  for (const inv of invoices) await expect(dialog.getByLabel(`Allocate to invoice ${inv.number}`)).toBeVisible();
  await dialog.getByLabel(`Allocate to invoice ${invoices[2].number}`).fill('20');
  await expect(dialog.getByTestId('on-account-left')).toHaveText('On account: $5.00');
  await page.screenshot({ path: shotPath('receivables-payment.png') });
  await dialog.getByRole('button', { name: 'Save payment' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('receivable-balance')).toHaveText('$5.00');
  await expect(page.getByTestId('on-account')).toHaveText('$5.00');
  const statuses = await Promise.all(
    invoices.map(async (i) => {
      const r = await request.get(`/api/v1/invoice/${i.id}/payment`, { headers: authHeaders(token) });
      return ((await r.json()) as { amount: number }[]).map((p) => p.amount);
    }),
  );
  expect(statuses).toEqual([[10], [20], [20]]);

  // the statement downloads as a PDF
  await page.getByRole('button', { name: 'Statement' }).click();
  await expect(page.getByRole('dialog', { name: 'Customer statement' }).getByLabel('From')).toHaveValue(
    /^\d{2} [A-Z][a-z]{2}, \d{4}$/,
  );
  const download = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Customer statement' }).getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^statement-rainey-street-bar-.*\.pdf$/);

  // its public printable page opens in a new tab, with the closing balance
  await expect(page.getByRole('dialog', { name: 'Customer statement' })).toBeHidden();
  await page.getByRole('button', { name: 'Statement' }).click();
  const printed = page.context().waitForEvent('page');
  await page
    .getByRole('dialog', { name: 'Customer statement' })
    .getByRole('button', { name: 'Printable page' })
    .click();
  const printPage = await printed;
  await expect(printPage).toHaveURL(/\/customer\/statement\/pdf\/[^/]+$/);
  await expect(printPage.getByRole('heading', { level: 1, name: 'Customer Statement' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(printPage.getByText(customer.name)).toBeVisible();
  await expect(printPage.getByTestId('closing-balance')).toHaveText('$5.00');
  await expect(printPage.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /format=pdf$/);
  await printPage.screenshot({ path: shotPath('receivables-statement-print.png') });
  await printPage.close();
  await page.keyboard.press('Escape');

  // a credit memo on the last invoice: one bottle back
  await page.goto(`/invoice/${invoices[2].number}`);
  await page.getByRole('button', { name: 'Credit memo', exact: true }).click();
  const memo = page.getByRole('dialog', { name: 'Credit memo' });
  await memo.getByLabel(/Credit quantity of/).fill('1');
  await memo.getByLabel('Reason').fill('One bottle broken');
  await page.screenshot({ path: shotPath('receivables-credit-memo.png') });
  await memo.getByRole('button', { name: 'Issue credit memo' }).click();
  await expect(memo).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('credit-memo')).toContainText(/CM-\d+ · \$10\.00 · One bottle broken/);
  // the memo names who issued it (the demo owner)
  await expect(page.getByTestId('credit-memo')).toContainText('· Dana Whitfield');

  await page.goto('/receivables');
  await expect(page.getByRole('heading', { level: 1, name: 'Receivables' })).toBeVisible();
  // the memo credited the last open invoice: the bar owes nothing, so it leaves the aging (the
  // demo's customers with open invoices are listed, so the table has loaded)
  await expect(page.getByRole('link', { name: 'Billy Bob’s Texas' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: customer.name, exact: true })).toHaveCount(0);
  // the chart's legend reads in the buckets' order, as the table's columns do
  await expect(page.locator('.recharts-legend-item-text')).toHaveText([
    'Current',
    '1–30 days',
    '31–60 days',
    '61–90 days',
    'Over 90 days',
  ]);
  await page.screenshot({ path: shotPath('receivables-aging.png'), fullPage: true });
});
