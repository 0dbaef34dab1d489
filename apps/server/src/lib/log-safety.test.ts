import { describe, expect, it } from 'vitest';
import { client, uniqueEmail, useTestApp } from '../../test/helpers.js';
import { safeUrl } from './log-safety.js';

const lines: string[] = [];
const t = useTestApp({ logLevel: 'debug' }, { logStream: { write: (l) => void lines.push(l) } });

describe('logs', () => {
  it('never carry the JWT, the passwords or the Authorization header, and each request has an id', async () => {
    const email = uniqueEmail('logs');
    const password = 'first-Secret-pass-91';
    const newPassword = 'second-Secret-pass-37';
    const signUp = await client(t.ctx).post('/auth/signup', {
      name: 'Lou Logs',
      title: 'Owner',
      email,
      password,
      confirm_password: password,
      company_name: 'Log Cabin Spirits',
    });
    expect(signUp.status).toBe(200);
    const signIn = await client(t.ctx).post('/auth/signin', { email, password });
    expect(signIn.status).toBe(200);
    const jwt = signIn.body.access_token as string;
    const authed = client(t.ctx, jwt);
    expect((await authed.get('/validate_token')).status).toBe(200);
    const change = await authed.put('/user', {
      name: 'Lou Logs',
      password: newPassword,
      current_password: password,
    });
    expect(change.status).toBe(200);
    // a request that fails inside a handler, with the token in a header Fastify's serializer might show
    const bad = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/pdf/invoice/${jwt}?token=${jwt}`,
      headers: { authorization: `Bearer ${jwt}`, 'x-request-id': 'proxy-req-42' },
    });
    expect(bad.headers['x-request-id']).toBe('proxy-req-42');

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(8);
    expect(log).toContain('"level":20'); // debug lines were written
    for (const secret of [jwt, jwt.split('.')[2], password, newPassword, `Bearer ${jwt}`])
      expect(log, 'a secret in the log').not.toContain(secret);
    // JSON lines, each request line with its id
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    const requestLines = parsed.filter((l) => /^(GET|POST|PUT) \//.test(l.msg));
    expect(requestLines.length).toBe(5);
    for (const l of requestLines) expect(l.reqId).toMatch(/^[\w.:-]+$/);
    expect(new Set(requestLines.map((l) => l.reqId)).size).toBe(5);
    expect(requestLines.at(-1)?.reqId).toBe('proxy-req-42');
    expect(requestLines.at(-1)?.msg).toMatch(/^GET \/api\/v1\/pdf\/invoice\/\[redacted\]\?token=\[redacted\] /);
  });

  it('masks token-like path segments and secret query values only', () => {
    expect(safeUrl('/api/v1/invoice/1234?q=abc&page=2')).toBe('/api/v1/invoice/1234?q=abc&page=2');
    expect(safeUrl('/auth/change-password?reset-token=abcdef')).toBe('/auth/change-password?reset-token=[redacted]');
    expect(safeUrl('/api/v1/pdf/invoice/aaaaaaaaaa.bbbbbbbbbb.cccccccccc')).toBe('/api/v1/pdf/invoice/[redacted]');
  });
});
