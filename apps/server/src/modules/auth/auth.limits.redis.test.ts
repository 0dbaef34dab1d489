/**
 * Issue 35 case 6: with two server processes the sign-in limit was per process (40 wrong passwords
 * a minute per email got through where the README says 20). With REDIS_URL the counts live in
 * Redis: two app instances on one Redis share every limit.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, uniqueEmail } from '../../../test/helpers.js';
import { redisUp, redisUrl } from '../../../test/redis.js';

const PER_EMAIL = 5;
const PER_ADDRESS = 8;

// CI starts Redis (.ci/run): there a missing Redis is a failure, not a skip
const redisAnswers = await redisUp();

/** an address of its own per run, so runs sharing the Redis (CI, other files) never count together */
const freshAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

async function post(ctx: TestContext, url: string, body: object, remoteAddress: string) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress, payload: body });
  return res.statusCode;
}

describe.runIf(redisAnswers)('limits shared by two processes through Redis', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    const limits = { rateLimitAuth: PER_EMAIL, rateLimitAuthAddress: PER_ADDRESS, redisUrl };
    [a, b] = await Promise.all([createTestApp(limits), createTestApp(limits)]);
    // both processes' counters are connected before the first attempt
    for (const ctx of [a, b]) {
      const until = Date.now() + 5000;
      while (!(await ctx.app.deps.sharedLimits?.hit(`ping:${freshAddress()}`, 1000))) {
        if (Date.now() > until) throw new Error('the shared counters did not connect to Redis');
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('one email: the limit holds across both processes, whichever process answers', async () => {
    const email = uniqueEmail('two-procs');
    const statuses: number[] = [];
    for (let i = 0; i < 2 * PER_EMAIL + 2; i++) {
      // a different address each time, alternating processes: only the shared per-email count can stop it
      statuses.push(await post(i % 2 ? b : a, '/auth/signin', { email, password: 'wrong-pass' }, freshAddress()));
    }
    expect(statuses.slice(0, PER_EMAIL)).toEqual(Array(PER_EMAIL).fill(400));
    expect(statuses.slice(PER_EMAIL)).toEqual(Array(PER_EMAIL + 2).fill(429));
  });

  it('one address: the per-address limit holds across both processes', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 4; i++)
      statuses.push(
        await post(i % 2 ? b : a, '/auth/signin', { email: uniqueEmail('addr'), password: 'wrong-pass' }, address),
      );
    expect(statuses.slice(0, PER_ADDRESS)).toEqual(Array(PER_ADDRESS).fill(400));
    expect(statuses.slice(PER_ADDRESS)).toEqual(Array(4).fill(429));
  });

  it("the shop's sign-in per email holds across both processes", async () => {
    const email = uniqueEmail('shop-two');
    const statuses: number[] = [];
    for (let i = 0; i < PER_EMAIL + 3; i++)
      statuses.push(
        await post(i % 2 ? b : a, '/customer-app/signin', { email, password: 'wrong-pass' }, freshAddress()),
      );
    expect(statuses.slice(0, PER_EMAIL).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(PER_EMAIL)).toEqual([429, 429, 429]);
  });

  it("a route's config.rateLimit (the shop's reset request) counts in Redis too", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < PER_EMAIL + 2; i++)
      statuses.push(await post(i % 2 ? b : a, '/customer-app/reset-request', { email: uniqueEmail('reset') }, address));
    expect(statuses).toEqual([...Array(PER_EMAIL).fill(200), 429, 429]);
  });

  it('429 answers carry the standard error body', async () => {
    const email = uniqueEmail('body');
    for (let i = 0; i < PER_EMAIL; i++) await post(a, '/auth/signin', { email, password: 'x-wrong-x' }, freshAddress());
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      remoteAddress: freshAddress(),
      payload: { email, password: 'x-wrong-x' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a Redis that is away', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // a port nobody listens on
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    ctx = await createTestApp({
      rateLimitAuth: PER_EMAIL,
      rateLimitAuthAddress: PER_ADDRESS,
      redisUrl: `redis://127.0.0.1:${port}`,
      sessionCacheMs: 0,
    });
  });
  afterAll(async () => ctx?.close());

  it('counts in the process instead: sign-in answers at once and the limit still holds', async () => {
    const email = uniqueEmail('no-redis');
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < PER_EMAIL + 2; i++)
      statuses.push(await post(ctx, '/auth/signin', { email, password: 'wrong-pass' }, freshAddress()));
    expect(statuses).toEqual([...Array(PER_EMAIL).fill(400), 429, 429]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
