/**
 * A short-lived memory of live sessions, so a signed-in request does not pay a database round
 * trip to check its token. A sign-out or a revocation forgets the session at once: here, and in
 * every other server process through Redis when REDIS_URL is set. Without Redis, a second process
 * could not hear of it, so on a shared PostgreSQL without Redis the cache stays off.
 */
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
 * Forgets a session here and in every other process. The promise settles once Redis has handed
 * the forget to the other processes' subscriptions, so an answer sent after it (a sign-out's) cannot
 * overtake it: the next request with that token, on any process, checks the database.
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

/**
 * Shares forgets with the other processes over Redis pub/sub; answers the closer. The cache runs
 * only while the subscription is live: Redis down (at start or later) means a forget could be
 * missed, so every request checks the database until the bus is back. A Redis that is down never
 * stops the server from starting (/api/v1/ready reports it).
 */
export async function connectSessionBus(redisUrl: string, ttl: number): Promise<() => Promise<void>> {
  const { createClient } = await import('redis');
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  const off = () => configureSessionCache({ ttlMs: 0 });
  const on = () =>
    configureSessionCache({
      ttlMs: ttl,
      broadcast: async (msg) => {
        // a lost publish must not pass for a sign-out: the cache empties instead
        await pub.publish(CHANNEL, JSON.stringify(msg)).then(
          () => undefined,
          () => cache.clear(),
        );
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
    try {
      applyForget(JSON.parse(raw) as Forget);
    } catch {
      // not ours: ignore
    }
  };
  Promise.all([pub.connect(), sub.connect()])
    .then(() => sub.subscribe(CHANNEL, listener))
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
