import { describe, expect, it, vi } from 'vitest';

// Spy (not replace) the dummy check, to see that an unknown email pays for a hash too.
vi.mock('../../lib/passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.js')>();
  return { ...real, verifyAgainstDummy: vi.fn(real.verifyAgainstDummy) };
});
// the suite's files share their worker's modules (vitest.config.ts): this one loads the app afresh,
// so the sign-in it builds calls the spy rather than the module an earlier file loaded
vi.resetModules();
const { signUpCompany, uniqueEmail, useTestApp } = await import('../../../test/helpers.js');
const passwords = await import('../../lib/passwords.js');

const PER_EMAIL = 5;
const PER_ADDRESS = 8;

// Only 127.0.0.1 (the proxy) is trusted to say who the client is.
const t = useTestApp({ rateLimitAuth: PER_EMAIL, rateLimitAuthAddress: PER_ADDRESS, trustProxy: ['127.0.0.1'] });

let n = 0;
/** A request from `socket` (the peer's address) claiming `forwardedFor` in X-Forwarded-For. */
async function post(url: string, body: unknown, socket: string, forwardedFor?: string) {
  const res = await t.ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    remoteAddress: socket,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
const invented = () => `203.0.113.${++n % 250}`;

describe('sign-in limits', () => {
  it('keys an untrusted client by its socket: 40 invented X-Forwarded-For addresses get 429 after the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      // a different email each time, so only the address limit can stop it
      const res = await post(
        '/auth/signin',
        { email: uniqueEmail('guess'), password: 'wrong-pass' },
        '198.51.100.7',
        invented(),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, PER_ADDRESS)).toEqual(Array(PER_ADDRESS).fill(400));
    expect(statuses.slice(PER_ADDRESS)).toEqual(Array(40 - PER_ADDRESS).fill(429));
  });

  it('limits one email whatever the (trusted) addresses', async () => {
    const owner = await signUpCompany(t.ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await post('/auth/signin', { email: owner.email, password: 'wrong-pass' }, '127.0.0.1', invented());
      statuses.push(res.status);
    }
    expect(statuses.slice(0, PER_EMAIL)).toEqual(Array(PER_EMAIL).fill(400));
    expect(statuses.slice(PER_EMAIL)).toEqual(Array(40 - PER_EMAIL).fill(429));
    // over the limit even the right password waits
    const right = await post('/auth/signin', { email: owner.email, password: owner.password }, '127.0.0.1', invented());
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many attempts, please try again later');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('believes X-Forwarded-For from the trusted proxy (different emails, different clients: no 429)', async () => {
    for (let i = 0; i < PER_ADDRESS * 2; i++) {
      const res = await post(
        '/auth/signin',
        { email: uniqueEmail('many'), password: 'wrong-pass' },
        '127.0.0.1',
        invented(),
      );
      expect(res.status).toBe(400);
    }
  });

  it('makes an unknown email pay the same hash work', async () => {
    const spy = vi.mocked(passwords.verifyAgainstDummy);
    const before = spy.mock.calls.length;
    const res = await post('/auth/signin', { email: uniqueEmail('nobody'), password: 'some-pass' }, '192.0.2.1');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid email or password');
    expect(spy.mock.calls.length).toBe(before + 1);
    expect(await passwords.verifyAgainstDummy('anything')).toBe(false);
  });
});

describe('reset and sign-up limits', () => {
  it('limits reset requests per email and per address', async () => {
    const email = uniqueEmail('reset');
    const statuses: number[] = [];
    for (let i = 0; i < PER_EMAIL + 3; i++)
      statuses.push((await post('/auth/reset-request', { email }, '127.0.0.1', invented())).status);
    expect(statuses).toEqual([...Array(PER_EMAIL).fill(200), 429, 429, 429]);
    const byAddress: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 2; i++)
      byAddress.push((await post('/auth/reset-request', { email: uniqueEmail('r') }, '198.51.100.9')).status);
    expect(byAddress).toEqual([...Array(PER_ADDRESS).fill(200), 429, 429]);
  });

  it('limits sign-ups per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_EMAIL + 2; i++) {
      const res = await post(
        '/auth/signup',
        {
          name: 'Bot',
          title: 'Bot',
          email: uniqueEmail('bot'),
          password: 'bot-pass-12345',
          confirm_password: 'bot-pass-12345',
        },
        '198.51.100.20',
        invented(),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(PER_EMAIL).fill(200), 429, 429]);
  });
});
