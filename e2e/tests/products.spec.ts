import { expect, type Page, test } from '@playwright/test';
import { authHeaders, signUpApi, useToken, shotPath } from './helpers';

async function fillModalField(page: Page, label: string, value: string) {
  const field = page.getByRole('dialog').getByLabel(label);
  await field.fill(value);
}

test('create a product, see the duplicate-name link, schedule a price change', async ({ page, request }) => {
  const owner = await signUpApi(request);
  await useToken(page, owner.token);
  await page.goto('/product');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();

  await page.getByRole('button', { name: 'New Product' }).click();
  // spec 2 section 9: a new product's price starts at 0.00
  await expect(page.getByRole('dialog').getByLabel('Unit Price')).toHaveValue('0.00');
  await fillModalField(page, 'Product Name', "  tito's handmade vodka ");
  // Escape with something typed asks first; keeping on keeps the input (issue 36)
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'New Product' }).getByLabel('Product Name')).toHaveValue(
    "  tito's handmade vodka ",
  );
  await fillModalField(page, 'Size', '750ml');
  await fillModalField(page, 'Unit Price', '18.99');
  await fillModalField(page, 'Last Purchase Price', '14.25');
  await fillModalField(page, 'UPC', '619947000013');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Product created')).toBeVisible();
  const grid = page.getByTestId('product-grid');
  await expect(grid.getByText("TITO'S HANDMADE VODKA")).toBeVisible();
  await expect(grid.getByText('$18.99')).toBeVisible();

  // same name and size again: the error box offers a link to the existing product
  await page.getByRole('button', { name: 'New Product' }).click();
  await fillModalField(page, 'Product Name', "Tito's Handmade Vodka");
  await fillModalField(page, 'Size', '750ML');
  await fillModalField(page, 'Unit Price', '17');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Error saving product!')).toBeVisible();
  await expect(page.getByText(/already exists/)).toBeVisible();
  await page.screenshot({ path: shotPath('b-product-duplicate.png') });
  await page.getByRole('link', { name: /Show the existing/ }).click();
  await expect(page).toHaveURL(/\/product\?product=TITO/);
  await expect(page.getByText('Showing products named')).toBeVisible();
  await expect(grid.getByText("TITO'S HANDMADE VODKA")).toBeVisible();

  // a row shows a card with Edit; View opens the product page
  await grid.getByText("TITO'S HANDMADE VODKA").click();
  const card = page.getByTestId('product-card');
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  await page.screenshot({ path: shotPath('b-product-grid.png') });
  await card.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByText('This product has never been invoiced.')).toBeVisible();
  const createInvoice = page.getByRole('link', { name: 'Create Invoice' });
  await expect(createInvoice).toHaveAttribute('href', /\/invoice\/create\?productId=\d+/);

  // schedule a price change for tomorrow: the current price stays
  await page.getByRole('button', { name: 'Change Price' }).click();
  await fillModalField(page, 'Unit Price', '21.50');
  const tomorrow = new Date(Date.now() + 2 * 86400_000); // safely after today in Texas
  const label = tomorrow
    .toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'America/Chicago' })
    .replace(/ (\d{4})$/, ', $1');
  const dateInput = page.getByRole('dialog').getByLabel('Effective Date');
  await dateInput.click();
  await dateInput.fill(label);
  await dateInput.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();
  const changes = page.getByTestId('price-changes');
  await expect(changes.getByText('Scheduled')).toBeVisible();
  await expect(changes.getByText('$21.50')).toBeVisible();
  await expect(changes.getByText('Every customer')).toBeVisible();
  await expect(page.getByTestId('product-detail-card').getByText('$18.99')).toBeVisible();
  await page.screenshot({ path: shotPath('b-product-detail.png'), fullPage: true });

  const id = page.url().split('/').pop();
  const api = await (await request.get(`/api/v1/product/${id}`, { headers: authHeaders(owner.token) })).json();
  expect(api.product_price).toBe(18.99);
  expect(api.priceChanges[0]).toMatchObject({ old_price: 18.99, new_price: 21.5, customer_id: null });

  // archive and restore
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Archived', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible();

  // the command palette's 'Edit product ...' opens the product's editor
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog');
  await palette.getByRole('combobox').fill('tito');
  await palette.getByRole('option', { name: /^Edit product TITO'S HANDMADE VODKA \(LIQUOR 750ML\)/ }).click();
  await expect(page).toHaveURL(/\/product(\?|$)/);
  const editor = page.getByRole('dialog', { name: "Edit TITO'S HANDMADE VODKA" });
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel('Unit Price')).toHaveValue('18.99');
});

test('create and remove a price tier with migration of its customers', async ({ page, request }) => {
  const owner = await signUpApi(request);
  const headers = authHeaders(owner.token);
  const on = await request.post('/api/v1/company/feature', { headers, data: { name: 'tiered_pricing', active: true } });
  expect(on.ok()).toBeTruthy();
  await useToken(page, owner.token);
  await page.goto('/setting');
  const panel = page.getByTestId('price-tier-manager');
  await expect(panel.getByText('base tier', { exact: true })).toBeVisible();

  await panel.getByRole('button', { name: 'New Tier' }).click();
  await expect(page.getByRole('dialog').getByLabel('Name')).toHaveValue('Tier 1');
  await page.getByRole('dialog').getByRole('button', { name: 'Create Tier' }).click();
  await expect(panel.getByText('+10%')).toBeVisible();

  await panel.getByRole('button', { name: 'New Tier' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Gold');
  await page.getByRole('dialog').getByLabel('Percentage over base price').fill('15');
  await page.getByRole('dialog').getByRole('button', { name: 'Create Tier' }).click();
  await expect(panel.getByText('+15%')).toBeVisible();

  const tiers = await (await request.get('/api/v1/product/price-tier', { headers })).json();
  const tier1 = tiers.find((t: any) => t.name === 'Tier 1');
  const gold = tiers.find((t: any) => t.name === 'Gold');
  // a customer on Tier 1: the migration below must move it to Gold
  const cust = await request.post('/api/v1/customer', {
    headers,
    data: {
      name: 'Tier Test Bar',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      tabc_id: 'MB100234',
      product_price_tier_id: tier1.id,
    },
  });
  expect(cust.ok(), await cust.text()).toBe(true);
  expect((await cust.json()).product_price_tier_id).toBe(tier1.id);
  await page.reload();
  await page.screenshot({ path: shotPath('b-price-tiers.png'), fullPage: true });

  const row = panel.getByRole('row', { name: /Tier 1/ });
  await row.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: /Remove Tier 1/ });
  await dialog.getByLabel('Move customers to').click();
  await page.getByTitle(/Gold/).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(/Tier removed/)).toBeVisible();
  await expect(panel.getByText('Tier 1')).toHaveCount(0);

  const counts = await (await request.get('/api/v1/product/price-tier/count-customer', { headers })).json();
  expect(counts.map((c: any) => c.name)).toEqual(['Base', 'Gold']);
  expect(counts.find((c: any) => c.price_tier_id === gold.id).count).toBe(1);
});
