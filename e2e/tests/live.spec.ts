import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { DEMO, authHeaders, demoInvoice, invitationToken, shotPath, signIn, uniqueEmail, useToken } from './helpers';

/**
 * Issue 32, live for everyone: two people of one company at work in two browsers. One saves an
 * invoice, the other's open invoice grid shows it within 2 s without a reload; an invoice open in
 * one's builder while the other saves it shows "Changed by {name} — reload?", and its save is
 * refused rather than overwriting the other's change.
 */

const label = (inv: { number: number; beer: boolean }) => `#${inv.number}${inv.beer ? 'B' : ''}`;

/** The demo owner's token (signed in through the API, as the second browser's colleague). */
async function demoToken(request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/signin', { data: { email: DEMO.email, password: DEMO.password } });
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  return { token: body.access_token as string, name: body.user.name as string };
}

/**
 * A second staff user of the demo company, invited by the owner (POST /company/user-invitation) and
 * signed up from the mailed token; answers their token and name.
 */
async function invitedColleague(request: APIRequestContext, ownerToken: string) {
  const email = uniqueEmail('office');
  const name = 'Olivia Office';
  const invite = await request.post('/api/v1/company/user-invitation', {
    headers: authHeaders(ownerToken),
    data: { name, email, role: 'office' },
  });
  expect(invite.ok(), await invite.text()).toBeTruthy();
  const password = 'office-pass-42';
  const signup = await request.post('/api/v1/auth/signup', {
    data: { token: await invitationToken(email), name, email, password, confirm_password: password },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const body = await signup.json();
  expect(body.user.company_id).toBeDefined();
  return { token: body.access_token as string, name };
}

async function openAs(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useToken(page, token);
  return page;
}

test('another user saving an invoice shows in my open invoice grid within 2 s, without a reload', async ({
  browser,
  page,
  request,
}) => {
  const owner = await demoToken(request);
  const colleague = await invitedColleague(request, owner.token);

  // the colleague watches the invoice grid in their own browser
  const theirs = await openAs(browser, colleague.token);
  await theirs.goto('/invoice');
  const grid = theirs.getByTestId('invoice-grid');
  await expect(grid.locator('.ag-row[row-index="0"] [col-id="number"]')).toContainText('#', { timeout: 30_000 });
  let reloaded = false;
  theirs.on('framenavigated', (f) => {
    if (f === theirs.mainFrame()) reloaded = true;
  });

  // the owner saves an invoice in theirs
  await signIn(page);
  await page.goto('/invoice');
  await expect(page.getByTestId('invoice-grid').locator('.ag-row[row-index="0"] [col-id="number"]')).toContainText(
    '#',
    {
      timeout: 30_000,
    },
  );
  const inv = await demoInvoice(page.request, owner.token, { qty: 7 });
  const saved = Date.now();
  // the time is printed, not asserted (DESIGN.md: tests never assert timings; the aim is under 2 s:
  // 313 ms on 2026-11-27 with this 2-core machine at load 11)
  await expect(grid.getByText(label(inv), { exact: true })).toBeVisible({ timeout: 15_000 });
  const ms = Date.now() - saved;
  console.log(`invoice ${label(inv)} shown in the other user's grid ${ms} ms after its save answered`);
  expect(reloaded).toBe(false);
  await theirs.screenshot({ path: shotPath('live-grid.png') });
  await theirs.context().close();
});

test("an invoice open in my builder that someone else saves shows 'Changed by … — reload?' and my save is refused", async ({
  browser,
  request,
}) => {
  const owner = await demoToken(request);
  const colleague = await invitedColleague(request, owner.token);
  const inv = await demoInvoice(request, owner.token, { qty: 9 });

  // the colleague opens the invoice in the builder
  const theirs = await openAs(browser, colleague.token);
  await theirs.goto(`/invoice/${encodeURIComponent(label(inv).slice(1))}/edit`);
  const qty = theirs.getByTestId('item-qty').first();
  await expect(qty).toHaveValue('9');

  // the owner changes the quantity meanwhile
  const detail = await (
    await request.get(`/api/v1/invoice/${inv.id}?by=id`, { headers: authHeaders(owner.token) })
  ).json();
  const line = detail.items[0];
  const put = await request.put(`/api/v1/invoice/${inv.id}`, {
    headers: authHeaders(owner.token),
    data: {
      customer: { id: detail.customer_id },
      items: [{ product_id: line.product_id, qty: 4, price: line.price, taxable: line.taxable, on_deal: false }],
      stamps: [],
      status: detail.status,
      version: detail.version,
    },
  });
  expect(put.ok(), await put.text()).toBeTruthy();

  // the banner's time is printed, not asserted (a loaded CI machine is no measure); it comes by the
  // live event, or by the refetch on connection when the save came before the socket listened
  const changed = Date.now();
  const banner = theirs.getByTestId('stale-invoice');
  await expect(banner).toContainText(`Changed by ${owner.name} — reload?`);
  console.log(`'Changed by' shown in the other user's builder ${Date.now() - changed} ms after the save answered`);
  await expect(banner.getByRole('button', { name: 'Reload' })).toBeVisible();
  await theirs.screenshot({ path: shotPath('live-stale-builder.png') });

  // saving anyway is refused: the owner's quantity stays
  await theirs.getByRole('button', { name: /^(save )?Save$/ }).click();
  await expect(banner).toContainText(`This invoice was changed by ${owner.name} since you opened it`);
  const after = await (
    await request.get(`/api/v1/invoice/${inv.id}?by=id`, { headers: authHeaders(owner.token) })
  ).json();
  expect(after.items[0].qty).toBe(4);

  // Reload: the builder now holds the owner's version, and saves
  await banner.getByRole('button', { name: 'Reload' }).click();
  await expect(banner).toHaveCount(0);
  await expect(qty).toHaveValue('4');
  await theirs.getByRole('button', { name: /^(save )?Save$/ }).click();
  await expect(theirs).toHaveURL(new RegExp(`/invoice/${encodeURIComponent(label(inv).slice(1))}$`));
  const last = await (
    await request.get(`/api/v1/invoice/${inv.id}?by=id`, { headers: authHeaders(owner.token) })
  ).json();
  expect(last.updated_by.name).toBe(colleague.name);
  await theirs.context().close();
});
