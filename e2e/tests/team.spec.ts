import { type APIResponse, expect, test } from '@playwright/test';
import {
  OPERATOR_TOKEN,
  authHeaders,
  invitationLink,
  invitationToken,
  shotPath,
  signUpApi,
  uniqueEmail,
  useToken,
} from './helpers';

/**
 * Issue 32: a team, not one login. An owner invites a colleague through Settings → Team, the
 * colleague joins through the mailed link, and what the office role may not do is refused on
 * screen and over the API; a driver lands on the driver's screen; the operator grants a feature.
 */

test('an owner invites an office colleague through Settings → Team; what the role may not do is refused on screen and over the API', async ({
  page,
  browser,
  request,
}) => {
  const owner = await signUpApi(request, 'Olga Owner');
  await useToken(page, owner.token);
  await page.goto('/setting');
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

  const email = uniqueEmail('office');
  const invite = page.getByRole('form', { name: 'Invite a user' });
  await invite.getByLabel('Name').fill('Oscar Office');
  await invite.getByLabel('Email').fill(email);
  // office is the form's default role
  await expect(invite.getByText('Office')).toBeVisible();
  await invite.getByRole('button', { name: 'Invite' }).click();
  const staff = page.getByRole('row').filter({ hasText: email });
  await expect(staff).toContainText('Invited');

  // the colleague opens the mailed link in their own browser and joins the owner's company
  const link = await invitationLink(email);
  const colleague = await browser.newContext();
  const cpage = await colleague.newPage();
  await cpage.goto(`${link.pathname}${link.search}`);
  await expect(cpage.getByText(/Join .* as Office/)).toBeVisible();
  await cpage.getByLabel('Password', { exact: true }).fill('oscar-pass-1');
  await cpage.getByLabel('Confirm Password').fill('oscar-pass-1');
  await cpage.getByRole('button', { name: 'Join' }).click();
  await expect(cpage).toHaveURL(/\/dashboard/);
  const token = await cpage.evaluate(() => localStorage.getItem('dbo.token'));
  expect(token).toBeTruthy();
  const me = await (await request.get('/api/v1/validate_token', { headers: authHeaders(token as string) })).json();
  expect([me.user.role, me.user.company_id]).toEqual(['office', owner.user.company_id]);

  // on screen: no Team link in Settings, the Team page says why, the company form is read-only
  await cpage.goto('/setting');
  await expect(cpage.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(cpage.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await expect(cpage.getByText('Your role (office) cannot change company settings; the owner can.')).toBeVisible();
  await expect(cpage.getByRole('button', { name: 'Save Company' })).toHaveCount(0);
  await expect(cpage.getByLabel('Company Name')).toBeDisabled();
  await expect(cpage.getByRole('button', { name: 'Upload Logo' })).toHaveCount(0);
  await cpage.screenshot({ path: shotPath('team-office-settings.png'), fullPage: true });
  await cpage.goto('/setting/team');
  await expect(cpage.getByText('Your role (office) cannot manage the team')).toBeVisible();
  await expect(cpage.getByRole('form', { name: 'Invite a user' })).toHaveCount(0);

  // over the API: the same refusals, each a 403 naming the role and the action
  const h = authHeaders(token as string);
  const refusals: [Promise<APIResponse>, string][] = [
    [request.get('/api/v1/company/users', { headers: h }), 'Your role (office) cannot manage the team'],
    [
      request.post('/api/v1/company/user-invitation', {
        headers: h,
        data: { name: 'Eve', email: uniqueEmail('eve'), role: 'owner' },
      }),
      'Your role (office) cannot manage the team',
    ],
    [
      request.put(`/api/v1/company/${owner.user.company_id}`, { headers: h, data: {} }),
      'Your role (office) cannot change company settings',
    ],
    [request.delete('/api/v1/invoice/1/payment/1', { headers: h }), 'Only the owner can delete payments'],
    [request.delete('/api/v1/invoice/1', { headers: h }), 'Only the owner can delete invoices'],
  ];
  for (const [call, message] of refusals) {
    const res = await call;
    expect([res.status(), (await res.json()).message]).toEqual([403, message]);
  }
  // and what the role may do goes through: a product of the colleague's
  const product = await request.post('/api/v1/product', {
    headers: h,
    data: { product: 'OSCARS GIN', product_type: 'LIQUOR', product_size: '750ML', product_price: 21.5 },
  });
  expect(product.status(), await product.text()).toBe(200);
  await colleague.close();

  // the owner sees the colleague active, and the activity log filtered to the colleague
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Active');
  await page.goto('/activity');
  await page.getByRole('combobox', { name: 'User' }).fill('Oscar');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Oscar Office' }).click();
  // the Activity column's cells ('Created · product — OSCARS GIN 750ML — by Oscar Office')
  const rows = page.getByRole('gridcell', { name: / · / });
  await expect(rows.filter({ hasText: 'OSCARS GIN' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'by Olga Owner' })).toHaveCount(0);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('by Oscar Office');
  await page.screenshot({ path: shotPath('activity-by-user.png') });
});

test('a driver who signs in lands on the driver’s screen, and the staff shell sends them back there', async ({
  browser,
  request,
}) => {
  const owner = await signUpApi(request, 'Dora Owner');
  const email = uniqueEmail('driver');
  const invited = await request.post('/api/v1/company/user-invitation', {
    headers: authHeaders(owner.token),
    data: { name: 'Dan Driver', email, role: 'driver' },
  });
  expect(invited.ok()).toBeTruthy();
  const password = 'driver-pass-1';
  const joined = await request.post('/api/v1/auth/signup', {
    data: { token: await invitationToken(email), name: 'Dan Driver', password, confirm_password: password },
  });
  expect(joined.ok(), await joined.text()).toBeTruthy();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/driver/);
  await expect(page.getByRole('heading', { level: 1, name: "Today's stops" })).toBeVisible();
  await expect(page.getByText(/cannot/)).toHaveCount(0);
  await page.screenshot({ path: shotPath('driver-landing.png') });
  for (const path of ['/dashboard', '/invoice', '/setting']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/driver/);
    await expect(page.getByRole('navigation')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await phone.close();
});

test('the operator grants a requested feature on /operator; the company has it', async ({ page, request }) => {
  const owner = await signUpApi(request, 'Greta Granted');
  const company = await (await request.get('/api/v1/company', { headers: authHeaders(owner.token) })).json();
  const asked = await request.post('/api/v1/company/feature', {
    headers: authHeaders(owner.token),
    data: { name: 'mpower', active: true },
  });
  expect((await asked.json()).access_requested).toBe(true);
  // without the token the routes answer 401
  expect((await request.get('/api/v1/operator/companies')).status()).toBe(401);

  await page.goto('/operator');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator' })).toBeVisible();
  await page.getByLabel('Operator token').fill('not-the-token');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert')).toContainText('The operator token was refused.');
  await page.getByLabel('Operator token').fill(OPERATOR_TOKEN);
  await page.getByRole('button', { name: 'Open' }).click();

  const grant = page.getByRole('button', { name: `Grant MPower to ${company.name}` });
  await expect(grant).toBeVisible();
  const companyRow = page.getByRole('row').filter({ hasText: company.name }).filter({ hasText: 'MPower' });
  await expect(companyRow.first()).toBeVisible();
  await page.screenshot({ path: shotPath('operator-before.png'), fullPage: true });
  await grant.click();
  await expect(page.getByText(`MPower granted to ${company.name} (owner mailed)`)).toBeVisible();
  await expect(grant).toHaveCount(0);

  // the company's own Features page shows it active
  const features = await (await request.get('/api/v1/company/features', { headers: authHeaders(owner.token) })).json();
  expect(features.find((f: { name: string }) => f.name === 'mpower').active).toBe(true);

  // its features, ignore_pricing on Bottle POS included, are switched from the company's row
  await page
    .getByRole('row')
    .filter({ hasText: company.name })
    .getByRole('button', { name: /expand/i })
    .first()
    .click();
  const list = page.getByRole('list', { name: `Features of ${company.name}` });
  await list.getByRole('switch', { name: `Bottle POS for ${company.name}` }).click();
  await expect(page.getByText(`Bottle POS on for ${company.name}, pricing from the POS`)).toBeVisible();
  await list
    .getByRole('checkbox', { name: /Ignore POS pricing/ })
    .first()
    .click();
  await expect(page.getByText(`Bottle POS on for ${company.name}, pricing ignored`)).toBeVisible();
  await page.screenshot({ path: shotPath('operator-after.png'), fullPage: true });
  const profile = await (await request.get('/api/v1/validate_token', { headers: authHeaders(owner.token) })).json();
  expect(profile.user.company.companyFeatures.find((f: { name: string }) => f.name === 'bottle_pos')).toMatchObject({
    active: true,
    ignore_pricing: true,
  });
});
