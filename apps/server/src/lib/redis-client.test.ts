import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisClient } from './redis-client.js';

/** A Redis stand-in that records what clients send and answers +OK to each command (RESP2). */
function fakeRedis() {
  let received = '';
  const server = net.createServer((socket) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // one reply per command: each RESP array starts with '*'
      const commands = chunk.toString('latin1').match(/^\*\d+\r\n/gm)?.length ?? 0;
      socket.write('+OK\r\n'.repeat(commands));
    });
  });
  return { server, received: () => received };
}

describe('the server connections to Redis', () => {
  const fake = fakeRedis();
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    url = `redis://127.0.0.1:${(fake.server.address() as net.AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => fake.server.close(resolve)));

  it('send no CLIENT SETINFO, which Redis before 7.2 refuses', async () => {
    const client = await createRedisClient(url, { socket: { reconnectStrategy: false } });
    client.on('error', () => {});
    await client.connect();
    expect(await client.set('k', 'v')).toBe('OK');
    client.destroy();
    expect(fake.received()).toContain('SET');
    expect(fake.received()).not.toContain('SETINFO');
  });
});
