import { expect, type Page, test } from '@playwright/test';
import { signIn, signUpApi, useToken, shotPath } from './helpers';

const TITOS = "TITO'S HANDMADE VODKA";

async function pickCustomer(page: Page, name: string) {
  await page.getByTestId('customer-select').click();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('customer-address')).toBeVisible();
}

async function searchAndPick(page: Page, query: string, optionText: string) {
  await page.getByLabel('Product search').fill(query);
  await page.getByTestId('product-option').filter({ hasText: optionText }).first().click();
}

async function changeStatus(page: Page, from: string, to: string) {
  await page.getByTestId('status-select').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${to}$`) })
    .click();
  const dialog = page.getByTestId('change-dialog');
  await expect(dialog.getByTestId('change-old')).toHaveText(from);
  await expect(dialog.getByTestId('change-new')).toHaveText(to);
  await page.getByRole('button', { name: 'Yes, Change It' }).click();
  await expect(page.getByTestId('invoice-status').first()).toHaveText(to);
}

test('build an invoice with a scanned UPC, a stamp range, the $0.00 confirmation and the beer/liquor rule; change status; cancel and delete', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/invoice/create');
  await expect(page.getByRole('heading', { name: /New Invoice/ })).toBeVisible();
  await pickCustomer(page, 'Broken Spoke');

  // a barcode scan: a numeric query longer than 5 digits with a single hit is added at once
  await page.getByLabel('Product search').pressSequentially('619947000013', { delay: 5 });
  const titos = page.getByTestId('item-row').filter({ hasText: TITOS });
  await expect(titos).toHaveCount(1);
  await expect(titos.getByLabel('scanned')).toBeVisible();
  await expect(page.getByLabel('Product search')).toHaveValue('');
  await expect(page.getByLabel('Product search')).toBeFocused();

  // quantity 3 -> 3 stamps auto-assigned from the demo roll
  await page.getByLabel(`Quantity of ${TITOS}`).fill('3');
  await expect(page.getByTestId('stamps-needed')).toHaveText('3');
  await expect(page.getByTestId('stamps-assigned')).toHaveText('3');
  const auto = (await page.getByTestId('stamp-ranges').innerText()).match(/A(\d+)-A(\d+) \(3\)/);
  expect(auto).not.toBeNull();
  const first = Number(auto?.[1]);
  expect(Number(auto?.[2])).toBe(first + 2);

  // live totals, exact to the cent: 3 x 18.99 = 56.97; tax 8.25% = 4.70
  await expect(page.getByTestId('sub-total')).toHaveText('$56.97');
  await expect(page.getByTestId('tax-total')).toHaveText('$4.70');
  await expect(page.getByTestId('total')).toHaveText('$61.67');

  // manual range editor: replace the automatic range with one typed by hand
  await page.getByTestId('stamp-ranges').locator('.ant-tag-close-icon').first().click();
  await expect(page.getByTestId('stamp-notice')).toContainText('3 more stamps needed');
  await page.getByLabel('Stamp start').fill(String(first));
  await page.getByLabel('Stamp end').fill(String(first + 2));
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('stamp-ranges')).toContainText(`A${first}-A${first + 2}`);
  await expect(page.getByTestId('stamps-assigned')).toHaveText('3');
  await expect(page.getByTestId('stamp-notice')).toHaveCount(0);
  // an overlapping range is refused with a warning
  await page.getByLabel('Stamp start').fill(String(first + 1));
  await page.getByLabel('Stamp end').fill(String(first + 3));
  await expect(page.getByTestId('stamp-overlap')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toBeDisabled();
  await page.getByLabel('Stamp start').fill('');
  await page.getByLabel('Stamp end').fill('');

  // beer with liquor for a customer who is not cash on delivery
  await searchAndPick(page, 'SHINER', 'SHINER BOCK');
  await expect(page.getByTestId('type-mismatch')).toContainText('Liquor/wine and beer can not be on the same invoice');
  await page.getByRole('button', { name: 'Remove SHINER BOCK 24PK' }).click();
  await expect(page.getByTestId('type-mismatch')).toHaveCount(0);

  // a free item: the $0.00 confirmation
  await searchAndPick(page, 'TOPO', 'TOPO CHICO');
  await page.getByLabel('Price of TOPO CHICO MINERAL WATER 24PK').fill('0');
  await page.getByLabel('Price of TOPO CHICO MINERAL WATER 24PK').blur();
  await page.screenshot({ path: shotPath('d2-builder.png'), fullPage: true });
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('zero-price-dialog')).toContainText('set to $0.00');
  await page.getByRole('button', { name: 'Fix Price' }).click();
  await expect(page.getByLabel('Price of TOPO CHICO MINERAL WATER 24PK')).toBeFocused();
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: 'Skip and create' }).click();

  await expect(page).toHaveURL(/\/invoice\/\d+$/);
  const number = page.url().split('/').pop() as string;
  await expect(page.getByRole('heading', { name: `INVOICE #${number}`, exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-stamps')).toContainText(`A${first}`);
  await expect(page.getByTestId('invoice-totals')).toContainText('$61.67');
  await expect(page.getByTestId('invoice-items')).toContainText(TITOS);
  await page.screenshot({ path: shotPath('d2-detail.png'), fullPage: true });

  // status change through the dialog; choosing the same value opens nothing
  await changeStatus(page, 'Draft', 'Delivered');
  await expect(page.getByTestId('status-history')).toContainText('Delivered');
  // each entry names who changed the status (the demo owner)
  await expect(page.getByTestId('status-history')).toContainText('· Dana Whitfield');

  // cancel: Edit disappears, the owner may delete, the stamps are released
  await changeStatus(page, 'Delivered', 'Cancelled');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByTestId('invoice-stamps')).toContainText('No stamps');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete' }).last().click();
  await expect(page).toHaveURL(/\/invoice$/);
  const res = await page.request.get(`/api/v1/invoice/${number}`, {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('dbo.token'))}` },
  });
  expect(res.status()).toBe(404);
});

test('a beer invoice is numbered with a B suffix; a duplicate asks before creating; the grid lists both', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/invoice/create');
  await pickCustomer(page, 'Continental');
  await searchAndPick(page, 'LONE STAR BEER', 'LONE STAR BEER');
  await expect(page.getByTestId('stamps-needed')).toHaveText('0');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/invoice\/\d+B$/);
  const number = page.url().split('/').pop() as string;

  // the same customer, items and quantities again within 24 hours
  await page.goto('/invoice/create');
  await pickCustomer(page, 'Continental');
  await searchAndPick(page, 'LONE STAR BEER', 'LONE STAR BEER');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('duplicate-dialog')).toContainText(`#${number}`);
  await page.getByRole('button', { name: 'Create anyway' }).click();
  await expect(page).toHaveURL(/\/invoice\/\d+B$/);
  expect(page.url().endsWith(`/${number}`)).toBe(false);

  await page.goto('/invoice');
  const grid = page.getByTestId('invoice-grid');
  await expect(grid.getByText(`#${number}`)).toBeVisible();
  await page.screenshot({ path: shotPath('d2-list.png'), fullPage: true });
  await grid.getByText(`#${number}`).click();
  await expect(page).toHaveURL(new RegExp(`/invoice/${number}$`));
});

test('the builder warns about a missing customer and items, and replicates the last invoice', async ({ page }) => {
  await signIn(page);
  await page.goto('/invoice/create');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('save-errors')).toContainText('Please select a customer');
  await expect(page.getByTestId('save-errors')).toContainText('Please add at least one product');

  // a brand-new customer has no previous invoice to replicate
  const token = await page.evaluate(() => localStorage.getItem('dbo.token'));
  const created = await page.request.post('/api/v1/customer', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Sixth Street Tavern',
      address: '501 E 6th St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      tabc_id: 'MB998877',
    },
  });
  expect(created.ok()).toBeTruthy();
  await page.reload();
  await pickCustomer(page, 'Sixth Street');
  await page.getByRole('button', { name: 'Replicate last invoice' }).click();
  await expect(page.getByText('Sorry you have no previous invoices for this customer')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await page.goto('/invoice/create?customerId=2');
  await expect(page.getByTestId('customer-address')).toBeVisible();
  await page.getByRole('button', { name: 'Replicate last invoice' }).click();
  await expect(page.getByTestId('item-row').filter({ hasText: 'LONE STAR BEER' })).toHaveCount(1);
});

test('the dashboard shows quick search, recent invoices and company stats', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('company-stats')).toContainText('Invoice total');
  await page.getByLabel('Quick search').fill('Continental');
  await expect(page.getByTestId('quick-search-customer').first()).toContainText('Continental Club');
  await expect(page.getByTestId('recent-invoices')).toContainText('Continental Club');
  await page.getByText('Last 3 Months').click();
  await expect(page.getByTestId('company-stats')).toContainText('LONE STAR BEER');
  await page.screenshot({ path: shotPath('d2-dashboard.png'), fullPage: true });
});

test('editing a saved invoice keeps its stamps and adds the difference; clone copies customer and items', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/invoice/create');
  await pickCustomer(page, 'Hotel San');
  await page.getByLabel('Product search').pressSequentially('619947000013', { delay: 5 });
  await page.getByLabel(`Quantity of ${TITOS}`).fill('2');
  await expect(page.getByTestId('stamps-assigned')).toHaveText('2');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/invoice\/\d+$/);
  const number = page.url().split('/').pop() as string;
  const saved = (await page.getByTestId('invoice-stamps').innerText()).trim();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: `Edit Invoice #${number}` })).toBeVisible();
  await expect(page.getByTestId('stamps-assigned')).toHaveText('2');
  await page.getByLabel(`Quantity of ${TITOS}`).fill('4');
  await expect(page.getByTestId('stamps-assigned')).toHaveText('4');
  await expect(page.getByTestId('total')).toHaveText('$82.23'); // 4 x 18.99 = 75.96 + 6.27 tax
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/invoice/${number}$`));
  await expect(page.getByTestId('invoice-totals')).toContainText('$82.23');
  // the stamps saved first are still on the invoice
  const first = saved.match(/A(\d+)/)?.[1];
  await expect(page.getByTestId('invoice-stamps')).toContainText(`A${first}`);
  await expect(page.getByTestId('invoice-stamps')).toContainText('(4)');

  await page.getByRole('link', { name: 'Clone' }).click();
  await expect(page.getByRole('heading', { name: /New Invoice/ })).toBeVisible();
  await expect(page.getByTestId('customer-address')).toContainText('1316 S Congress Ave');
  await expect(page.getByLabel(`Quantity of ${TITOS}`)).toHaveValue('4');
});

test('a company without a usable stamp roll is told to add one before invoicing', async ({ page, request }) => {
  const { token } = await signUpApi(request, 'Roll Less Owner');
  await useToken(page, token);
  await page.goto('/invoice/create');
  await expect(
    page.getByText('Stamp roll missing: Please add your current stamp roll before creating an invoice'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register roll' })).toHaveAttribute('href', '/stamp/roll');
});
