import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('the demo login reaches the dashboard with the side navigation', async ({ page }) => {
  await signIn(page);
  for (const item of ['Dashboard', 'Order', 'Customers', 'Invoices', 'Payments', 'Stamps', 'Products', 'Inventory']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Account settings' })).toContainText('Dana Whitfield');
});

test('an unknown route shows the not-found page with a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('A bit lost, are we ?')).toBeVisible();
  await page.getByRole('button', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);
});
