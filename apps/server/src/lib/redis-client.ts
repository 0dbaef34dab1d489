import type { RedisClientOptions } from 'redis';

/**
 * The options every Redis connection of the server is made with. node-redis sends CLIENT SETINFO
 * after each (re)connect; Redis before 7.2 (Debian 12 ships 7.0) answers it with an error. The
 * client ignores that error in its handshake, but a reconnect with a subscription or a command
 * waiting can pair the error with another command's reply (seen in CI: an unhandled rejection
 * "ERR unknown subcommand 'SETINFO'" after a Redis restart). The server never needs the library's
 * name on the connection, so it does not send it.
 */
export function redisOptions(url: string, extra: Omit<RedisClientOptions, 'url'> = {}): RedisClientOptions {
  return { ...extra, url, disableClientInfo: true };
}

/** A node-redis client made with redisOptions (imported on first use: a server without REDIS_URL never loads redis). */
export async function createRedisClient(url: string, extra: Omit<RedisClientOptions, 'url'> = {}) {
  const { createClient } = await import('redis');
  return createClient(redisOptions(url, extra));
}
