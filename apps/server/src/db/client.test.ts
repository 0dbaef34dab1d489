import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { onPostgres } from '../../test/helpers.js';
import { openDatabase, rowsOf } from './client.js';

/**
 * PostgreSQL restarted, or an administrator or a proxy ended the server's idle connections: the
 * server logs it and its next query opens a new connection. Node ends a process on an 'error' event
 * nobody listens to, so without the pool's listener this test's own process would die here.
 */
it.skipIf(!onPostgres)('a pooled connection ended from outside is reported and the next query reconnects', async () => {
  const name = `dbo-drop-${process.pid}`;
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.searchParams.set('application_name', name);
  const errors: Error[] = [];
  const database = await openDatabase({
    databaseUrl: url.toString(),
    migrate: false,
    onConnectionError: (err) => errors.push(err),
  });
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    // two connections, idle in the pool once answered
    await Promise.all([database.db.execute(sql`select pg_sleep(0.05)`), database.db.execute(sql`select 1`)]);
    const ended = await admin.query(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1`,
      [name],
    );
    expect(ended.rows.length).toBe(2);
    await expect.poll(() => errors.length).toBe(2);
    expect(errors[0].message).toMatch(/terminat/);
    const after = rowsOf<{ n: number }>(await database.db.execute(sql`select 42 as n`));
    expect(after[0].n).toBe(42);
  } finally {
    await admin.end();
    await database.close();
  }
});
