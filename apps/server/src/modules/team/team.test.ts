import { TEAM_MSG } from '@dbo/domain/team';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '../../../test/factories.js';
import { client, type SignedUp, signUpCompany, uniqueEmail, useTestApp } from '../../../test/helpers.js';

const t = useTestApp();

/** The token in the last invitation mail's link. */
function mailedToken(to: string) {
  const mail = [...t.ctx.mails].reverse().find((m) => m.to === to);
  const link = /\/auth\/signup\?invitation=([\w%-]+)/.exec(String(mail?.text))?.[1];
  if (!link) throw new Error(`no invitation mail to ${to}`);
  return decodeURIComponent(link);
}

async function invite(owner: SignedUp, role: string, name = 'Olivia Office') {
  const email = uniqueEmail(role);
  const res = await owner.api.post('/company/user-invitation', { name, email, role });
  expect(res.status).toBe(200);
  return { email, id: res.body.id as number, invited: res.body };
}

async function join(email: string, password = 'joiner-pass', name = 'Olivia Ortiz') {
  const res = await client(t.ctx).post('/auth/signup', {
    token: mailedToken(email),
    name,
    password,
    confirm_password: password,
  });
  return res;
}

describe('Settings → Team', () => {
  it('invites by mail; the link signs the invitee up into the inviting company with its role', async () => {
    const owner = await signUpCompany(t.ctx, 'Owen Owner');
    const { email, invited } = await invite(owner, 'office');
    expect(invited).toMatchObject({ email, role: 'office', status: 'invited', last_sign_in_at: null });
    const mail = t.ctx.mails.at(-1)!;
    expect(mail.subject).toMatch(/invited/);
    expect(String(mail.text)).toContain('as Office');

    const lookup = await client(t.ctx).get('/auth/invitation', { token: mailedToken(email) });
    expect(lookup.body).toMatchObject({ email, role: 'office', name: 'Olivia Office' });

    const joined = await join(email);
    expect(joined.status).toBe(200);
    expect(joined.body.user).toMatchObject({
      email,
      name: 'Olivia Ortiz',
      role: 'office',
      company_id: owner.companyId,
    });
    const me = client(t.ctx, joined.body.access_token);
    expect((await me.get('/validate_token')).body.user.company.id).toBe(owner.companyId);
    // office may invoice, not manage the team
    expect((await me.get('/invoice/grid')).status).toBe(200);
    const refused = await me.get('/company/users');
    expect([refused.status, refused.body.message]).toEqual([403, 'Your role (office) cannot manage the team']);

    // the link works once; the invitee signs in with the chosen password
    expect((await join(email)).body.message).toBe(TEAM_MSG.invitationInvalid);
    expect((await client(t.ctx).post('/auth/signin', { email, password: 'joiner-pass' })).status).toBe(200);

    const team = await owner.api.get('/company/users');
    expect(team.body.map((u: { email: string; status: string }) => [u.email, u.status])).toEqual([
      [owner.email, 'active'],
      [email, 'active'],
    ]);
    expect(team.body[1].last_sign_in_at).not.toBeNull();
  });

  it('refuses a taken email, a bad role, and an invitee signing in before signing up; resends', async () => {
    const owner = await signUpCompany(t.ctx);
    const taken = await owner.api.post('/company/user-invitation', { name: 'X', email: owner.email, role: 'sales' });
    expect([taken.status, taken.body.message]).toEqual([400, 'This email is already registered']);
    const badRole = await owner.api.post('/company/user-invitation', { name: 'X', email: uniqueEmail(), role: 'boss' });
    expect([badRole.status, badRole.body.message]).toEqual([400, TEAM_MSG.roleInvalid]);
    const { email, id } = await invite(owner, 'driver');
    const first = mailedToken(email);
    expect((await client(t.ctx).post('/auth/signin', { email, password: 'anything1' })).status).toBe(400);
    const resent = await owner.api.post(`/company/users/${id}/resend`);
    expect(resent.status).toBe(200);
    expect(mailedToken(email)).not.toBe(first);
    // the old link no longer works, the new one does
    const old = await client(t.ctx).post('/auth/signup', {
      token: first,
      name: 'D',
      password: 'old-link-pass',
      confirm_password: 'old-link-pass',
    });
    expect(old.body.message).toBe(TEAM_MSG.invitationInvalid);
    expect((await join(email)).body.user.role).toBe('driver');
    expect((await owner.api.post(`/company/users/${id}/resend`)).body.message).toBe(TEAM_MSG.notInvited);
  });

  it('never removes, disables or demotes the last active owner', async () => {
    const owner = await signUpCompany(t.ctx);
    const id = owner.user.id;
    const demote = await owner.api.put(`/company/users/${id}`, { role: 'manager' });
    expect([demote.status, demote.body.message]).toEqual([400, TEAM_MSG.lastOwner('demoted')]);
    const disable = await owner.api.put(`/company/users/${id}`, { active: false });
    expect([disable.status, disable.body.message]).toEqual([400, TEAM_MSG.lastOwner('disabled')]);
    const remove = await owner.api.del(`/company/users/${id}`);
    expect([remove.status, remove.body.message]).toEqual([400, TEAM_MSG.lastOwner('removed')]);
    // with a second owner signed up, the first may step down
    const { email } = await invite(owner, 'owner', 'Second Owner');
    await join(email);
    expect((await owner.api.put(`/company/users/${id}`, { role: 'manager' })).body.role).toBe('manager');
    // another company's user is a 404
    const other = await signUpCompany(t.ctx);
    expect((await other.api.put(`/company/users/${id}`, { active: false })).status).toBe(404);
  });

  it('ends a disabled user’s sessions at once (401), lets them back when re-enabled, and removes for good', async () => {
    const owner = await signUpCompany(t.ctx);
    const { email, id } = await invite(owner, 'sales');
    const joined = await join(email, 'sales-pass');
    const me = client(t.ctx, joined.body.access_token);
    expect((await me.get('/customer/grid')).status).toBe(200);

    const off = await owner.api.put(`/company/users/${id}`, { active: false });
    expect(off.body).toMatchObject({ status: 'disabled', active: false });
    expect((await me.get('/customer/grid')).status).toBe(401);
    const signIn = await client(t.ctx).post('/auth/signin', { email, password: 'sales-pass' });
    expect([signIn.status, signIn.body.message]).toEqual([400, TEAM_MSG.disabled]);

    expect((await owner.api.put(`/company/users/${id}`, { active: true })).body.status).toBe('active');
    const back = await client(t.ctx).post('/auth/signin', { email, password: 'sales-pass' });
    expect(back.status).toBe(200);
    const again = client(t.ctx, back.body.access_token);

    expect((await owner.api.del(`/company/users/${id}`)).body).toEqual({ success: true });
    expect((await again.get('/customer/grid')).status).toBe(401);
    expect((await client(t.ctx).post('/auth/signin', { email, password: 'sales-pass' })).status).toBe(400);
    expect((await owner.api.get('/company/users')).body.map((u: { id: number }) => u.id)).not.toContain(id);
    // the address may be invited again
    expect((await owner.api.post('/company/user-invitation', { name: 'Back', email, role: 'sales' })).status).toBe(200);
  });

  it('changes a role, and the next call already answers to the new role', async () => {
    const owner = await signUpCompany(t.ctx);
    const { email, id } = await invite(owner, 'accountant');
    const me = client(t.ctx, (await join(email)).body.access_token);
    expect((await me.post('/invoice', {})).body.message).toBe('Your role (accountant) cannot create invoices');
    expect((await owner.api.put(`/company/users/${id}`, { role: 'office' })).body.role).toBe('office');
    expect((await me.post('/invoice', {})).status).toBe(400);
    const manager = await makeStaff(t.ctx, owner.companyId, 'manager');
    expect((await manager.put(`/company/users/${id}`, { role: 'sales' })).status).toBe(403);
  });
});
