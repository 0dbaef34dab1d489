import { type Page, expect, test } from '@playwright/test';
import { authHeaders, invitationLink, signUpApi, uniqueEmail, useToken, shotPath } from './helpers';

async function confirmSave(page: Page, button: RegExp) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('confirm-fields')).toBeVisible();
  return dialog.getByRole('button', { name: button });
}

test('establishment search, create, edit, invite, sign up, revoke and refused sign-in', async ({ page, request }) => {
  const owner = await signUpApi(request, 'Casey Customers');
  const feature = await request.post('/api/v1/company/feature', {
    headers: authHeaders(owner.token),
    data: { name: 'order', active: true },
  });
  expect(feature.ok()).toBeTruthy();
  await useToken(page, owner.token);

  // search the TABC data and create the customer from it
  await page.goto('/customer/create');
  await page.getByLabel('Search establishments').fill('continental cl');
  const option = page.getByTestId('establishment-option').filter({ hasText: 'Continental Club' });
  await expect(option).toBeVisible();
  await expect(option).toContainText('MB100871');
  await option.click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Continental Club');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('1315 S Congress Ave');
  await expect(page.getByLabel('Zip')).toHaveValue('78704');
  await expect(page.getByLabel('AIMS License Type')).toHaveValue('MB');
  await page.getByLabel('Contact Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(page.getByText('Please enter a valid contact email')).toBeVisible();
  // a 4-digit zip and a negative credit limit are refused with their messages, not saved or clamped
  await page.getByLabel('Zip').fill('7870');
  await page.getByLabel('Credit Limit').fill('-5');
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(page.getByText('Zip must be 5 digits, or ZIP+4 (78701 or 78701-1234)')).toBeVisible();
  await expect(page.getByText('Credit limit must not be negative')).toBeVisible();
  await page.getByLabel('Zip').fill('78704');
  await page.getByLabel('Credit Limit').fill('2500');
  await page.getByLabel('Contact Email').fill('steve@continental.example');
  await page.getByLabel('Contact Name').fill('Steve W');
  await page.screenshot({ path: shotPath('a-customer-create.png'), fullPage: true });
  await page.getByRole('button', { name: 'Create Customer' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('confirm-fields')).toContainText('MB100871');
  await expect(dialog.getByTestId('confirm-fields')).toContainText('steve@continental.example');
  await expect(dialog.getByTestId('confirm-fields')).toContainText('$2,500.00');
  await page.screenshot({ path: shotPath('a-customer-confirm.png') });
  await (await confirmSave(page, /Yes, Create/)).click();
  await expect(page).toHaveURL(/\/customer$/);

  // grid, side panel, edit
  const row = page.locator('.ag-row').filter({ hasText: 'Continental Club' });
  await expect(row).toBeVisible();
  await row.getByText('Continental Club').click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText('MB100871', { exact: true })).toBeVisible();
  await expect(drawer).toContainText('Credit Limit$2,500.00');
  await expect(drawer.getByTestId('permit-warnings')).toContainText(/TABC permit MB100871 (expires|has expired)/);
  await page.screenshot({ path: shotPath('a-customer-grid.png') });
  await drawer.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/customer\/\d+\/edit$/);
  const customerId = Number(/customer\/(\d+)\/edit/.exec(page.url())?.[1]);
  await expect(page.getByTestId('permit-warnings')).toBeVisible();
  await page.getByLabel('Contact Phone').fill('512-555-0199');
  await page.getByRole('button', { name: 'Save Customer' }).click();
  await (await confirmSave(page, /Yes, Save/)).click();
  await expect(page).toHaveURL(/\/customer$/);
  const saved = await request.get(`/api/v1/customer/${customerId}`, { headers: authHeaders(owner.token) });
  expect((await saved.json()).contact_phone).toBe('512-555-0199');

  // balance screen
  await page.goto(`/customer/${customerId}/balance`);
  await expect(page.getByTestId('owing')).toHaveText('Owing: $0.00');
  await expect(page.getByText('No Balance Information')).toBeVisible();

  // invite a user
  await page.goto(`/customer/${customerId}/edit`);
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/${customerId}/user$`));
  await expect(page.getByText('You have no registered user.')).toBeVisible();
  await page.getByRole('button', { name: 'Invite User' }).click();
  const invite = page.getByRole('dialog');
  await invite.getByLabel('Name').fill('Al');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText('User name is required !')).toBeVisible();
  const email = uniqueEmail('buyer');
  await invite.getByLabel('Name').fill('Rosa Buyer');
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  const userRow = page.locator('.ag-row').filter({ hasText: email });
  await expect(userRow).toContainText('Pending invitation');
  await expect(userRow).toContainText('Enabled');
  await page.screenshot({ path: shotPath('a-customer-users.png') });

  // complete the sign-up link from the e-mail
  const link = await invitationLink(email);
  expect(link.searchParams.get('name')).toBe('Rosa Buyer');
  expect(link.searchParams.get('tabc_id')).toBe('MB100871');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Full Name')).toHaveValue('Rosa Buyer');
  await page.getByLabel('Password', { exact: true }).fill('rosa-pass-1');
  await page.getByLabel('Confirm Password').fill('rosa-pass-1');
  await page.screenshot({ path: shotPath('a-customer-signup.png') });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Welcome, Rosa Buyer')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();

  // the customer signs in
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('rosa-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome, Rosa Buyer')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();

  // staff revoke access from the users grid
  await page.goto('/customer/users');
  const revokeRow = page.locator('.ag-row').filter({ hasText: email });
  await expect(revokeRow).toContainText('Continental Club');
  await revokeRow.getByRole('button', { name: 'Revoke' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click();
  await expect(revokeRow).toContainText('Revoked');
  await expect(revokeRow.getByRole('button', { name: 'Re-activate' })).toBeVisible();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
  await page.screenshot({ path: shotPath('a-customer-all-users.png') });
  await revokeRow.getByText('Rosa Buyer').click();
  await expect(page.locator('.ant-drawer').getByText('Notifications')).toBeVisible();
  await page.screenshot({ path: shotPath('a-customer-user-drawer.png') });

  // and the customer's sign-in is refused
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('rosa-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Your access has been revoked. Please contact your distributor.')).toBeVisible();
  await page.screenshot({ path: shotPath('a-customer-refused.png') });
});

test('remove a customer and the printable balance page', async ({ page, request }) => {
  const owner = await signUpApi(request, 'Riley Remover');
  const created = await request.post('/api/v1/customer', {
    headers: authHeaders(owner.token),
    data: { name: 'Short Lived Bar', address: '1 Elm St', city: 'Waco', zip: '76701', tabc_id: 'BG-123456' },
  });
  expect(created.ok()).toBeTruthy();
  const c = await created.json();
  const link = await request.post(`/api/v1/customer/${c.id}/balance/pdf`, {
    headers: authHeaders(owner.token),
    data: { format: 'url' },
  });
  const { url } = await link.json();
  await page.goto(url);
  await expect(page.getByText('Owing: $0.00')).toBeVisible();
  // the customer's permit reads as on the invoice and order sheets
  await expect(page.getByText('TABC Permit: BG-123456')).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-pdf-ready', 'true');
  await page.goto('/customer/balance/pdf/not-a-token');
  await expect(page.getByText('Sorry, something went wrong!')).toBeVisible();

  await useToken(page, owner.token);
  await page.goto(`/customer/${c.id}/edit`);
  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page).toHaveURL(/\/customer$/);
  await page.goto(`/customer/${c.id}/edit`);
  await expect(page.getByText('Customer Not Found')).toBeVisible();
});
