import fs from 'node:fs';
import { type Download, expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

const SHOTS = process.env.SCREENS_DIR ?? '/work/wt/screens';

const row = (page: Page, name: string) => page.getByTestId('inventory-grid').locator('.ag-row', { hasText: name });
const cell = (page: Page, name: string, colId: string) => row(page, name).locator(`[col-id="${colId}"]`);

async function editCell(page: Page, name: string, colId: string, value: string) {
  await cell(page, name, colId).dblclick();
  const input = page.getByTestId('inventory-grid').locator('.ag-cell-inline-editing input');
  await input.fill(value);
  await input.press('Enter');
}

async function firstLine(download: Download) {
  const file = await download.path();
  return fs.readFileSync(file, 'utf8').split('\n')[0];
}

test('inventory: edit through the dialog, quick edit, restock with populate and a scanned UPC, history, exports', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page);
  await page.evaluate(() => localStorage.removeItem('dbo.inventoryQuickEdit'));
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await expect(row(page, 'GARRISON')).toBeVisible();
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/inventory-01-grid.png` });

  // a cell edit asks first
  await editCell(page, 'GARRISON', 'reorder_qty', '30');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Update Reorder Qty')).toBeVisible();
  await expect(dialog).toContainText('Changing value of Reorder Qty from 24 to 30 for GARRISON');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(cell(page, 'GARRISON', 'reorder_qty')).toHaveText('30');

  // a non-numeric value is refused and the cell keeps its value
  await editCell(page, 'GARRISON', 'qty', 'abc');
  await expect(page.getByText('Invalid value')).toBeVisible();
  await expect(page.getByText('qty must be a number')).toBeVisible();
  await expect(cell(page, 'GARRISON', 'qty')).toHaveText('4');

  // ticking the checkbox turns quick edit on: the next edit saves without a dialog
  await editCell(page, 'GARRISON', 'reorder_level', '5');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Quick edit mode enabled')).toBeVisible();
  await editCell(page, 'GARRISON', 'qty', '7');
  await expect(cell(page, 'GARRISON', 'qty')).toHaveText('7');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Disable Quick Edit' }).click();
  await expect(page.getByText('Quick edit mode enabled')).toBeHidden();

  // the export: every filtered row, named inventory_{date}.csv
  const [inventoryCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(inventoryCsv.suggestedFilename()).toMatch(/^inventory_\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await firstLine(inventoryCsv)).toBe(
    'Product,Type,Size,UPC,Internal SKU,Qty,Distributor,Reorder Level,Reorder Qty,Reorder Time (days),Needs Reorder,Days of Cover,Last Purchase Price,Value',
  );

  // restock: populate the out-of-stock items of a distributor, scan a UPC, save
  await page.getByRole('link', { name: 'Re-stock' }).click();
  await expect(page).toHaveURL(/\/inventory\/restock$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Re-stock' })).toBeVisible();
  await page.getByLabel('Distributor').click();
  await page.getByTitle('Republic National Distributing').click();
  await page.getByLabel('PO/Invoice/Reference Number').fill('PO-E2E-1');
  await page.getByRole('button', { name: 'Populate Restock' }).click();
  const list = page.getByTestId('restock-list');
  await expect(list.getByText('BALCONES BABY BLUE CORN WHISKY 750ML')).toBeVisible();
  await expect(list.getByLabel('Quantity of BALCONES BABY BLUE CORN WHISKY 750ML')).toHaveValue('24');
  // not out of stock but under its reorder level (5 of 6): about to run out, so it is in too (issue 36)
  await expect(list.getByLabel('Quantity of LLANO ESTACADO CHARDONNAY 750ML')).toHaveValue('24');
  await page.getByLabel('Product name or UPC').fill('619947000013');
  await expect(list.getByText("TITO'S HANDMADE VODKA 750ML")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/inventory-02-restock.png` });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Restocking complete: Added 49 units of 3 items')).toBeVisible();
  await expect(page).toHaveURL(/\/inventory$/);

  // history: the restock rows, newest first
  await page.goto('/inventory/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory History' })).toBeVisible();
  const history = page.getByTestId('history-grid');
  await expect(history.locator('.ag-row', { hasText: 'BALCONES' }).first()).toContainText('PO-E2E-1');
  await expect(history.locator('.ag-row', { hasText: "TITO'S" }).first()).toContainText('+1');
  await page.screenshot({ path: `${SHOTS}/inventory-03-history.png` });
  const [historyCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(historyCsv.suggestedFilename()).toMatch(/^inventory_history_\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await firstLine(historyCsv)).toBe('Date,Product,Size,Change,Source,Reference,Unit Price,On Deal,User');
});
