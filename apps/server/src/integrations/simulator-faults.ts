/**
 * Faults a partner simulator can be told to show, so tests and demos see what a real service does
 * on a bad day: the next N requests answer 5xx, or 429 with a Retry-After, or are slow (before
 * or after the request took effect, the latter being the case a retry must not duplicate).
 * Driven in process (`control`) or over HTTP (POST /_control).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export interface FaultState {
  fail: { count: number; status: number };
  rateLimit: { count: number; retryAfter: number };
  /** `after`: the request takes effect, then the answer is late (a client timeout after success) */
  delay: { count: number; ms: number; after: boolean };
}

export const faultInput = z.object({
  fail: z
    .object({ count: z.number().int().min(0).max(1000), status: z.number().int().min(500).max(599).default(503) })
    .optional(),
  rateLimit: z
    .object({ count: z.number().int().min(0).max(1000), retryAfter: z.number().int().min(0).max(3600).default(1) })
    .optional(),
  delay: z
    .object({
      count: z.number().int().min(0).max(1000),
      ms: z.number().int().min(0).max(120_000),
      after: z.boolean().default(false),
    })
    .optional(),
});
export type FaultInput = z.input<typeof faultInput>;

export function createFaults() {
  const state: FaultState = {
    fail: { count: 0, status: 503 },
    rateLimit: { count: 0, retryAfter: 1 },
    delay: { count: 0, ms: 0, after: false },
  };
  // pending delays, so close() can end them (a handler left waiting would hold the server open)
  const pending = new Map<NodeJS.Timeout, () => void>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        pending.delete(t);
        resolve();
      }, ms);
      pending.set(t, resolve);
    });

  return {
    state,
    set(input: FaultInput) {
      const f = faultInput.parse(input);
      if (f.fail) state.fail = { ...f.fail };
      if (f.rateLimit) state.rateLimit = { ...f.rateLimit };
      if (f.delay) state.delay = { ...f.delay };
    },
    reset() {
      state.fail = { count: 0, status: 503 };
      state.rateLimit = { count: 0, retryAfter: 1 };
      state.delay = { count: 0, ms: 0, after: false };
    },
    /**
     * Before a data route runs: answers true when a fault already replied. Order: delay (before),
     * rate limit, failure.
     */
    async before(reply: FastifyReply): Promise<boolean> {
      if (state.delay.count > 0 && !state.delay.after) {
        state.delay.count--;
        await wait(state.delay.ms);
      }
      if (state.rateLimit.count > 0) {
        state.rateLimit.count--;
        reply
          .code(429)
          .header('retry-after', String(state.rateLimit.retryAfter))
          .send({ error: 'Too Many Requests', message: 'Rate limit exceeded, slow down' });
        return true;
      }
      if (state.fail.count > 0) {
        state.fail.count--;
        reply
          .code(state.fail.status)
          .send({ error: 'Server Error', message: 'The service is temporarily unavailable' });
        return true;
      }
      return false;
    },
    /** After a write took effect: the late answer of a delay with `after`. */
    async after(): Promise<void> {
      if (state.delay.count > 0 && state.delay.after) {
        state.delay.count--;
        await wait(state.delay.ms);
      }
    },
    close() {
      for (const [t, resolve] of pending) {
        clearTimeout(t);
        resolve();
      }
      pending.clear();
    },
  };
}
export type Faults = ReturnType<typeof createFaults>;

/** POST /_control (set faults, or {reset:true} to clear faults and data) and GET /_control (state). */
export function registerControl(
  app: FastifyInstance,
  faults: Faults,
  data: { reset(): void; snapshot(): Record<string, unknown> },
) {
  app.post('/_control', async (req: FastifyRequest, reply: FastifyReply) => {
    const body = (req.body ?? {}) as FaultInput & { reset?: boolean };
    if (body.reset) {
      faults.reset();
      data.reset();
    }
    const parsed = faultInput.safeParse(body);
    if (!parsed.success) return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? 'Bad control' });
    faults.set(parsed.data);
    return { faults: faults.state, ...data.snapshot() };
  });
  app.get('/_control', async () => ({ faults: faults.state, ...data.snapshot() }));
}
