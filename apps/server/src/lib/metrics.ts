import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { AppDeps } from './http.js';
import { socketCount } from './realtime.js';

/** Each app's registry, keyed by its deps (which every route and plugin sees), for registerJobMetrics. */
const registries = new WeakMap<AppDeps, { register: Registry; failures: Counter<'queue'> }>();

/** What a job mechanism reports per queue (pg-boss: getQueueStats / the job table). */
export interface JobQueueStats {
  queue: string;
  /** created or retrying, waiting for a worker */
  waiting: number;
  /** taken by a worker now */
  active: number;
}

/**
 * For the job mechanism (none on this base yet): `read` is called at each scrape and becomes
 * `job_queue_depth{queue,state="waiting|active"}`. Failures are counted as they happen with
 * countJobFailure (a counter, so Prometheus rate() works across restarts of the queue's retention).
 * Call it once, after buildApp, with `app.deps`.
 */
export function registerJobMetrics(deps: AppDeps, read: () => Promise<JobQueueStats[]> | JobQueueStats[]) {
  const entry = registries.get(deps);
  if (!entry) return;
  new Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs per queue: waiting for a worker, or active',
    labelNames: ['queue', 'state'] as const,
    registers: [entry.register],
    async collect() {
      this.reset();
      for (const q of await read()) {
        this.set({ queue: q.queue, state: 'waiting' }, q.waiting);
        this.set({ queue: q.queue, state: 'active' }, q.active);
      }
    },
  });
}

/** A background job failed (its last retry or not): `job_failures_total{queue}`. */
export function countJobFailure(deps: AppDeps, queue: string) {
  registries.get(deps)?.failures.inc({ queue });
}

/** A pg Pool's counters (drizzle's node-postgres client exposes its pool as `$client`). */
interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const isPool = (c: unknown): c is PoolLike =>
  !!c && typeof c === 'object' && typeof (c as PoolLike).totalCount === 'number';

const errorOut = z.object({ statusCode: z.number(), error: z.string(), message: z.string() });

function tokenMatches(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at `/metrics`, each app with its own registry. Off (404) unless METRICS_TOKEN is
 * set; then only with `Authorization: Bearer <token>` (401 otherwise). Requests are labelled by the
 * route's pattern (`/api/v1/invoice/:ref`), never the raw URL, so ids and tokens make no new series.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined) {
  const register = new Registry();
  if (token) collectDefaultMetrics({ register });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const client = (app.deps.db as unknown as { $client?: unknown }).$client;
  const pool = isPool(client) ? client : undefined;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent with the embedded database',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  const failures = new Counter({
    name: 'job_failures_total',
    help: 'Background job runs that failed, by queue',
    labelNames: ['queue'] as const,
    registers: [register],
  });
  registries.set(app.deps, { register, failures });
  new Gauge({
    name: 'socket_connections',
    help: 'Open socket.io connections on this process',
    registers: [register],
    collect() {
      this.set(socketCount(app.deps));
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    // a URL that matched no route is one series, whatever was asked for
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: req.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(
    '/metrics',
    {
      schema: {
        response: { 200: z.string().describe('Prometheus text format'), 401: errorOut, 404: errorOut },
      },
    },
    async (req, reply) => {
      if (!token) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
      const header = req.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!tokenMatches(given, token))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
      const body = await register.metrics();
      return reply
        .type(register.contentType)
        .serializer((p) => p as string)
        .send(body);
    },
  );
}
