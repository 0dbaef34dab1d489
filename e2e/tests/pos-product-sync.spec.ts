import { expect, test } from '@playwright/test';
import { authHeaders, shotPath, signUpApi, useToken } from './helpers';

/**
 * Issue 30, the sync on screen: Sync Products never rewrites a product silently. A company of its
 * own (the demo's catalogue stays as it is for the other specs) holds Tito's under the simulator's
 * barcode with its own SKU; the sync ends with a toast of its summary, Tito's keeps its SKU (the
 * conflict is reported, not applied), and the eleven products the sync created wait under
 * "New from Bottle POS" until staff open and save them.
 */
test('Sync Products: a summary toast, no rewritten SKU, the new products under their own filter', async ({
  page,
  request,
}) => {
  const owner = await signUpApi(request, 'Sync Owner');
  const headers = authHeaders(owner.token);
  const titos = await request.post('/api/v1/product', {
    headers,
    data: {
      product: "TITO'S HANDMADE VODKA",
      product_type: 'LIQUOR',
      product_size: '750ML',
      upc: '081000000000',
      internal_sku: 'LS-0001',
      product_price: 18.99,
      last_purchase_price: 14.25,
    },
  });
  expect(titos.ok(), await titos.text()).toBeTruthy();
  expect(
    (await request.put('/api/v1/company/integration/bottle-pos', { headers, data: { api_key: 'e2e-good-key' } })).ok(),
  ).toBeTruthy();
  const on = await request.post('/api/v1/company/feature', { headers, data: { name: 'bottle_pos', active: true } });
  expect(on.ok(), await on.text()).toBeTruthy();

  await useToken(page, owner.token);
  await page.goto('/bottle-pos');
  await expect(page.getByRole('heading', { level: 1, name: 'Bottle POS Sync History' })).toBeVisible();
  await page.getByRole('button', { name: 'Sync Products' }).click();
  // one toast says what the sync did, and warns: one product's SKU differs from the POS's
  const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Bottle POS products synced' });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText('Products synced: 11 created, 1 updated, 0 unchanged, 1 conflict');
  await expect(page.locator('.ant-notification-notice')).toHaveCount(1);
  await page.screenshot({ path: shotPath('pos-product-sync-toast.png') });

  // Tito's is matched by its barcode and keeps its own SKU
  const id = (await titos.json()).id as number;
  const after = await (await request.get(`/api/v1/product/${id}`, { headers })).json();
  expect(after).toMatchObject({ upc: '081000000000', internal_sku: 'LS-0001' });

  // the products the sync created wait under their own filter, Jameson typed by its category
  await page.goto('/product');
  await page.getByText('New from Bottle POS', { exact: true }).click();
  await expect(page.getByText('JAMESON IRISH WHISKEY', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: "TITO'S HANDMADE VODKA" }).filter({ hasText: 'LS-0001' }),
  ).toHaveCount(0);
  await page.screenshot({ path: shotPath('pos-product-sync-new.png') });
});
