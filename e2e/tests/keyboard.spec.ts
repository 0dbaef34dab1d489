import { type Page, expect, test } from '@playwright/test';
import { DEMO, authHeaders, shotPath } from './helpers';

const TITOS = "TITO'S HANDMADE VODKA";

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, { back = false, max = 40 } = {}) {
  // a target that is not there fails here, in the expect timeout, rather than at the test's
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
}

/**
 * The focused element shows a focus ring, so a keyboard user sees where they are: an outline or a
 * box-shadow on it or on the control box around it (antd draws an input's ring on its wrapper).
 */
async function expectVisibleFocus(page: Page) {
  const ring = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return 'nothing focused';
    let el: HTMLElement | null = focused;
    for (let depth = 0; el && depth < 4; depth++, el = el.parentElement) {
      const s = getComputedStyle(el);
      if (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) return 'ok';
      if (s.boxShadow !== 'none') return 'ok';
    }
    return `${focused.tagName} ${focused.getAttribute('aria-label') ?? focused.textContent?.trim()} has no focus ring`;
  });
  expect(ring).toBe('ok');
}

test('an invoice is built and saved with the keyboard alone, and the saved invoice is what was typed', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // signed in through the API (the sign-in form is not what this test is about); no mouse below
  const res = await request.post('/api/v1/auth/signin', { data: DEMO });
  const token = (await res.json()).access_token as string;
  await page.goto('/auth/signin');
  await page.evaluate((t) => localStorage.setItem('dbo.token', t), token);
  await page.goto('/invoice/create');
  // a loaded machine takes its time over the first page
  await expect(page.getByRole('heading', { level: 1, name: /New Invoice/ })).toBeVisible({ timeout: 30_000 });

  // the customer select has the focus: type, Enter
  const customer = page.getByRole('combobox', { name: 'Customer' });
  await expect(customer).toBeFocused();
  await page.keyboard.type('Continental');
  await expect(page.locator('.ant-select-item-option').filter({ hasText: 'Continental' }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('customer-address')).toBeVisible();

  // the product search has the focus next: type, Arrow Down to the first suggestion, Enter
  const search = page.getByLabel('Product search');
  await expect(search).toBeFocused();
  await page.keyboard.type('tito');
  await expect(page.getByTestId('product-option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const row = page.getByTestId('item-row').filter({ hasText: TITOS });
  await expect(row).toHaveCount(1);
  const product = (await row.locator('strong').first().innerText()).trim();
  await expect(search).toBeFocused();

  // quantity: Tab from the search to the line's quantity, typed, then one up with Arrow Up
  const qty = page.getByLabel(`Quantity of ${product}`);
  await tabTo(page, qty);
  await expectVisibleFocus(page);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('4');
  await page.keyboard.press('ArrowUp');
  await expect(qty).toHaveValue('5');
  await expect(page.getByTestId('stamps-needed')).toHaveText('5');
  await expect(page.getByTestId('stamps-assigned')).toHaveText('5');

  // back to the search with Shift+Tab, a second line, removed again through its row action
  await tabTo(page, search, { back: true });
  await page.keyboard.type('shiner');
  await expect(page.getByTestId('product-option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  const beer = page.getByTestId('item-row').filter({ hasText: 'SHINER' });
  await expect(beer).toHaveCount(1);
  const remove = page.getByRole('button', { name: /^Remove SHINER/ });
  await tabTo(page, remove);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(beer).toHaveCount(0);
  // the focus does not fall to the page: it is back in the search
  await expect(search).toBeFocused();

  // Tab on to Create; Enter saves (a duplicate of an earlier run is confirmed with the keyboard too)
  // its name carries the icon's ('save Create'); not 'Create anyway'
  const create = page.getByRole('button', { name: /^(save )?Create$/ });
  await tabTo(page, create, { max: 60 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const duplicate = page.getByTestId('duplicate-dialog');
  // the detail's h1 is 'Invoice #1013 Draft'
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice #/ }).or(duplicate)).toBeVisible({
    timeout: 20_000,
  });
  if (await duplicate.isVisible()) {
    const anyway = page.getByRole('button', { name: 'Create anyway' });
    await tabTo(page, anyway, { max: 10 });
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/invoice\/\d+$/, { timeout: 20_000 });
  const number = page.url().split('/').pop() as string;

  // what was saved: the customer, the one line at quantity 5, five stamps
  const saved = await (await request.get(`/api/v1/invoice/${number}`, { headers: authHeaders(token) })).json();
  expect(saved.customer.name).toMatch(/Continental/);
  expect(saved.items.map((i: { product: { product: string }; qty: number }) => [i.product.product, i.qty])).toEqual([
    [product, 5],
  ]);
  await expect(page.getByTestId('invoice-items')).toContainText(TITOS);

  // a dialog: the command palette takes the focus and gives it back to where it was on Escape
  const edit = page.getByRole('link', { name: 'Edit' });
  await edit.focus();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog');
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('Settings');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(edit).toBeFocused();

  // the palette runs a command from the keyboard: type, Enter
  await page.keyboard.press('Control+k');
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('settings');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/setting$/);

  // every page and create action by name, and a customer by permit (issue 36)
  await page.keyboard.press('Control+k');
  await page.keyboard.type('stamp');
  await expect(palette.getByRole('option', { name: 'Stamps', exact: true })).toBeVisible();
  await expect(palette.getByRole('option', { name: 'Register Stamp Roll' })).toBeVisible();
  await page.screenshot({ path: shotPath('i36-palette-stamp.png') });
  await palette.getByRole('combobox').fill('MB100234');
  await expect(palette.getByRole('option', { name: 'Edit customer The Broken Spoke' })).toBeVisible();
  await palette.getByRole('combobox').fill('new inv');
  await expect(palette.getByRole('option', { name: 'New Invoice' })).toBeVisible();
  await expect(palette.getByRole('option', { name: /The Broken Spoke/ })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/invoice\/create$/);
});
