import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';

export interface BenchContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** a plain pool for loading data and timing the raw SQL */
  raw: pg.Pool;
  companyId: number;
  headers: { authorization: string };
  /** the database's URL (for server processes the benchmark starts) */
  databaseUrl: string;
}

/**
 * Runs a benchmark against a freshly signed-up company on PostgreSQL: BENCH_DATABASE_URL or
 * TEST_DATABASE_URL when set (the company is removed at the end), else a throw-away database
 * `<dbPrefix>_<pid>` created through BENCH_PG_ADMIN_URL and dropped at the end.
 */
export async function withBenchCompany(dbPrefix: string, run: (ctx: BenchContext) => Promise<void>): Promise<void> {
  let url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
  let dropDb: (() => Promise<void>) | null = null;
  if (!url) {
    const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `${dbPrefix}_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDb = async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  const database = await openDatabase({ databaseUrl: url });
  const raw = new pg.Pool({ connectionString: url, max: 2 });
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: '/tmp/dbo-bench-data' });
  const app = await buildApp({ config, db: database.db, jwtSecret: 'bench-secret', logger: false });
  await app.ready();
  let companyId = 0;
  try {
    const email = `bench.${process.pid}.${Date.now()}@example.com`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { name: 'Bench Owner', title: 'Owner', email, password: 'bench-pass', confirm_password: 'bench-pass' },
    });
    const { access_token: token, user } = signup.json();
    companyId = user.company_id;
    await run({ app, raw, companyId, headers: { authorization: `Bearer ${token}` }, databaseUrl: url });
  } finally {
    if (companyId && !dropDb) await raw.query('delete from companies where id = $1', [companyId]);
    await app.close();
    await raw.end();
    await database.close();
    if (dropDb) await dropDb();
  }
}
