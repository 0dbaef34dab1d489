import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@dbo/domain/auth';
import { HttpError } from '../../lib/errors.js';

/**
 * Fixed-window attempt counters kept in this process. Keys are 'email:...' and 'address:...', so
 * one email is limited whatever addresses the attempts come from, and one address whatever emails
 * it tries. `req.ip` is the socket's address unless TRUST_PROXY names the proxy that sent it.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts one attempt; answers the seconds to wait when the key is over its limit, else 0. */
  take(key: string, now = Date.now()): number {
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
  return async (req: FastifyRequest, reply: FastifyReply) => {
    let wait = 0;
    for (const [limiter, key] of limits) {
      const k = key(req);
      if (k !== undefined) wait = Math.max(wait, limiter.take(k));
    }
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, MSG.tooManyAttempts);
    }
  };
}
