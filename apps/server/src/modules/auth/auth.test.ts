import { describe, expect, it } from 'vitest';
import {
  client,
  signUpCompany,
  uniqueEmail,
  secondSession,
  changePassword,
  useTestApp,
} from '../../../test/helpers.js';

const t = useTestApp();

describe('sign-up and sign-in', () => {
  it('creates a company whose first user is the owner, and signs in', async () => {
    const owner = await signUpCompany(t.ctx, 'Maria Lopez');
    expect(owner.user.role).toBe('owner');
    expect(owner.user.company.name).toBe("Maria Lopez's Company");
    expect(owner.user.password_hash).toBeUndefined();
    // the free features a first day needs are on from the start; paid ones are not (issue 36)
    const features = await owner.api.get('/company/features');
    const active = features.body.filter((f: any) => f.active).map((f: any) => f.name);
    expect(active.sort()).toEqual(['email', 'payment']);

    const res = await client(t.ctx).post('/auth/signin', {
      email: owner.email.toUpperCase(),
      password: owner.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
    expect(res.body.user.email).toBe(owner.email);
  });

  it('answers the exact empty-field messages', async () => {
    const res = await client(t.ctx).post('/auth/signin', { email: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(["Email can't be an empty field", "Password can't be an empty field"]);
    // spec 1: one message per field, for an invalid value too (the screen adds a hint beneath it)
    const short = await client(t.ctx).post('/auth/signin', { email: 'a@b.co', password: '1234' });
    expect(short.body.message).toBe("Password can't be an empty field");
    const invalid = await client(t.ctx).post('/auth/signin', { email: 'not-an-email', password: '12345' });
    expect(invalid.body.message).toBe("Email can't be an empty field");
  });

  it('refuses a wrong password with a 400 and records the failed sign-in', async () => {
    const owner = await signUpCompany(t.ctx);
    const res = await client(t.ctx).post('/auth/signin', { email: owner.email, password: 'wrong-pass' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid email or password');
    const grid = await owner.api.get('/user/user-activity/grid', { startRow: 0, endRow: 25 });
    expect(grid.body.rows.map((r: any) => [r.module, r.type, r.success])).toContainEqual(['AUTH', 'SIGN_IN', false]);
  });

  it('checks sign-up fields and refuses an email already registered', async () => {
    const bad = await client(t.ctx).post('/auth/signup', {
      name: '',
      title: '',
      email: 'x@y.com',
      password: 'first-pass-12345',
      confirm_password: 'other-pass-54321',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toContain('Passwords do not match');
    const owner = await signUpCompany(t.ctx);
    const again = await client(t.ctx).post('/auth/signup', {
      name: 'Someone',
      title: 'Buyer',
      email: owner.email,
      password: 'first-pass-12345',
      confirm_password: 'first-pass-12345',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This email is already registered');
  });
});

describe('tokens', () => {
  it('validates a token and answers 401 without one, or after sign-out', async () => {
    const owner = await signUpCompany(t.ctx);
    const ok = await owner.api.get('/validate_token');
    expect(ok.status).toBe(200);
    expect(ok.body.user.company.companyFeatures).toContainEqual(
      expect.objectContaining({ name: 'order', active: false }),
    );
    expect((await client(t.ctx).get('/validate_token')).status).toBe(401);
    expect((await client(t.ctx, 'garbage').get('/validate_token')).status).toBe(401);
    expect((await owner.api.post('/auth/signout')).status).toBe(200);
    const after = await owner.api.get('/validate_token');
    expect(after.status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a single-use link valid 23 hours that sets a new password', async () => {
    const owner = await signUpCompany(t.ctx);
    const res = await client(t.ctx).post('/auth/reset-request', { email: owner.email });
    expect(res.status).toBe(200);
    const mail = t.ctx.mails.at(-1)!;
    expect(mail.to).toBe(owner.email);
    const token = decodeURIComponent(/reset-token=([^\s"&]+)/.exec(mail.text)![1]);
    const set = await client(t.ctx).put('/auth/password', { token, password: 'brand-new-pass' });
    expect(set.status).toBe(200);
    // the old session ends with the new password
    expect((await owner.api.get('/validate_token')).status).toBe(401);
    expect((await client(t.ctx).post('/auth/signin', { email: owner.email, password: 'brand-new-pass' })).status).toBe(
      200,
    );
    const reuse = await client(t.ctx).put('/auth/password', { token, password: 'another-pass' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('This password reset link is invalid or has expired');
  });

  it('answers the same for an unknown address and validates the email', async () => {
    const before = t.ctx.mails.length;
    expect((await client(t.ctx).post('/auth/reset-request', { email: uniqueEmail('nobody') })).status).toBe(200);
    expect(t.ctx.mails.length).toBe(before);
    const bad = await client(t.ctx).post('/auth/reset-request', { email: 'nope' });
    expect(bad.body.message).toBe('Please insert a valid email address');
  });
});

describe('profile and notifications', () => {
  it('updates the name and password with the profile rules', async () => {
    const owner = await signUpCompany(t.ctx);
    expect((await owner.api.put('/user', { name: 'Al' })).body.message).toBe('Name must be at least 3 characters');
    // a password being set has at least 8 characters (issue 35), everywhere one is set
    const short = await owner.api.put('/user', { name: 'Alan', password: '1234567', current_password: owner.password });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters');
    const ok = await owner.api.put('/user', { name: '  Alan Smith  ', password: '' });
    expect(ok.status).toBe(200);
    expect(ok.body.user.name).toBe('Alan Smith');
    const changed = await owner.api.put('/user', {
      name: 'Alan Smith',
      password: 'new-pass-word-9',
      current_password: owner.password,
    });
    expect(changed.status).toBe(200);
    expect((await client(t.ctx).post('/auth/signin', { email: owner.email, password: owner.password })).status).toBe(
      400,
    );
    expect((await client(t.ctx).post('/auth/signin', { email: owner.email, password: 'new-pass-word-9' })).status).toBe(
      200,
    );
  });

  it('needs the current password to set a new one', async () => {
    const owner = await signUpCompany(t.ctx);
    const missing = await owner.api.put('/user', { name: 'Alan Smith', password: 'abcde-fghij-2' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Current password is required to set a new password');
    const wrong = await owner.api.put('/user', {
      name: 'Alan Smith',
      password: 'abcde-fghij-2',
      current_password: 'nope!',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
    // the password did not change
    expect((await client(t.ctx).post('/auth/signin', { email: owner.email, password: owner.password })).status).toBe(
      200,
    );
    expect((await client(t.ctx).post('/auth/signin', { email: owner.email, password: 'abcde-fghij-2' })).status).toBe(
      400,
    );
  });

  it('signs out every other session of the user on a new password, and keeps this one', async () => {
    const owner = await signUpCompany(t.ctx);
    const otherApi = await secondSession(t.ctx, owner);
    const someoneElse = await signUpCompany(t.ctx);
    expect((await otherApi.get('/validate_token')).status).toBe(200);
    // a name change alone signs nobody out
    expect((await owner.api.put('/user', { name: 'Alan Smith' })).status).toBe(200);
    expect((await otherApi.get('/validate_token')).status).toBe(200);

    const res = await changePassword(owner, 'fresh-pass');
    expect(res.status).toBe(200);
    expect((await otherApi.get('/validate_token')).status).toBe(401);
    expect((await owner.api.get('/validate_token')).status).toBe(200);
    expect((await someoneElse.api.get('/validate_token')).status).toBe(200);
  });

  it('keeps app and email notification choices', async () => {
    const owner = await signUpCompany(t.ctx);
    const put = await owner.api.put('/company/notification', {
      notifications: { email_notification: false, app_notification: true },
    });
    expect(put.status).toBe(200);
    const get = await owner.api.get('/company/notification');
    expect(get.body.notification).toEqual({ email_notification: false, app_notification: true });
  });
});
