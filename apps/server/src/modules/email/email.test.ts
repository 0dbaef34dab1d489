import type { AddressInfo } from 'node:net';
import { EMAIL_MSG } from '@dbo/domain/payment';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, signUpCompany, type SignedUp, type TestContext } from '../../../test/helpers.js';
import { makeCompanyReady, makeInvoice } from '../../../test/payments-fixtures.js';
import { pdfText } from '../../../test/pdf-text.js';
import { createMailer } from '../../lib/mailer.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let ctx: TestContext;
let smtp: SMTPServer;
const received: Received[] = [];
let owner: SignedUp;
let other: SignedUp;

beforeAll(async () => {
  // a real SMTP sink on a local port
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    outboxDir: '/nonexistent',
    from: 'Back-office <no-reply@example.com>',
  });
  ctx = await createTestApp({}, { mailer });
  owner = await signUpCompany(ctx);
  other = await signUpCompany(ctx);
  await makeCompanyReady(ctx, owner.companyId);
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

/** The attachment of a MIME message by content type, decoded from base64. */
function attachment(raw: string, type: string): Buffer {
  const parts = raw.split(/\r?\n--/);
  const part = parts.find((p) => new RegExp(`Content-Type: ${type}`, 'i').test(p));
  if (!part) throw new Error(`no ${type} part`);
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
}

const ITEMS = [
  { name: 'GARRISON BROTHERS SMALL BATCH BOURBON', type: 'LIQUOR' as const, size: '750ML', qty: 2, price: '79.99' },
  { name: 'BECKER VINEYARDS CABERNET SAUVIGNON', type: 'WINE' as const, size: '750ML', qty: 3, price: '22.00' },
  { name: 'TOPO CHICO MINERAL WATER 24PK', type: 'N/A' as const, size: '12OZ', qty: 1, price: '21.99', taxable: false },
];

describe('invoice PDF', () => {
  it('prints header, permits, items with class, stamps and totals equal to the invoice', async () => {
    const { invoice, customer, totals } = await makeInvoice(ctx, owner.companyId, {
      number: 2001,
      items: ITEMS,
      note: 'Deliver to the back door',
      stamps: {
        prefix: 'A',
        from: 100001,
        to: 100100,
        take: [
          [100001, 100002],
          [100010, 100012],
        ],
      },
    });
    // 2 x 79.99 + 3 x 22.00 = 225.98 taxable, tax 18.64; + 21.99 -> 266.61
    expect(totals).toEqual({ sub_total: 247.97, tax_total: 18.64, total: 266.61 });
    await owner.api.post(`/invoice/${invoice.id}/payment`, { received_at: invoice.invoiced_at, amount: 100 });

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/invoice/pdf',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { number: 2001 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      `Lone Star Spirits ${owner.companyId}`,
      'TABC Permit: LP123456',
      customer.name,
      '3201 S Lamar Blvd',
      'Austin, TX 78704',
      'TABC Permit: MB100234',
      'Invoice #2001',
      'GARRISON BROTHERS SMALL BATCH BOURBON',
      'DS',
      'W',
      '$79.99',
      '$159.98',
      'Subtotal $247.97',
      'Tax (8.25%) $18.64',
      'Total $266.61',
      'Paid $100.00',
      'Balance Due $166.61',
      'TABC Stamps (5)',
      'A100001-A100002 (2)',
      'A100010-A100012 (3)',
      'Deliver to the back door',
      'Received by',
    ])
      expect(text).toContain(expected);
  });

  it('labels beer invoices with B, answers a print link, and serves the printable data by token only', async () => {
    const { invoice } = await makeInvoice(ctx, owner.companyId, {
      number: 2001,
      beer: true,
      items: [{ name: 'SHINER BOCK 24PK', type: 'BEER', size: '12OZ', qty: 4, price: '29.99' }],
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/invoice/pdf',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { number: '2001B' },
    });
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Invoice #2001B');
    expect(text).toContain('SHINER BOCK 24PK');
    expect(text).toContain('TABC Stamps (0)');

    const link = await owner.api.post('/invoice/pdf', { number: 2001, beer: true, url: true });
    expect(link.body.url).toMatch(/^\/invoice\/pdf\/.+/);
    const link2 = await owner.api.get(`/invoice/${invoice.id}/print-link`);
    const data = await client(ctx).get(`/pdf/invoice/${link2.body.token}`);
    expect(data.status).toBe(200);
    expect(data.body.invoice).toMatchObject({ id: invoice.id, number_label: '2001B', total: 129.86 });
    expect(data.body.invoice.items[0]).toMatchObject({ class: 'B', qty: 4, price: 29.99 });
    expect((await client(ctx).get('/pdf/invoice/not-a-token')).status).toBe(404);

    // another company can neither print nor link this invoice
    expect((await other.api.post('/invoice/pdf', { number: '2001B' })).status).toBe(404);
    expect((await other.api.get(`/invoice/${invoice.id}/print-link`)).status).toBe(404);
  });
});

describe('email invoices', () => {
  it('sends the PDF through SMTP, logs it, and lists it', async () => {
    const { invoice, customer } = await makeInvoice(ctx, owner.companyId, {
      number: 2100,
      items: ITEMS,
      stamps: { prefix: 'C', from: 500, to: 600, take: [[500, 504]] },
    });
    const bad = await owner.api.post('/invoice/2100/email', { emails: ['nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(EMAIL_MSG.invalid);
    const none = await owner.api.post('/invoice/2100/email', { emails: [] });
    expect(none.body.message).toBe(EMAIL_MSG.empty);
    expect(received).toHaveLength(0);

    const sent = await owner.api.post('/invoice/2100/email', {
      emails: ['buyer@broken-spoke.example', 'owner@broken-spoke.example'],
      notes: 'Thanks for the order!',
      beer: false,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, message: EMAIL_MSG.sent });

    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail.to).toEqual(['buyer@broken-spoke.example', 'owner@broken-spoke.example']);
    expect(mail.raw).toContain('Subject: Invoice #2100 from Lone Star Spirits');
    expect(mail.raw).toContain('Thanks for the order!');
    expect(mail.raw).toContain('invoice-2100.pdf');
    const pdf = attachment(mail.raw, 'application/pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(customer.name);
    expect(text).toContain('Total $266.61');
    expect(text).toContain('C500-C504 (5)');
    expect(text).toContain('TABC Stamps (5)');

    const list = await owner.api.get(`/invoice/${invoice.id}/email`);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      emailed_to: 'buyer@broken-spoke.example, owner@broken-spoke.example',
      notes: 'Thanks for the order!',
    });

    await owner.api.post('/invoice/2100/email', { emails: ['second@example.com'] });
    const grid = await owner.api.get('/invoice/email/grid', { startRow: 0, endRow: 25 });
    expect(grid.body.count).toBe(2);
    expect(grid.body.rows.map((r: any) => r.emailed_to)).toEqual([
      'second@example.com',
      'buyer@broken-spoke.example, owner@broken-spoke.example',
    ]);
    expect(grid.body.rows[0]).toMatchObject({ number: 2100, beer: false, customer: customer.name });
    const filtered = await owner.api.get('/invoice/email/grid', {
      filterModel: { emailed_to: { filterType: 'text', type: 'contains', filter: 'buyer@' } },
    });
    expect(filtered.body.count).toBe(1);
  });

  it('keeps emails inside the company', async () => {
    const { invoice } = await makeInvoice(ctx, other.companyId, { number: 2200 });
    expect((await owner.api.post('/invoice/2200/email', { emails: ['x@example.com'] })).status).toBe(404);
    expect((await owner.api.get(`/invoice/${invoice.id}/email`)).status).toBe(404);
    const grid = await other.api.get('/invoice/email/grid');
    expect(grid.body.count).toBe(0);
  });
});
