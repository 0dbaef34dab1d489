import { addDays, todayInTexas } from '@dbo/domain/dates';
import { EMAIL_MSG } from '@dbo/domain/payment';
import { RECEIVABLES_MSG } from '@dbo/domain/receivables';
import { STATEMENT_MSG } from '@dbo/domain/statement';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, signUpCompany, type SignedUp, useTestApp } from '../../../test/helpers.js';
import { makeCustomer } from '../../../test/factories.js';
import { makeCustomerInvoice } from '../../../test/receivables-fixtures.js';
import { pdfText } from '../../../test/pdf-text.js';
import { signPrintToken } from '../../lib/print-token.js';
import { activities } from '../activity/activity.tables.js';

const t = useTestApp();
let owner: SignedUp;
let other: SignedUp;
let customerId: number;
beforeAll(async () => {
  owner = await signUpCompany(t.ctx);
  other = await signUpCompany(t.ctx);
  const c = await makeCustomer(t.ctx, owner.companyId, { name: 'Lamar Lounge', contact_email: 'Buyer@Lamar.example' });
  customerId = c.id;
  await makeCustomerInvoice(t.ctx, owner.companyId, c.id, { total: '120.00', daysAgo: 10 });
  await owner.api.post(`/customer/${c.id}/payment`, { amount: 20, paid_at: addDays(today, -3), reference: 'CHK 9' });
});

const today = todayInTexas();
const period = { from: addDays(today, -30), to: today };
const anonymous = () => client(t.ctx);

describe('statement printable page', () => {
  it('signs a link whose public page answers the statement, and its PDF', async () => {
    const link = await owner.api.post(`/customer/${customerId}/statement/pdf`, { ...period, format: 'url' });
    expect(link.status).toBe(200);
    expect(link.body.url).toBe(`/customer/statement/pdf/${link.body.token}`);

    const page = await anonymous().get(`/pdf/customer/statement/${link.body.token}`);
    expect(page.status).toBe(200);
    const json = await owner.api.get(`/customer/${customerId}/statement`, period);
    expect(page.body).toMatchObject({
      customer: { id: customerId, name: 'Lamar Lounge' },
      from: period.from,
      to: period.to,
      opening_balance: json.body.opening_balance,
      closing_balance: 100,
      lines: json.body.lines,
      aging: json.body.aging,
      company: { id: owner.companyId },
    });

    const res = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/pdf/customer/statement/${link.body.token}?format=pdf`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Lamar Lounge');
    expect(text).toContain('$100.00');
  });

  it('answers 404 to a forged, tampered, expired or other-kind token', async () => {
    const link = await owner.api.post(`/customer/${customerId}/statement/pdf`, { ...period, format: 'url' });
    const [head, payload, sig] = link.body.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = [head, Buffer.from(JSON.stringify({ ...claims, id: claims.id + 1 })).toString('base64url'), sig];
    const expired = t.ctx.app.jwt.sign(
      { pk: 'statement', id: customerId, cid: owner.companyId, d: period },
      {
        expiresIn: -10,
      },
    );
    const balance = signPrintToken(t.ctx.app, 'balance', customerId, owner.companyId);
    // signed by us but naming no period: never one of ours
    const noPeriod = signPrintToken(t.ctx.app, 'statement', customerId, owner.companyId);
    for (const token of ['forged', tampered.join('.'), expired, balance, noPeriod]) {
      const res = await anonymous().get(`/pdf/customer/statement/${token}`);
      expect(res.status, token).toBe(404);
      expect(res.body.message).toBe('Sorry, something went wrong!');
    }
  });

  it('refuses a backwards period, and another company’s customer is a 404', async () => {
    const backwards = await owner.api.post(`/customer/${customerId}/statement/pdf`, {
      from: today,
      to: addDays(today, -1),
      format: 'url',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain(RECEIVABLES_MSG.periodOrder);
    expect((await other.api.post(`/customer/${customerId}/statement/pdf`, { ...period, format: 'url' })).status).toBe(
      404,
    );
    expect((await other.api.post(`/customer/${customerId}/statement/email`, period)).status).toBe(404);
  });
});

describe('statement email', () => {
  it('sends the statement PDF to the customer’s email and logs it', async () => {
    const before = t.ctx.mails.length;
    const res = await owner.api.post(`/customer/${customerId}/statement/email`, period);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: STATEMENT_MSG.sent, emailed_to: ['buyer@lamar.example'] });
    expect(t.ctx.mails.length).toBe(before + 1);
    const mail = t.ctx.mails.at(-1)!;
    expect(mail.to).toEqual(['buyer@lamar.example']);
    expect(mail.subject).toMatch(/^Statement from /);
    expect(mail.text).toContain('Hello Lamar Lounge,');
    expect(mail.text).toContain('Balance: $100.00');
    const [pdf] = mail.attachments ?? [];
    expect(pdf.filename).toBe(`statement-lamar-lounge-${today}.pdf`);
    expect(pdf.contentType).toBe('application/pdf');
    expect(await pdfText(pdf.content)).toContain('Closing balance');

    const logged = await t.ctx.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.company_id, owner.companyId), eq(activities.module, 'CUSTOMER')));
    expect(logged.map((a) => a.info)).toContainEqual({
      customerId,
      action: 'EMAIL_STATEMENT',
      from: period.from,
      to: period.to,
      emailed_to: 'buyer@lamar.example',
    });
  });

  it('sends to the addresses given, with the subject and message given', async () => {
    const res = await owner.api.post(`/customer/${customerId}/statement/email`, {
      ...period,
      to_emails: ['AP@lamar.example', 'ap@lamar.example', 'owner@lamar.example'],
      subject: 'Your March statement',
      message: 'Please call us about the open balance.',
    });
    expect(res.status).toBe(200);
    const mail = t.ctx.mails.at(-1)!;
    expect(mail.to).toEqual(['ap@lamar.example', 'owner@lamar.example']);
    expect(mail.subject).toBe('Your March statement');
    expect(mail.text).toContain('Please call us about the open balance.');
    expect(mail.html).toContain('Please call us about the open balance.');
  });

  it('is a 400 with no address, a bad address or a customer’s unusable email, and sends nothing', async () => {
    const none = await makeCustomer(t.ctx, owner.companyId, { contact_email: '' });
    const bad = await makeCustomer(t.ctx, owner.companyId, { contact_email: 'front desk' });
    const before = t.ctx.mails.length;
    const noEmail = await owner.api.post(`/customer/${none.id}/statement/email`, period);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe(STATEMENT_MSG.noEmail);
    const badCustomer = await owner.api.post(`/customer/${bad.id}/statement/email`, period);
    expect(badCustomer.status).toBe(400);
    expect(badCustomer.body.message).toBe(STATEMENT_MSG.customerEmailInvalid('front'));
    const badGiven = await owner.api.post(`/customer/${customerId}/statement/email`, {
      ...period,
      to_emails: ['ok@lamar.example', 'not-an-address'],
    });
    expect(badGiven.status).toBe(400);
    expect(badGiven.body.message).toContain(EMAIL_MSG.invalid);
    const empty = await owner.api.post(`/customer/${customerId}/statement/email`, { ...period, to_emails: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(EMAIL_MSG.empty);
    expect(t.ctx.mails.length).toBe(before);
  });
});
