import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { countJobFailure } from './metrics.js';

const TOKEN = 'metrics-token-for-tests';
let on: TestContext;
let off: TestContext;
beforeAll(async () => {
  [on, off] = await Promise.all([createTestApp({ metricsToken: TOKEN }), createTestApp()]);
});
afterAll(async () => Promise.all([on?.close(), off?.close()]));

const scrape = (ctx: TestContext, authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics', () => {
  it('is off (404) unless METRICS_TOKEN is set, even with a token', async () => {
    expect((await scrape(off)).statusCode).toBe(404);
    expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const auth of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(on, auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape(on, `Bearer ${TOKEN}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toContain('text/plain');
    expect(before.body).toContain('# TYPE http_requests_total counter');
    expect(before.body).toContain('socket_connections 0');
    expect(before.body).toContain('process_cpu_user_seconds_total');

    const countOf = (text: string, labels: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`http_requests_total{${labels}}`));
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const health = 'method="GET",route="/api/v1/health",status="200"';
    const invoice = 'method="GET",route="/api/v1/invoice/:ref",status="401"';
    const n0 = countOf(before.body, health);
    await on.app.inject({ method: 'GET', url: '/api/v1/health' });
    await on.app.inject({ method: 'GET', url: '/api/v1/health' });
    await on.app.inject({ method: 'GET', url: '/api/v1/invoice/12345' });
    await on.app.inject({ method: 'GET', url: '/api/v1/no-such-thing-secret123' });
    // the readiness check queries the database, so a PostgreSQL pool holds a connection
    await on.app.inject({ method: 'GET', url: '/api/v1/ready' });

    const after = (await scrape(on, `Bearer ${TOKEN}`)).body;
    expect(countOf(after, health)).toBe(n0 + 2);
    expect(countOf(after, invoice)).toBe(1);
    expect(after).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/health"');
    // only the label sets can leak a raw URL: the values are numbers, and a heap size or a duration
    // may well contain the digits 12345
    const labelSets = after.match(/\{[^}]*\}/g) ?? [];
    expect(labelSets.length).toBeGreaterThan(10);
    expect(labelSets.filter((labels) => labels.includes('12345') || labels.includes('secret123'))).toEqual([]);
    expect(after).toContain('route="unmatched",status="404"');
    expect(after).toContain('# TYPE db_pool_connections gauge');
    if (inject('databaseUrl')) expect(after).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
    // the embedded database has no pool: the gauge is declared but has no series
    else expect(after).not.toContain('db_pool_connections{');
  });

  it("shows the durable queue's jobs per queue, read at each scrape, and counts jobs that gave up", async () => {
    const queue = `metrics-test-${Date.now()}`;
    // the test app runs no worker: queued jobs wait
    await on.app.deps.jobs.enqueue(queue, { n: 1 });
    await on.app.deps.jobs.enqueue(queue, { n: 2 });
    countJobFailure(on.app.deps, queue);
    const first = (await scrape(on, `Bearer ${TOKEN}`)).body;
    expect(first).toContain(`job_queue_depth{queue="${queue}",state="waiting"} 2`);
    expect(first).toContain(`job_failures_total{queue="${queue}"} 1`);
    await on.app.deps.jobs.enqueue(queue, { n: 3 });
    expect((await scrape(on, `Bearer ${TOKEN}`)).body).toContain(`job_queue_depth{queue="${queue}",state="waiting"} 3`);
  });
});
