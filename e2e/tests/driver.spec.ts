import { expect, test } from '@playwright/test';
import { DEMO, authHeaders, shotPath } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Draws a stroke on the signature pad with the pointer. */
async function sign(page: import('@playwright/test').Page) {
  const pad = page.getByRole('img', { name: /Signature/ });
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + 60);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 25, box.y + 60 + (i % 2 ? 25 : -25));
  await page.mouse.up();
}

test('a driver completes a stop without signal; it reaches the office once when the phone is back online', async ({
  page,
  context,
  request,
}) => {
  // the demo's driver on their phone; the office (the owner) checks what arrived
  const signInAs = async (email: string) =>
    (await (await request.post('/api/v1/auth/signin', { data: { email, password: DEMO.password } })).json())
      .access_token as string;
  const token = await signInAs(DEMO.driverEmail);
  const office = await signInAs(DEMO.email);
  await page.goto('/auth/signin');
  await page.evaluate((t) => localStorage.setItem('dbo.token', t), token);

  // where a driver's sign-in lands (the installed app opens /driver/: the worker answers both)
  await page.goto('/driver');
  const stops = page.getByRole('list', { name: 'Stops' });
  await expect(stops.locator(':scope > li')).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
  await page.screenshot({ path: shotPath('driver-stops.png') });

  // the worker controls the screen and keeps every file it loaded
  await expect
    .poll(() =>
      page.evaluate(async () => {
        if (!navigator.serviceWorker.controller) return 'no worker yet';
        const kept = new Set((await (await caches.open('dbo-driver-v1')).keys()).map((r) => new URL(r.url).pathname));
        const files = performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name))
          .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
          .map((u) => u.pathname);
        const missing = files.filter((f) => !kept.has(f));
        return missing.length ? `not kept: ${missing.join(', ')}` : 'ready';
      }),
    )
    .toBe('ready');

  // no signal: the screen opens again from the phone, with the day's route kept there
  await context.setOffline(true);
  const reopened = await page.reload();
  expect(reopened?.fromServiceWorker()).toBe(true);
  await expect(stops.locator(':scope > li')).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();

  // the first stop's first invoice, completed with no signal
  const deliver = stops.getByRole('button', { name: /^Deliver #/ }).first();
  const label = ((await deliver.textContent()) ?? '').replace('Deliver #', '').trim();
  await deliver.click();
  await page.getByLabel("Receiver's printed name").fill('Maria Lopez');
  await sign(page);
  const cash = page.getByLabel('Amount collected');
  if (await cash.count()) await page.getByRole('radio', { name: 'Cash' }).check();
  await page.screenshot({ path: shotPath('driver-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Complete delivery' }).click();
  await expect(page.getByText('Saved on this phone — will send when online')).toBeVisible();
  const waiting = page.getByRole('list', { name: 'Waiting to send' });
  await expect(waiting).toContainText(`Invoice #${label}`);
  await page.screenshot({ path: shotPath('driver-offline-queued.png') });

  // nothing reached the server while offline
  const routesUrl = '/api/v1/delivery/my-route';
  const before = await (await request.get(routesUrl, { headers: authHeaders(token) })).json();
  const invoiceOf = (routes: { stops: { invoices: { number_label: string; completed: boolean; id: number }[] }[] }[]) =>
    routes.flatMap((r) => r.stops.flatMap((s) => s.invoices)).find((i) => i.number_label === label);
  expect(invoiceOf(before)?.completed).toBe(false);

  // the phone closed and opened again, still without signal: the completion is still waiting
  await page.reload();
  await expect(waiting).toContainText(`Invoice #${label}`);
  await expect(stops.getByText('Saved on this phone', { exact: true })).toBeVisible();

  // back online: the queue sends itself, once
  await context.setOffline(false);
  await expect(page.getByText(/Sent 1 saved delivery to the office/)).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await expect(stops.getByText('Delivered to Maria Lopez')).toBeVisible();
  const after = await (await request.get(routesUrl, { headers: authHeaders(token) })).json();
  const done = invoiceOf(after);
  expect(done?.completed).toBe(true);
  // recorded once: one signature among the invoice's documents
  const docs = await (
    await request.get(`/api/v1/invoice/${done?.id}/document`, { headers: authHeaders(office) })
  ).json();
  expect(docs.filter((d: { originalname: string }) => d.originalname === 'signature.png')).toHaveLength(1);

  // reopening the screen sends nothing again
  await page.reload();
  await expect(stops.locator(':scope > li')).toHaveCount(3);
  await expect(page.getByRole('list', { name: 'Waiting to send' })).toHaveCount(0);
  await page.screenshot({ path: shotPath('driver-after.png') });
  const again = await (
    await request.get(`/api/v1/invoice/${done?.id}/document`, { headers: authHeaders(office) })
  ).json();
  expect(again.filter((d: { originalname: string }) => d.originalname === 'signature.png')).toHaveLength(1);

  // the invoice's printable page shows who received it, when, and their signature
  const link = await (
    await request.get(`/api/v1/invoice/${done?.id}/print-link`, { headers: authHeaders(office) })
  ).json();
  await page.goto(link.url);
  await expect(page.getByTestId('print-invoice')).toContainText(/Received by Maria Lopez, \d\d\/\d\d\/\d{4}/);
  await expect(page.getByRole('img', { name: 'Signature of Maria Lopez' })).toBeVisible();
});
