import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@dbo/domain/auth';
import { HttpError } from '../../lib/errors.js';
import { COUNTS_ATTEMPTS } from '../../lib/openapi.js';
import type { SharedCounter } from '../../lib/shared-limits.js';

/**
 * Fixed-window attempt counters. Keys are 'email:...' and 'address:...', so one email is limited
 * whatever addresses the attempts come from, and one address whatever emails it tries. `req.ip` is
 * the socket's address unless TRUST_PROXY names the proxy that sent it.
 *
 * With `shared` (REDIS_URL set) the counts live in Redis, so the limit holds for all the server's
 * processes together; while Redis is away each process counts on its own.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    /** the limiter's name in the shared store (two limiters may count the same key) */
    readonly name = 'attempts',
    readonly shared?: SharedCounter,
  ) {}

  /** Counts one attempt (in Redis when shared); answers the seconds to wait when over the limit, else 0. */
  async take(key: string): Promise<number> {
    if (this.shared) {
      const hit = await this.shared.hit(`${this.name}:${key}`, this.windowMs);
      if (hit) return hit.count > this.max ? Math.max(1, Math.ceil(hit.ttlMs / 1000)) : 0;
    }
    return this.takeLocal(key);
  }

  /** Counts one attempt in this process. */
  takeLocal(key: string, now = Date.now()): number {
    if (this.windows.size > 50_000) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return w.count > this.max ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/**
 * A preHandler (after the body is validated) that counts the attempt under every key and refuses
 * it with 429 when any key is over its limit.
 */
export function limitBy(limits: [AttemptLimiter, (req: FastifyRequest) => string | undefined][]) {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    let wait = 0;
    for (const [limiter, key] of limits) {
      const k = key(req);
      if (k !== undefined) wait = Math.max(wait, await limiter.take(k));
    }
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, MSG.tooManyAttempts);
    }
  };
  // the OpenAPI document declares 429 for the route (lib/openapi.ts)
  return Object.assign(handler, { [COUNTS_ATTEMPTS]: true });
}
