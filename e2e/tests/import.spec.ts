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

test('import customers: the TABC permit is required as on the form; a failed import gives back its file and mapping', async ({
  page,
  request,
}) => {
  const owner = await signUpApi(request, 'Ivan Import');
  await signIn(page, owner.email, owner.password);
  await page.goto('/import');
  await expect(page.getByTestId('chosen-file')).toHaveText('No file chosen');
  const csv = ['Business,Street,City,Zip,Permit', `Import Bar ${stamp},1 Main St,Austin,78701,MB-123456`].join('\n');
  await page.getByLabel(/CSV or XLSX file/).setInputFiles({
    name: 'customers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  // one line says which file: the browser's own "No file chosen" is not beside it
  await expect(page.getByTestId('chosen-file')).toHaveText('Chosen: customers.csv');
  await expect(page.getByText('No file chosen')).toHaveCount(0);
  // the permit is marked required, with the form's alternative
  await expect(page.getByText('Or map AIMS ID and AIMS license type')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Column for TABC permit' })).toBeVisible();
  await expect(page.locator('.ant-form-item-required', { hasText: 'TABC permit' })).toHaveCount(1);
  const nameColumn = page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Column for Name' }) });
  await expect(nameColumn).toContainText('Business');

  // the job ends failed (the server's answer rewritten: a failure cannot be staged from a good file)
  await page.route('**/api/v1/import/job/*', async (route) => {
    const res = await route.fetch();
    const job = await res.json();
    await route.fulfill({ response: res, json: { ...job, status: 'failed', message: 'The database went away' } });
  });
  await page.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(page.getByTestId('import-status')).toHaveText('The import failed.', { timeout: 30_000 });
  // the file and the mapping are back, ready to try again
  await expect(page.getByTestId('chosen-file')).toHaveText('Chosen: customers.csv');
  await expect(nameColumn).toContainText('Business');
  await expect(page.getByRole('button', { name: 'Import 1 row' })).toBeEnabled();
  await page.screenshot({ path: shotPath('import-failed-retry.png'), fullPage: true });
});
