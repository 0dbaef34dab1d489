import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { shotPath, signIn } from './helpers';

// by its name: choosing 'Edit product' opens the product's own dialog while the palette closes
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

/** Opens the palette with the keyboard and types the query. */
async function search(page: Page, query: string) {
  await page.keyboard.press('Control+K');
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await page.keyboard.type(query);
}

/** Walks the selection with the arrow keys to the named option, then presses Enter. */
async function choose(page: Page, name: string | RegExp) {
  const option = palette(page).getByRole('option', { name });
  await expect(option.first()).toBeVisible();
  for (let i = 0; i < 20; i++) {
    if ((await option.first().getAttribute('aria-selected')) === 'true') break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(option.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
}

test('command palette: invoices by number, a product and a customer, by keyboard', async ({ page }) => {
  await signIn(page);
  const latest = await page.evaluate(async () => {
    const res = await fetch('/api/v1/invoice/recent', {
      headers: { authorization: `Bearer ${localStorage.getItem('dbo.token')}` },
    });
    const rows = (await res.json()) as { number: number; display_number: string }[];
    return rows.find((r) => /^\d+$/.test(r.display_number)) ?? rows[0];
  });

  // Escape closes; two characters do not search yet
  await search(page, 'ga');
  await expect(palette(page).getByRole('option', { name: /Edit product/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();

  // a numeric query: 'View invoice #N'
  await search(page, String(latest.number));
  await page.screenshot({ path: shotPath('reports-palette-invoice.png') });
  await choose(page, `View invoice #${latest.display_number}`);
  await expect(page).toHaveURL(new RegExp(`/invoice/${latest.display_number}$`));

  // a product opens its editor
  await search(page, 'garrison');
  await choose(page, /^Edit product GARRISON BROTHERS SMALL BATCH BOURBON \(LIQUOR 750ML\)$/);
  await expect(page).toHaveURL(/\/product(\?|$)/);
  const editor = page.getByRole('dialog', { name: 'Edit GARRISON BROTHERS SMALL BATCH BOURBON' });
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();

  // a customer's three actions
  await search(page, 'broken spoke');
  await choose(page, 'Edit customer The Broken Spoke');
  await expect(page).toHaveURL(/\/customer\/\d+\/edit$/);
  const customerId = /\/customer\/(\d+)\/edit/.exec(page.url())?.[1];
  await search(page, 'broken spoke');
  await choose(page, 'Create invoice for The Broken Spoke');
  await expect(page).toHaveURL(new RegExp(`/invoice/create\\?customerId=${customerId}$`));
  await search(page, 'broken spoke');
  await choose(page, 'View invoices for The Broken Spoke');
  await expect(page).toHaveURL(new RegExp(`/invoice\\?customerId=${customerId}$`));

  // the navigation button opens it too, with the static entries
  await page.getByRole('button', { name: /^Search/ }).click();
  await expect(palette(page).getByRole('option', { name: 'Settings' })).toBeVisible();
  await expect(palette(page).getByRole('option', { name: 'Report Issue' })).toBeVisible();
  await choose(page, 'Settings');
  await expect(page).toHaveURL(/\/setting$/);
});

test('reports: the feature card, monthly and weekly comparisons, a report CSV with the page totals', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page);
  await page.getByRole('menuitem', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  // off in the demo: the feature card, activated from the page
  await page.getByRole('button', { name: 'Activate Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  const bars = (key: string) => page.getByTestId(`chart-${key}`).locator('.recharts-bar-rectangle');
  await expect(bars('invoiceTotal')).toHaveCount(2);
  await expect(bars('orderTotal')).toHaveCount(2);
  await expect(page.getByTestId('generated-at')).toContainText('Generated at');
  await page.screenshot({ path: shotPath('reports-monthly.png') });

  await page.getByText('Weekly', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'First period' })).toHaveValue(/\d{4}-\d+/);
  await expect(bars('invoiceTotal')).toHaveCount(2);
  await expect(bars('orderTotal')).toHaveCount(2);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('generated-at')).toBeVisible();

  // sales by product: chart, table, CSV ending with the totals the page shows
  const section = page.getByRole('region', { name: 'Sales by product' });
  const totals = section.getByTestId('report-totals');
  await expect(totals).toContainText('units');
  await expect(section.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const shown = /Total: (\d+) units, \$([\d,]+\.\d\d) before tax/.exec((await totals.textContent()) ?? '');
  expect(shown).not.toBeNull();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sales_by_product_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
  const lines = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe('Product,Type,Size,Units,Invoices,Amount');
  expect(lines.length).toBeGreaterThan(2);
  const last = lines[lines.length - 1].split(',');
  expect(last[0]).toBe('Total');
  expect(last[3]).toBe(shown?.[1]);
  expect(last[5]).toBe(shown?.[2].replace(/,/g, ''));
  // the rows add up to the totals line
  const sum = lines.slice(1, -1).reduce((n, l) => n + Math.round(Number(l.split(',').at(-1)) * 100), 0);
  expect((sum / 100).toFixed(2)).toBe(last[5]);
  await page.screenshot({ path: shotPath('reports-sales.png'), fullPage: true });

  // the stamps report renders its own table
  await page.getByRole('tab', { name: 'Stamps used' }).click();
  await expect(page.getByRole('region', { name: 'Stamps used' }).getByTestId('report-totals')).toContainText(
    'stamps on invoices',
  );
});
