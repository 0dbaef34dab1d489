import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Page, expect as baseExpect, test } from '@playwright/test';
import { DEMO, authHeaders, postInvoice, productNamed, shotPath, useToken } from './helpers';

// the panels load after the invoice; on a loaded machine that can take a while
const expect = baseExpect.configure({ timeout: 30_000 });

/** The shipped sample upload (demo catalogue: the Broken Spoke, Tito's, Garrison, Becker). */
const SAMPLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/src/integrations/fintech/sample-invoice.csv',
);

/** Signs the demo owner in through the API and puts the token in the browser. */
async function signIn(page: Page, request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/signin', { data: { email: DEMO.email, password: DEMO.password } });
  expect(res.ok()).toBeTruthy();
  const token = (await res.json()).access_token as string;
  await useToken(page, token);
  return token;
}

/** An invoice of the demo's Broken Spoke (fintech option on, Fintech ID RTL-1001): 1 x Topo Chico. */
async function newInvoice(request: APIRequestContext, token: string) {
  const headers = authHeaders(token);
  const customers = await (await request.get('/api/v1/customer', { headers })).json();
  const customer = (Array.isArray(customers) ? customers : customers.rows).find(
    (c: { name: string }) => c.name === 'The Broken Spoke',
  );
  const product = await productNamed(request, token, 'TOPO CHICO');
  return postInvoice(request, token, {
    customer: { id: customer.id },
    items: [{ product_id: product.id, qty: 1, price: 21.99, taxable: true, on_deal: false, scanned: false }],
    stamps: [],
    status: 'invoiced',
    force: true,
  });
}

test('fintech Sync Now disables after a successful sync; MPower sync shows its answer', async ({ page, request }) => {
  const invoice = await newInvoice(request, await signIn(page, request));
  await page.goto(`/invoice/${invoice.number}`);

  const fintech = page.getByTestId('fintech-panel');
  await expect(fintech.getByText('Not synced with fintech yet')).toBeVisible();
  const syncNow = fintech.getByRole('button', { name: 'Sync Now' });
  await expect(syncNow).toBeEnabled();
  await syncNow.click();
  await expect(page.getByText('Fintech sync succeeded')).toBeVisible();
  await expect(fintech.getByText('Sync succeeded')).toBeVisible();
  await expect(fintech.getByText(`Invoice #${invoice.number} filed as FT-`)).toBeVisible();
  await expect(syncNow).toBeDisabled();
  // the log is the server's: a reload keeps it, and the button stays disabled
  await page.reload();
  await expect(page.getByTestId('fintech-panel').getByText('Sync succeeded')).toBeVisible();
  await expect(page.getByTestId('fintech-panel').getByRole('button', { name: 'Sync Now' })).toBeDisabled();

  const mpower = page.getByTestId('mpower-panel');
  await expect(mpower.getByText('Not sent to MPower yet')).toBeVisible();
  await mpower.getByRole('button', { name: 'Sync with MPower' }).click();
  await expect(page.getByText('Invoice sent to MPower')).toBeVisible();
  await expect(mpower.getByText(/^MPW-\d+$/)).toBeVisible();
  await expect(mpower.getByText('RECEIVED', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('mpower-panel').getByText(/^MPW-\d+$/)).toBeVisible();
  await page.getByTestId('fintech-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('fintech-mpower-panels.png') });
});

test('uploading the sample fintech invoice opens a draft in the builder; a bad file says why', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/invoice');
  await page.getByRole('button', { name: 'Upload Fintech Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Fintech Invoice' });
  await expect(dialog.getByRole('button', { name: 'Download the sample file' })).toBeVisible();

  await dialog.getByLabel('Fintech invoice file (CSV)').setInputFiles({
    name: 'notes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,qty\nvodka,1\n'),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Error Uploading Invoice')).toBeVisible();
  await expect(
    dialog.getByText(/missing column\(s\) INVOICE NUMBER, UPC, PRODUCT, QUANTITY, UNIT PRICE/),
  ).toBeVisible();
  await page.screenshot({ path: shotPath('fintech-upload-error.png') });

  await dialog.getByLabel('Fintech invoice file (CSV)').setInputFiles(SAMPLE);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/invoice\/create$/);
  await expect(page.getByTestId('fintech-draft-notice')).toContainText(
    'Draft from fintech invoice INV9001: 3 line(s) matched, customer The Broken Spoke',
  );
  await expect(page.getByText("TITO'S HANDMADE VODKA").first()).toBeVisible();
  await expect(page.getByText('GARRISON BROTHERS SMALL BATCH BOURBON').first()).toBeVisible();
  await expect(page.getByText('BECKER VINEYARDS CABERNET SAUVIGNON').first()).toBeVisible();
  await page.screenshot({ path: shotPath('fintech-draft-builder.png'), fullPage: true });
});
