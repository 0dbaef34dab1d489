import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { shotPath, signIn, signUpApi } from './helpers';

const stamp = Date.now().toString(36).toUpperCase();
// 'Wholesale' is no name we guess: the user maps it to Unit price; row 4 has no type
const CSV = [
  'Item,Type,Size,Wholesale,UPC',
  `E2E Vodka ${stamp},LIQUOR,750ML,19.99,`,
  `E2E Wine ${stamp},WINE,750ML,"$1,234.50",`,
  `E2E Broken ${stamp},,750ML,5.00,`,
  ...Array.from({ length: 20 }, (_, i) => `E2E Beer ${stamp} ${i},BEER,12OZ,${(i + 1).toFixed(2)},`),
].join('\n');

test('import products: upload, map, dry run, import with skip, progress to 100%, download the rejects', async ({
  page,
  request,
}) => {
  // a company of its own: the 22 products it imports would push the demo's products off the grids' first pages
  const owner = await signUpApi(request, 'Imogen Import');
  await signIn(page, owner.email, owner.password);
  await page.goto('/setting');
  await page.getByRole('link', { name: 'Import data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import data' })).toBeVisible();

  await page.getByRole('radiogroup', { name: 'What to import' }).getByText('Products').click();
  await expect(page.getByRole('radio', { name: 'Products' })).toBeChecked();
  await page.getByLabel(/CSV or XLSX file/).setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });

  // the guessed mapping leaves Unit price unmapped: the header row says so
  await expect(page.getByRole('table', { name: 'Dry run errors' })).toContainText('Choose a column for: Unit price');
  await page.getByRole('combobox', { name: 'Column for Unit price' }).click();
  await page.getByTitle('Wholesale').click();

  const errors = page.getByRole('table', { name: 'Dry run errors' });
  await expect(errors).toContainText('Product type is required');
  await expect(errors.getByRole('row').nth(1)).toContainText('4');
  const counts = page.getByRole('group', { name: 'Dry run counts' });
  await expect(counts).toContainText('New22');
  await expect(counts).toContainText('Invalid1');
  await page.screenshot({ path: shotPath('import-dry-run.png'), fullPage: true });

  // all or nothing with an invalid row would import nothing: it cannot be started
  await page.getByRole('radio', { name: /All or nothing/ }).check();
  await expect(page.getByTestId('import-would-fail')).toContainText('found 1 row with errors');
  await expect(page.getByRole('button', { name: 'Import 23 rows' })).toBeDisabled();
  await page.getByRole('radio', { name: /Skip the rows with errors/ }).check();
  await page.getByRole('button', { name: 'Import 23 rows' }).click();

  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(page.getByTestId('import-status')).toHaveText('Done: 23 rows processed.');
  await expect(page).toHaveURL(/\/import\?job=\d+/);
  await expect(page.getByRole('group', { name: 'Import result' })).toContainText('New22');

  // the result survives a reload
  await page.reload();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100', {
    timeout: 30_000,
  });
  await page.screenshot({ path: shotPath('import-result.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download rejected rows (CSV)' }).click(),
  ]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe('Row,Reason,Item,Type,Size,Wholesale,UPC');
  expect(text).toContain(`4,Product type is required,E2E Broken ${stamp},,750ML,5.00,`);
});
