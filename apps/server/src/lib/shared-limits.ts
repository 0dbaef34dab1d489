import { createRedisClient } from './redis-client.js';

/**
 * Attempt counters shared by every server process through Redis (REDIS_URL), so a limit of 20 a
 * minute is 20 for the whole install, not 20 per process. Each count is one atomic script: INCR,
 * and the window's expiry set by the first attempt of the window.
 *
 * While Redis is away the counters answer `undefined` at once (no offline queue, no waiting) and
 * the callers count in their own process instead: a limit per process, never no limit and never a
 * failed sign-in because Redis is down.
 */
export interface SharedCounter {
  /** Counts one hit of `key` in a window of `windowMs`; the count so far and the ms left, or undefined if Redis is away. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number } | undefined>;
  close(): Promise<void>;
}

const SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;

export const LIMIT_KEY_PREFIX = 'dbo:limit:';

export async function connectSharedCounter(redisUrl: string): Promise<SharedCounter> {
  // no offline queue: a command while Redis is away fails at once and the caller counts locally
  const client = await createRedisClient(redisUrl, { disableOfflineQueue: true });
  client.on('error', () => {
    // reconnects by itself; the callers fall back meanwhile (/api/v1/ready reports Redis)
  });
  // a Redis that is down never stops the server from starting
  client.connect().catch(() => {});
  return {
    async hit(key, windowMs) {
      if (!client.isReady) return undefined;
      try {
        const [count, ttl] = (await client.eval(SCRIPT, {
          keys: [LIMIT_KEY_PREFIX + key],
          arguments: [String(windowMs)],
        })) as [number, number];
        return { count: Number(count), ttlMs: Number(ttl) };
      } catch {
        return undefined;
      }
    },
    async close() {
      client.destroy();
    },
  };
}

type StoreResult = { current: number; ttl: number };
type StoreCallback = (err: Error | null, res: StoreResult) => void;
interface RateLimitStore {
  incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RateLimitStore;
}

/**
 * A store for @fastify/rate-limit (routes' `config.rateLimit`) on the shared counters: counted in
 * Redis when it answers, in this process otherwise.
 */
export function rateLimitStore(shared: SharedCounter | undefined) {
  const local = new Map<string, { current: number; resetAt: number }>();
  const countLocally = (key: string, timeWindow: number): StoreResult => {
    const now = Date.now();
    if (local.size > 50_000) for (const [k, w] of local) if (w.resetAt <= now) local.delete(k);
    let w = local.get(key);
    if (!w || w.resetAt <= now) {
      w = { current: 0, resetAt: now + timeWindow };
      local.set(key, w);
    }
    w.current++;
    return { current: w.current, ttl: w.resetAt - now };
  };
  // each route counts on its own (as the library's own store does), keyed by its method and path
  const storeFor = (prefix: string): RateLimitStore => ({
    incr(key, cb, timeWindow) {
      const k = `${prefix}${key}`;
      const counted = shared ? shared.hit(`route:${k}`, timeWindow) : Promise.resolve(undefined);
      void counted.then((hit) => cb(null, hit ? { current: hit.count, ttl: hit.ttlMs } : countLocally(k, timeWindow)));
    },
    child(params) {
      const route = (params as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return storeFor(route?.url ? `${String(route.method)} ${String(route.url)}:` : prefix);
    },
  });
  // @fastify/rate-limit constructs its store with `new`
  return function SharedStore() {
    return storeFor('');
  } as unknown as new (
    ...args: unknown[]
  ) => RateLimitStore;
}
