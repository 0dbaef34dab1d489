import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { SERVER_ROOT } from '../config.js';

/**
 * The typed query builder. It knows no table (db/ sits below the modules): each module imports its
 * own tables where it queries them, and drizzle-kit finds them by file name (drizzle.config.ts).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `db.execute(sql...)`: node-postgres answers `{rows}`, PGlite's drizzle driver too. */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

/** pg_advisory_lock key held while migrating, so processes starting together take turns. */
export const MIGRATION_LOCK_KEY = 7_391_420_118;

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; in memory when absent */
  dataDir?: string;
  /** an existing PGlite instance (tests clone a migrated template) */
  pglite?: PGlite;
  migrate?: boolean;
  /**
   * A pooled PostgreSQL connection failed outside a query (the server restarted, an administrator
   * or a proxy ended it, the network dropped). The pool has already let that connection go and the
   * next query opens another; without a listener, Node would end the whole process on it.
   */
  onConnectionError?: (err: Error) => void;
}

/** What a dropped connection is reported by when nobody gave `onConnectionError`. */
export function reportToStderr(err: Error): void {
  process.stderr.write(`a pooled PostgreSQL connection failed and was dropped: ${err.message}\n`);
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    // numeric stays a string (exact); dates as YYYY-MM-DD strings
    pg.types.setTypeParser(1082, (v: string) => v);
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    pool.on('error', opts.onConnectionError ?? reportToStderr);
    const db = drizzle(pool) as unknown as Db;
    if (opts.migrate !== false) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      // One connection holds the lock and runs the migrator: the first process migrates, the
      // others wait, then find nothing left to apply (two at once crashed creating drizzle's table).
      try {
        const conn = await pool.connect();
        try {
          await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migrate(drizzle(conn) as any, { migrationsFolder: MIGRATIONS_DIR });
          } finally {
            await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          conn.release();
        }
      } catch (err) {
        await pool.end().catch(() => {});
        throw err;
      }
    }
    return { db, kind: 'pg', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let client = opts.pglite;
  if (!client) {
    if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(opts.dataDir ? { dataDir: opts.dataDir } : {});
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle(client) as unknown as Db;
  if (opts.migrate !== false) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as any, { migrationsFolder: MIGRATIONS_DIR });
  }
  const owned = !opts.pglite;
  return { db, kind: 'pglite', close: async () => (owned ? client.close() : undefined) };
}
