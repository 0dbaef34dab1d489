/** Customer balances, customer users and invitations. */
import { CUSTOMER_MSG } from '@dbo/domain/customer';
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { client, useAppWithTwoCompanies, uniqueEmail } from '../../../test/helpers.js';
import { addInvoice, postCustomer } from '../../../test/customer-fixtures.js';

const t = useAppWithTwoCompanies(['Alice Owner', 'Bob Owner']);

describe('balance', () => {
  it('owes the unpaid rest of issued invoices only', async () => {
    const c = await postCustomer(t.owner, { name: 'Balance Bar' });
    const due = addDays(todayInTexas(), 1);
    const i1 = await addInvoice(t.ctx, t.owner.companyId, c.id, { status: 'invoiced', total: '100.10', due_at: due });
    const i2 = await addInvoice(t.ctx, t.owner.companyId, c.id, {
      status: 'partially_paid',
      total: '50.00',
      paid_total: '20.05',
      beer: true,
    });
    await addInvoice(t.ctx, t.owner.companyId, c.id, { status: 'paid', total: '70.00', paid_total: '70.00' });
    await addInvoice(t.ctx, t.owner.companyId, c.id, { status: 'cancelled', total: '80.00' });
    await addInvoice(t.ctx, t.owner.companyId, c.id, { status: 'draft', total: '90.00' });
    const check = await t.owner.api.get(`/customer/${c.id}/check-balance`);
    expect(check.body).toEqual({ owing: 130.05 });
    const bal = await t.owner.api.get(`/customer/${c.id}/balance`);
    expect(bal.body.summary).toEqual({ owing: 130.05 });
    expect(bal.body.customer.name).toBe('Balance Bar');
    expect(bal.body.invoices.map((i: any) => [i.id, i.number, i.beer, i.total, i.status, i.due_at])).toEqual([
      [i1.id, i1.number, false, 100.1, 'invoiced', due],
      [i2.id, i2.number, true, 50, 'partially_paid', null],
    ]);
    const empty = await postCustomer(t.owner, { name: 'No Debt' });
    expect((await t.owner.api.get(`/customer/${empty.id}/balance`)).body).toMatchObject({
      summary: { owing: 0 },
      invoices: [],
    });

    const pdf = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/customer/${c.id}/balance/pdf`,
      headers: { authorization: `Bearer ${t.owner.token}` },
      payload: {},
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="balance-balance-bar.pdf"');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('Balance Bar');
    expect(text).toContain('Owing: $130.05');
    expect(text).toContain(`#${i2.number}B`);
    expect(text).toContain('On Delivery');

    // the spec's payload is none: no body and a JSON null answer the PDF
    for (const extra of [{}, { headers: { 'content-type': 'application/json' }, payload: 'null' }]) {
      const none = await t.ctx.app.inject({
        method: 'POST',
        url: `/api/v1/customer/${c.id}/balance/pdf`,
        ...extra,
        headers: { authorization: `Bearer ${t.owner.token}`, ...(extra.headers ?? {}) },
      });
      expect(none.statusCode, none.body.slice(0, 200)).toBe(200);
      expect(none.headers['content-type']).toBe('application/pdf');
    }

    const link = await t.owner.api.post(`/customer/${c.id}/balance/pdf`, { format: 'url' });
    expect(link.body.url).toBe(`/customer/balance/pdf/${link.body.token}`);
    const page = await client(t.ctx).get(`/pdf/customer/balance/${link.body.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ summary: { owing: 130.05 }, customer: { name: 'Balance Bar' } });
    expect(page.body.company.name).toBe("Alice Owner's Company");
    const pagePdf = await client(t.ctx).get(`/pdf/customer/balance/${link.body.token}`, { format: 'pdf' });
    expect(pagePdf.headers['content-type']).toBe('application/pdf');
    // the customer's download from the public page is named as the staff's is
    expect(pagePdf.headers['content-disposition']).toBe('attachment; filename="balance-balance-bar.pdf"');
    const bad = await client(t.ctx).get('/pdf/customer/balance/not-a-token');
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe('Sorry, something went wrong!');
  });
});

describe('customer users and invitations', () => {
  it('invites, signs up with the link, signs in, and refuses revoked or disabled users', async () => {
    const c = await postCustomer(t.owner, { name: 'Invite Bar', tabc_id: 'MB-222222' });
    const email = uniqueEmail('buyer');
    const bad = await t.owner.api.post('/customer/user-invitation', {
      values: { name: 'Al', email: 'x' },
      customer: c.id,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(['User name is required !', "Email can't be an empty field !"]);

    const before = t.ctx.mails.length;
    const inv = await t.owner.api.post('/customer/user-invitation', {
      values: { name: 'Rosa Buyer', email, tabc_id: 'MB-222222' },
      customer: { id: c.id },
    });
    expect(inv.status).toBe(200);
    expect(inv.body.customerUser).toMatchObject({
      name: 'Rosa Buyer',
      email,
      access: 'Enabled',
      pending_invitation: true,
    });
    expect(t.ctx.mails.length).toBe(before + 1);
    const mail = t.ctx.mails.at(-1)!;
    expect(mail.to).toBe(email);
    const link = new URL(/http\S+\/signup\?\S+/.exec(mail.text)![0]);
    expect(link.origin + link.pathname).toBe(`${t.ctx.config.publicUrl}/signup`);
    expect(link.searchParams.get('name')).toBe('Rosa Buyer');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('tabc_id')).toBe('MB-222222');
    const token = link.searchParams.get('token')!;

    const again = await t.owner.api.post('/customer/user-invitation', {
      values: { name: 'Rosa Two', email },
      customer: c.id,
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(CUSTOMER_MSG.emailRegistered);

    const pub = client(t.ctx);
    const wrong = await pub.post('/customer-app/signup', {
      token: 'nope',
      name: 'Rosa',
      email,
      password: 'rosa-pass',
      confirm_password: 'rosa-pass',
    });
    expect(wrong.body.message).toBe(CUSTOMER_MSG.invitationInvalid);
    const mismatch = await pub.post('/customer-app/signup', {
      token,
      name: 'Rosa',
      email,
      password: 'rosa-pass',
      confirm_password: 'other',
    });
    expect(mismatch.body.message).toBe('Passwords do not match');
    const signup = await pub.post('/customer-app/signup', {
      token,
      name: 'Rosa Buyer',
      email,
      password: 'rosa-pass',
      confirm_password: 'rosa-pass',
    });
    expect(signup.status).toBe(200);
    expect(signup.body.customerUser).toMatchObject({ email, pending_invitation: false });
    expect(signup.body.customerUser.password_hash).toBeUndefined();
    // the token is single use, and a customer token is no staff token
    expect(
      (
        await pub.post('/customer-app/signup', {
          token,
          name: 'Rosa',
          email,
          password: 'x1234-long-pass',
          confirm_password: 'x1234-long-pass',
        })
      ).status,
    ).toBe(400);
    expect((await client(t.ctx, signup.body.access_token).get('/customer')).status).toBe(401);
    expect((await client(t.ctx, signup.body.access_token).get('/customer-app/me')).body.customerUser.id).toBe(
      signup.body.customerUser.id,
    );

    const signin = await pub.post('/customer-app/signin', { email: email.toUpperCase(), password: 'rosa-pass' });
    expect(signin.status).toBe(200);
    const wrongPass = await pub.post('/customer-app/signin', { email, password: 'wrong-pass' });
    expect(wrongPass.body.message).toBe(CUSTOMER_MSG.invalidCredentials);

    const id = signup.body.customerUser.id;
    const revoked = await t.owner.api.put('/customer/user-invitation-revoke', { revoke: true, customerUser: id });
    expect(revoked.body).toMatchObject({ revoked: true, access: 'Revoked' });
    const refused = await pub.post('/customer-app/signin', { email, password: 'rosa-pass' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CUSTOMER_MSG.accessRevoked);
    expect((await client(t.ctx, signin.body.access_token).get('/customer-app/me')).status).toBe(401);

    await t.owner.api.put('/customer/user-invitation-revoke', { revoke: false, customerUser: { id } });
    const disabled = await t.owner.api.put('/customer/user-permission', { permission: false, customerUser: id });
    expect(disabled.body).toMatchObject({ is_enable: false, revoked: false, access: 'Disabled' });
    expect((await pub.post('/customer-app/signin', { email, password: 'rosa-pass' })).body.message).toBe(
      CUSTOMER_MSG.accessDisabled,
    );
    const enabled = await t.owner.api.put('/customer/user-permission', { permission: true, customerUser: id });
    expect(enabled.body.access).toBe('Enabled');
    expect((await pub.post('/customer-app/signin', { email, password: 'rosa-pass' })).status).toBe(200);

    const prefs = await t.owner.api.put(`/customer/${c.id}/notification-preferences`, {
      preferences: { sms_notification: true, email_notification: false },
      customerUser: id,
    });
    expect(prefs.body).toMatchObject({ sms_notification: true, email_notification: false, app_notification: true });

    const list = await t.owner.api.get(`/customer/${c.id}/user`);
    expect(list.body.map((u: any) => u.email)).toEqual([email]);
    const all = await t.owner.api.get('/customer/all-users');
    expect(all.body.find((u: any) => u.id === id).customer.name).toBe('Invite Bar');
    const grid = await t.owner.api.get('/customer/all-users/grid', {
      startRow: 0,
      endRow: 10,
      filterModel: { access: { filterType: 'set', values: ['Enabled'] } },
    });
    expect(grid.body.rows.map((u: any) => u.id)).toContain(id);
  });

  it('re-sends a pending invitation with a new link and refuses a revoked invitation', async () => {
    const c = await postCustomer(t.owner, { name: 'Pending Bar' });
    const email = uniqueEmail('pending');
    const inv = await t.owner.api.post('/customer/user-invitation', {
      values: { name: 'Pat Pending', email },
      customer: c.id,
    });
    const firstToken = new URL(/http\S+/.exec(t.ctx.mails.at(-1)!.text)![0]).searchParams.get('token');
    const resend = await t.owner.api.post(`/customer/user-invitation/${inv.body.customerUser.id}/resend`);
    expect(resend.status).toBe(200);
    const newToken = new URL(/http\S+/.exec(t.ctx.mails.at(-1)!.text)![0]).searchParams.get('token');
    expect(newToken).not.toBe(firstToken);
    const body = (token: string | null) => ({
      token,
      name: 'Pat',
      email,
      password: 'pat-pass',
      confirm_password: 'pat-pass',
    });
    expect((await client(t.ctx).post('/customer-app/signup', body(firstToken))).status).toBe(400);
    await t.owner.api.put('/customer/user-invitation-revoke', { revoke: true, customerUser: inv.body.customerUser.id });
    const refused = await client(t.ctx).post('/customer-app/signup', body(newToken));
    expect(refused.body.message).toBe(CUSTOMER_MSG.invitationRevoked);
  });
});
