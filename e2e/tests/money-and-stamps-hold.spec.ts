import { expect, type Page, test } from '@playwright/test';
import { authHeaders, postInvoice, productNamed, sellableCustomer, shotPath, signIn, tokenOf } from './helpers';

/** Issue 30, the screens: stamps before a liquor invoice leaves draft, no vanishing overpayment, no lost work. */

const TITOS = "TITO'S HANDMADE VODKA";
const NEEDS_TWO = 'This invoice needs 2 more TABC stamps before it can be Delivered';
const LEAVE = 'Leave this page?';

async function pickCustomer(page: Page, name: string) {
  await page.getByTestId('customer-select').click();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('customer-address')).toBeVisible();
}

async function chooseStatus(page: Page, label: string) {
  await page.getByLabel('Status').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
}

/** Two bottles of Tito's scanned for Broken Spoke: 2 stamps auto-assigned from the demo roll. */
async function twoBottles(page: Page, open: () => Promise<unknown> = () => page.goto('/invoice/create')) {
  await open();
  await pickCustomer(page, 'Broken Spoke');
  await page.getByLabel('Product search').pressSequentially('619947000013', { delay: 5 });
  await expect(page.getByTestId('item-row').filter({ hasText: TITOS })).toHaveCount(1);
  await page.getByLabel(`Quantity of ${TITOS}`).fill('2');
  await expect(page.getByTestId('stamps-needed')).toHaveText('2');
  await expect(page.getByTestId('stamps-assigned')).toHaveText('2');
}

test('the builder refuses to save a Delivered liquor invoice until its stamps add up; the status select says why', async ({
  page,
  request,
}) => {
  await signIn(page);
  await twoBottles(page);
  await chooseStatus(page, 'Delivered');
  const create = page.getByRole('button', { name: 'Create' });
  await expect(create).toBeEnabled();

  // the assigned range removed: Create is disabled and says why, in the server's words
  await page.getByTestId('stamp-ranges').locator('.ant-tag-close-icon').first().click();
  await expect(page.getByTestId('stamps-assigned')).toHaveText('0');
  await expect(create).toBeDisabled();
  await expect(page.getByTestId('save-blocked')).toContainText(NEEDS_TWO);
  await expect(create).toHaveAttribute('aria-describedby', 'save-blocked');
  // Ctrl+Enter does not get round it
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/invoice\/create$/);
  await page.getByTestId('save-blocked').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('i30-builder-blocked.png'), fullPage: true });

  // stamps assigned again: Create is enabled and the save goes through without a leave prompt
  await page.getByRole('button', { name: 'Auto-assign' }).click();
  await expect(page.getByTestId('stamps-assigned')).toHaveText('2');
  await expect(page.getByTestId('save-blocked')).toHaveCount(0);
  await create.click();
  await expect(page).toHaveURL(/\/invoice\/\d+$/);
  await expect(page.getByText(LEAVE)).toHaveCount(0);
  await expect(page.getByTestId('invoice-status').first()).toHaveText('Delivered');

  // a liquor draft without stamps (allowed): its status select disables what the stamps don't allow
  const token = await tokenOf(page);
  const customer = await sellableCustomer(request, token);
  const titos = await productNamed(request, token, "TITO'S");
  const draft = await postInvoice(request, token, {
    customer: { id: customer.id },
    items: [{ product_id: titos.id, qty: 2, price: 18.99, taxable: true, on_deal: false, scanned: false }],
    stamps: [],
    status: 'draft',
    force: true,
  });
  await page.goto(`/invoice/${draft.number}`);
  await page.getByTestId('status-select').click();
  const delivered = page.locator('.ant-select-item-option').filter({ hasText: /^Delivered/ });
  await expect(delivered).toContainText(NEEDS_TWO);
  await expect(delivered).toHaveAttribute('aria-disabled', 'true');
  await page.screenshot({ path: shotPath('i30-status-select.png'), fullPage: true });
  await delivered.click({ force: true });
  await expect(page.getByTestId('change-dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  const after = await (await request.get(`/api/v1/invoice/${draft.id}?by=id`, { headers: authHeaders(token) })).json();
  expect((after.invoice ?? after).status).toBe('draft');
});

test('a payment above what is owing says where the rest goes and needs a confirmation', async ({ page, request }) => {
  await signIn(page);
  const token = await tokenOf(page);
  const customer = await sellableCustomer(request, token);
  const topo = await productNamed(request, token, 'TOPO CHICO');
  // 2 x 21.99 + 8.25% tax = 47.61
  const invoice = await postInvoice(request, token, {
    customer: { id: customer.id },
    items: [{ product_id: topo.id, qty: 2, price: 21.99, taxable: true, on_deal: false, scanned: false }],
    stamps: [],
    status: 'invoiced',
    note: 'E2E overpayment',
    force: true,
  });
  await page.goto(`/invoice/${invoice.number}`);
  const payments = page.getByTestId('payments-panel');
  // the panel loads lazily: give it time on a busy machine
  await expect(payments.getByTestId('payments-remaining')).toContainText('$47.61', { timeout: 60_000 });

  await payments.getByLabel('Amount').fill('100');
  await payments.getByLabel('Payment note').fill('Check #77');
  const notice = payments.getByTestId('overpayment');
  await expect(notice).toContainText(
    '$100.00 is $52.39 more than the $47.61 owing: the rest stays as credit on the account',
  );
  const add = payments.getByRole('button', { name: 'Add Payment' });
  await expect(add).toBeDisabled();
  await page.screenshot({ path: shotPath('i30-overpayment.png'), fullPage: true });
  await notice.getByRole('checkbox', { name: 'Yes, keep the rest as credit on the account' }).check();
  await expect(add).toBeEnabled();
  await add.click();

  // the invoice is paid, never below zero
  await expect(payments.getByRole('row').filter({ hasText: 'Check #77' })).toBeVisible();
  await expect(payments.getByTestId('payments-remaining')).toContainText('$0.00');
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
});

test('leaving the builder with unsaved lines asks first: a sidebar link, Back and a reload', async ({ page }) => {
  await signIn(page);
  // reached inside the app, as a user does: Back is then the app's own navigation
  await twoBottles(page, () => page.getByRole('link', { name: 'New Invoice' }).first().click());
  await expect(page).toHaveURL(/\/invoice\/create$/);

  // a sidebar link: Stay keeps the lines
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  const leave = page.getByRole('dialog', { name: LEAVE });
  await expect(leave).toContainText('Your changes are not saved.');
  await expect(leave.getByRole('button', { name: 'Stay' })).toBeFocused();
  await page.screenshot({ path: shotPath('i30-leave-dialog.png') });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(/\/invoice\/create$/);
  await expect(page.getByTestId('item-row').filter({ hasText: TITOS })).toHaveCount(1);

  // browser Back: asked too, and Stay keeps the address and the lines
  await page.evaluate(() => history.back());
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/invoice\/create$/);
  await expect(page.getByTestId('item-row').filter({ hasText: TITOS })).toHaveCount(1);

  // a reload: the browser's own question (beforeunload); dismissed, nothing is lost
  const asked = page.waitForEvent('dialog');
  await page.evaluate(() => setTimeout(() => location.reload(), 0));
  const unload = await asked;
  expect(unload.type()).toBe('beforeunload');
  await unload.dismiss();
  await expect(page.getByTestId('item-row').filter({ hasText: TITOS })).toHaveCount(1);

  // Leave goes
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
