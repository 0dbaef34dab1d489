import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  authHeaders,
  invitationToken,
  postInvoice,
  productNamed,
  shotPath,
  signIn,
  tokenOf,
  uniqueEmail,
  useToken,
} from './helpers';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A fresh invoice for the demo company: 2 x Topo Chico at 21.99, taxable -> 43.98 + 3.63 = 47.61. */
async function newInvoice(request: APIRequestContext, token: string) {
  const headers = authHeaders(token);
  const customers = await (await request.get('/api/v1/customer', { headers })).json();
  const customer = (Array.isArray(customers) ? customers : customers.rows).find((c: any) =>
    String(c.name).startsWith('Continental Club'),
  );
  const product = await productNamed(request, token, 'TOPO CHICO');
  return postInvoice(request, token, {
    customer: { id: customer.id },
    items: [{ product_id: product.id, qty: 2, price: 21.99, taxable: true, on_deal: false, scanned: false }],
    stamps: [],
    status: 'invoiced',
    note: 'E2E payments invoice',
    force: true,
  });
}

test('pay an invoice in two payments, attach and preview a document, email it, print it', async ({ page, request }) => {
  await signIn(page);
  const token = await tokenOf(page);
  const invoice = await newInvoice(request, token);
  expect(Number(invoice.total)).toBe(47.61);

  await page.goto(`/invoice/${invoice.number}`);
  const payments = page.getByTestId('payments-panel');
  await expect(payments).toBeVisible();
  await expect(payments.getByTestId('payments-remaining')).toContainText('$47.61');

  // errors show under the field
  await payments.getByRole('button', { name: 'Add Payment' }).click();
  await expect(payments.getByText('Amount is required')).toBeVisible();

  // first payment: partially paid
  await payments.getByLabel('Amount').fill('20');
  // the error goes once there is an amount (and its row stops moving before the click)
  await expect(payments.getByText('Amount is required')).toBeHidden();
  await payments.getByLabel('Payment note').fill('Check #1201');
  await payments.getByRole('button', { name: 'Add Payment' }).click();
  await expect(payments.getByRole('cell', { name: 'Check #1201' })).toBeVisible();
  // the payment names who recorded it (the demo owner)
  await expect(payments.getByRole('row').filter({ hasText: 'Check #1201' })).toContainText('Dana Whitfield');
  await expect(payments.getByTestId('payments-remaining')).toContainText('$27.61');
  let state = await (await request.get(`/api/v1/invoice/${invoice.id}?by=id`, { headers: authHeaders(token) })).json();
  expect((state.invoice ?? state).status).toBe('partially_paid');

  // second payment: paid, and the warning shows
  await payments.getByLabel('Amount').fill('27.61');
  await payments.getByRole('button', { name: 'Add Payment' }).click();
  await expect(payments.getByText('This invoice is already fully paid')).toBeVisible();
  await expect(payments.getByTestId('payments-remaining')).toContainText('$0.00');
  state = await (await request.get(`/api/v1/invoice/${invoice.id}?by=id`, { headers: authHeaders(token) })).json();
  expect((state.invoice ?? state).status).toBe('paid');
  // the owner sees the Actions column
  await expect(payments.getByRole('columnheader', { name: 'Actions' })).toBeVisible();

  // a document with a note, then its preview
  const docs = page.getByTestId('documents-panel');
  await docs
    .getByTestId('document-file')
    .setInputFiles({ name: 'signed-delivery.pdf', mimeType: 'application/pdf', buffer: PDF });
  await docs.getByLabel('Document note').fill('Signed at the back door');
  await docs.getByRole('button', { name: 'Upload' }).click();
  const item = docs.getByTestId('document-item').filter({ hasText: 'signed-delivery.pdf' });
  await expect(item).toContainText('Signed at the back door');
  await item.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('document-preview').locator('iframe')).toBeVisible();
  await page.screenshot({ path: shotPath('e-document-preview.png') });
  await page.keyboard.press('Escape');

  // a private note
  const notes = page.getByTestId('notes-panel');
  await notes.getByRole('button', { name: 'Add Note' }).click();
  await expect(notes.getByText('Note can not be empty')).toBeVisible();
  await notes.getByLabel('Private note').fill('Owner asked for net 15 next time');
  await notes.getByRole('button', { name: 'Add Note' }).click();
  await expect(notes.getByTestId('note-item')).toContainText('Owner asked for net 15 next time');

  // email the invoice
  const share = page.getByTestId('share-panel');
  await share.getByRole('button', { name: 'Email' }).click();
  const dialog = page.getByRole('dialog', { name: /Email Invoice/ });
  await dialog.getByLabel('Email address').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Input valid email address')).toBeVisible();
  await dialog.getByLabel('Email address').fill('ap@continental-club.example');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByTestId('email-recipients')).toContainText('ap@continental-club.example');
  await dialog.getByLabel('Email note').fill('Paid in full, thank you!');
  await page.screenshot({ path: shotPath('e-email-dialog.png') });
  // typed without pressing Add: a wrong one stops the send and says so, a right one goes too (issue 36)
  await dialog.getByLabel('Email address').fill('owner@continental');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Input valid email address')).toBeVisible();
  await dialog.getByLabel('Email address').fill('owner@continental-club.example');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Your email has been sent')).toBeVisible();
  await expect(share).toContainText('ap@continental-club.example');
  await expect(share).toContainText('owner@continental-club.example');
  await share.getByRole('button', { name: 'Email' }).click();
  await expect(page.getByRole('dialog', { name: /Email Invoice/ })).toContainText(
    'This Invoice has already been sent to',
  );
  await page.keyboard.press('Escape');
  await page.screenshot({ path: shotPath('e-invoice-panels.png'), fullPage: true });

  // the PDF button downloads the invoice PDF
  const download = page.waitForEvent('download');
  await share.getByRole('button', { name: 'PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`invoice-${invoice.number}.pdf`);

  // the payments report and the email log
  await page.goto('/payment');
  await expect(page.getByTestId('payment-grid')).toContainText('Check #1201');
  await expect(page.getByTestId('payment-grid')).toContainText('$27.61');
  await page.screenshot({ path: shotPath('e-payment-grid.png') });
  await page.goto('/emails');
  await expect(page.getByTestId('email-grid')).toContainText('ap@continental-club.example');
  await page.screenshot({ path: shotPath('e-email-log.png') });

  // the public printable page by token marks itself ready
  const link = await (
    await request.get(`/api/v1/invoice/${invoice.id}/print-link`, { headers: authHeaders(token) })
  ).json();
  const printPage = await page.context().newPage();
  await printPage.goto(link.url);
  await expect(printPage.locator('body[data-ready="true"]')).toHaveCount(1);
  await expect(printPage.getByTestId('print-invoice')).toContainText('Received by');
  await expect(printPage.getByTestId('print-invoice')).toContainText('$47.61');
  await printPage.screenshot({ path: shotPath('e-print.png'), fullPage: true });
  await printPage.goto('/invoice/pdf/not-a-real-token');
  await expect(printPage.getByText('Sorry, something went wrong!')).toBeVisible();
});

test('staff who are not owners edit a payment on the invoice; only the owner deletes it', async ({
  browser,
  page,
  request,
}) => {
  await signIn(page);
  const ownerToken = await tokenOf(page);
  const invoice = await newInvoice(request, ownerToken);
  const paid = await request.post(`/api/v1/invoice/${invoice.id}/payment`, {
    headers: authHeaders(ownerToken),
    data: { amount: 10, received_at: new Date().toISOString().slice(0, 10), note: 'Check #4471' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  // an office colleague, invited by the owner
  const email = uniqueEmail('office-pay');
  const name = 'Oscar Office';
  const invite = await request.post('/api/v1/company/user-invitation', {
    headers: authHeaders(ownerToken),
    data: { name, email, role: 'office' },
  });
  expect(invite.ok(), await invite.text()).toBe(true);
  const password = 'office-pass-42';
  const signup = await request.post('/api/v1/auth/signup', {
    data: { token: await invitationToken(email), name, email, password, confirm_password: password },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const office = await browser.newContext();
  const staff = await office.newPage();
  await useToken(staff, (await signup.json()).access_token);
  await staff.goto(`/invoice/${invoice.number}`);
  const payments = staff.getByTestId('payments-panel');
  await expect(payments.getByRole('cell', { name: 'Check #4471' })).toBeVisible();
  await expect(payments.getByRole('button', { name: 'Delete payment' })).toHaveCount(0);
  await payments.getByRole('button', { name: 'Edit payment' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Edit payment' });
  await dialog.getByLabel('Amount').fill('12.50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText('Payment updated')).toBeVisible();
  await expect(payments.getByTestId('payments-remaining')).toContainText('$35.11');
  await staff.screenshot({ path: shotPath('e-payment-edit-by-staff.png') });
  await office.close();
});
