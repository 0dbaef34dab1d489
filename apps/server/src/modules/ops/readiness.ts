import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, MIGRATIONS_DIR, rowsOf } from '../../db/client.js';
import { createRedisClient } from '../../lib/redis-client.js';

export type CheckResult = { ok: true } | { ok: false; error: string };

/** A check that has not answered within this time counts as failed (an orchestrator waits less). */
export const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

const failed = (err: unknown): CheckResult => ({
  ok: false,
  error: err instanceof Error ? err.message : String(err),
});

/** The migrations this build ships with: drizzle's journal, by the `when` drizzle records as created_at. */
export function journalMigrations(dir = MIGRATIONS_DIR): { tag: string; when: number }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

export async function checkDatabase(db: Db): Promise<CheckResult> {
  try {
    await withTimeout(db.execute(sql`select 1`), CHECK_TIMEOUT_MS, 'the database');
    return { ok: true };
  } catch (err) {
    return failed(err);
  }
}

/** Every migration of the journal is in drizzle's table (a process of an older build would miss some). */
export async function checkMigrations(db: Db, dir = MIGRATIONS_DIR): Promise<CheckResult> {
  try {
    const result = await withTimeout(
      db.execute(sql`select created_at from drizzle.__drizzle_migrations`),
      CHECK_TIMEOUT_MS,
      'the database',
    );
    const applied = new Set(rowsOf<{ created_at: string | number }>(result).map((r) => Number(r.created_at)));
    const missing = journalMigrations(dir)
      .filter((m) => !applied.has(m.when))
      .map((m) => m.tag);
    return missing.length === 0 ? { ok: true } : { ok: false, error: `migrations not applied: ${missing.join(', ')}` };
  } catch (err) {
    return failed(err);
  }
}

export interface RedisPinger {
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One Redis connection kept for the readiness check (opened on first use, closed with the app). */
export function redisPinger(url: string): RedisPinger {
  let client: Promise<{ ping(): Promise<string>; quit(): Promise<unknown>; destroy?(): void }> | undefined;
  const connect = async () => {
    // no endless reconnect loop in the background: a failed ping reconnects on the next check
    const c = await createRedisClient(url, { socket: { reconnectStrategy: false, connectTimeout: CHECK_TIMEOUT_MS } });
    c.on('error', () => {});
    await c.connect();
    return c;
  };
  return {
    async ping() {
      client ??= connect();
      try {
        await withTimeout(
          client.then((c) => c.ping()),
          CHECK_TIMEOUT_MS,
          'Redis',
        );
      } catch (err) {
        const old = client;
        client = undefined;
        old?.then((c) => c.destroy?.()).catch(() => {});
        throw err;
      }
    },
    async close() {
      const c = client;
      client = undefined;
      if (c) await c.then((x) => x.quit()).catch(() => {});
    },
  };
}

export async function checkRedis(pinger: RedisPinger): Promise<CheckResult> {
  try {
    await pinger.ping();
    return { ok: true };
  } catch (err) {
    return failed(err);
  }
}
