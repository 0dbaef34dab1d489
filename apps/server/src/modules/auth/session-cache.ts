/**
 * A short-lived memory of live sessions, so a signed-in request does not pay a database round
 * trip to check its token. A sign-out or a revocation forgets the session at once: here, and in
 * every other server process through Redis when REDIS_URL is set. Without Redis, a second process
 * could not hear of it, so on a shared PostgreSQL without Redis the cache stays off.
 */
import { randomUUID } from 'node:crypto';
import { createRedisClient } from '../../lib/redis-client.js';

export interface LiveSession {
  id: string;
  user_id: number;
  company_id: number;
  role: string;
  expires_at: Date;
}

type Forget = { session: string } | { user: number };

const MAX_ENTRIES = 10_000;
const cache = new Map<string, { s: LiveSession; until: number }>();
let ttlMs = 0;
let broadcast: ((msg: Forget) => Promise<void>) | null = null;

/** ttl 0 turns the cache off (and empties it). */
export function configureSessionCache(opts: { ttlMs: number; broadcast?: (msg: Forget) => Promise<void> }) {
  ttlMs = opts.ttlMs;
  broadcast = opts.broadcast ?? null;
  if (ttlMs === 0) cache.clear();
}

export function cachedSession(id: string, now = Date.now()): LiveSession | undefined {
  const hit = cache.get(id);
  if (!hit) return undefined;
  if (hit.until <= now || hit.s.expires_at.getTime() <= now) {
    cache.delete(id);
    return undefined;
  }
  return hit.s;
}

export function rememberSession(s: LiveSession, now = Date.now()) {
  if (ttlMs === 0) return;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(s.id, { s, until: now + ttlMs });
}

/** Applies a forget heard from another process (no re-broadcast). */
export function applyForget(msg: Forget) {
  if ('session' in msg) cache.delete(msg.session);
  else for (const [id, hit] of cache) if (hit.s.user_id === msg.user) cache.delete(id);
}

/**
 * Forgets a session here and in every other process. The promise settles once every process
 * subscribed has said it forgot (or after ACK_WAIT_MS), so an answer sent after it (a sign-out's)
 * cannot overtake it: the next request with that token, on any process, checks the database.
 */
export async function forgetSession(id: string): Promise<void> {
  applyForget({ session: id });
  await broadcast?.({ session: id });
}

export async function forgetUserSessions(userId: number): Promise<void> {
  applyForget({ user: userId });
  await broadcast?.({ user: userId });
}

const CHANNEL = 'dbo:sessions:forget';
/** Where each process says it has applied a forget (the message's `ack` id). */
const ACK_CHANNEL = 'dbo:sessions:forgotten';
/**
 * How long a forget waits for the processes Redis handed it to (a hung process, or one of an older
 * build that does not answer, must not hold a sign-out longer).
 */
const ACK_WAIT_MS = 1000;

/**
 * Shares forgets with the other processes over Redis pub/sub; answers the closer. The cache runs
 * only while the subscription is live: Redis down (at start or later) means a forget could be
 * missed, so every request checks the database until the bus is back. A Redis that is down never
 * stops the server from starting (/api/v1/ready reports it).
 */
export async function connectSessionBus(redisUrl: string, ttl: number): Promise<() => Promise<void>> {
  const pub = await createRedisClient(redisUrl);
  const sub = pub.duplicate();
  const off = () => configureSessionCache({ ttlMs: 0 });
  /** forgets this process sent, waiting for the processes' word: how many answered, of how many */
  const acks = new Map<string, { got: number; need: number; done: () => void }>();
  const on = () =>
    configureSessionCache({
      ttlMs: ttl,
      broadcast: async (msg) => {
        // Redis's answer to PUBLISH means the word is on its way to the other processes, not that
        // they have read it: wait for each of them (this one's subscription too) to say so
        const ack = randomUUID();
        const wait = { got: 0, need: Number.POSITIVE_INFINITY, done: () => {} };
        const acked = new Promise<void>((resolve) => {
          wait.done = resolve;
        });
        acks.set(ack, wait);
        let timer: NodeJS.Timeout | undefined;
        try {
          wait.need = await pub.publish(CHANNEL, JSON.stringify({ ...msg, ack }));
          if (wait.got >= wait.need) wait.done();
          await Promise.race([acked, new Promise((resolve) => (timer = setTimeout(resolve, ACK_WAIT_MS)))]);
        } catch {
          // a lost publish must not pass for a sign-out: the cache empties instead
          cache.clear();
        } finally {
          clearTimeout(timer);
          acks.delete(ack);
        }
      },
    });
  let subscribed = false;
  off();
  for (const c of [pub, sub]) c.on('error', off);
  sub.on('end', off);
  sub.on('reconnecting', off);
  // node-redis subscribes again on reconnect; 'ready' comes after it
  sub.on('ready', () => {
    if (subscribed && pub.isReady) on();
  });
  pub.on('ready', () => {
    if (subscribed && sub.isReady) on();
  });
  const listener = (raw: string) => {
    let msg: Forget & { ack?: unknown };
    try {
      msg = JSON.parse(raw);
      applyForget(msg);
    } catch {
      return; // not ours: ignore
    }
    if (typeof msg.ack === 'string') pub.publish(ACK_CHANNEL, msg.ack).catch(() => {});
  };
  const ackListener = (ack: string) => {
    const wait = acks.get(ack);
    if (wait && ++wait.got >= wait.need) wait.done();
  };
  Promise.all([pub.connect(), sub.connect()])
    .then(() => sub.subscribe(CHANNEL, listener))
    .then(() => sub.subscribe(ACK_CHANNEL, ackListener))
    .then(() => {
      subscribed = true;
      on();
    })
    .catch(off);
  return async () => {
    off();
    // destroy: also stops a connection still retrying against a Redis that is down
    for (const c of [sub, pub]) c.destroy();
  };
}
