import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { demoDataDir, useTempDirs } from '../../../test/data-dir-fixtures.js';
import { migrateToPostgres } from './migrate-postgres.js';

/** A PostgreSQL server to create a fresh database on (here and in CI: 127.0.0.1:5432). */
const ADMIN_URL = process.env.MIGRATE_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable() {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
const pgUp = await reachable();

const dbName = `dbo_migrate_${process.pid}_${Date.now().toString(36)}`;
const targetUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const tempDir = useTempDirs('dbo-mig-');
async function admin(sqlText: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}
afterAll(async () => {
  if (pgUp) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

interface Q {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

/**
 * Every table's row count and an md5 of its rows in primary-key order, computed by the test itself
 * (not by the command under test), with the same text settings on both sides.
 */
async function fingerprint(side: Q) {
  await side.query("SET TimeZone = 'UTC'");
  const tables = await side.query<{ name: string; pk: string }>(
    `SELECT c.relname AS name, string_agg(quote_ident(a.attname), ', ' ORDER BY k.ord) AS pk
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE n.nspname = 'public' AND c.relkind = 'r' GROUP BY c.relname ORDER BY c.relname`,
  );
  const all = await side.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
      WHERE ns.nspname = 'public' AND c.relkind = 'r'`,
  );
  // every table has a primary key, so ordering by it is total
  expect(tables.rows.length).toBe(Number(all.rows[0]?.n));
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const t of tables.rows) {
    const r = await side.query<{ n: string; md5: string }>(
      `SELECT count(*)::text AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY ${t.pk.replace(/"?([\w]+)"?/g, 'x.$&')}), '')) AS md5
         FROM "${t.name}" x`,
    );
    out[t.name] = { rows: Number(r.rows[0]?.n), md5: r.rows[0]?.md5 ?? '' };
  }
  return out;
}

describe.skipIf(!pgUp || !inject('pgliteTemplate'))('npm run migrate-to-postgres', () => {
  it('copies the demo company into a fresh PostgreSQL database, every table identical, numbering continuing', async () => {
    const root = tempDir();
    const { dataDir, pg: embedded, demo } = await demoDataDir(root);
    expect(demo).toBeDefined();
    const before = await fingerprint(embedded);
    const counters = await embedded.query<{ id: number; last_invoice_number: number; last_order_number: number }>(
      'SELECT id, last_invoice_number, last_order_number FROM companies ORDER BY id',
    );
    const maxInvoiceId = await embedded.query<{ m: number }>('SELECT max(id) AS m FROM invoices');
    await embedded.close();
    expect(before.invoices?.rows).toBeGreaterThan(0);
    expect(before.stamps?.rows).toBeGreaterThan(0);

    await admin(`CREATE DATABASE ${dbName}`);
    const lines: string[] = [];
    const shared = path.join(root, 'shared');
    const report = await migrateToPostgres({
      dataDir,
      to: targetUrl,
      uploadsTo: shared,
      batchRows: 50, // several batches for the bigger tables
      log: (l) => lines.push(l),
    });
    expect(lines.join('\n')).toMatch(/\[\d+\/\d+\] invoices: \d+ rows/);
    expect(lines.join('\n')).toMatch(/Verified: \d+ tables/);
    expect(Object.keys(report.stampLedger.ledger).length).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(shared, 'uploads', 'logos', 'logo-1.png'), 'utf8')).toBe('png bytes');

    const target = new pg.Client({ connectionString: targetUrl });
    await target.connect();
    try {
      expect(await fingerprint(target)).toEqual(before);

      // the target now holds data: a second run is refused and changes nothing
      await expect(migrateToPostgres({ dataDir, to: targetUrl })).rejects.toThrow(/not empty/);
      expect((await fingerprint(target)).invoices).toEqual(before.invoices);
    } finally {
      await target.end();
    }

    // the application on the migrated database: sign in with the demo login, save an invoice
    const database = await openDatabase({ databaseUrl: targetUrl, migrate: false });
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: shared, LOG_LEVEL: 'silent', DATABASE_URL: targetUrl }),
      db: database.db,
      jwtSecret: 'migrated',
      logger: false,
    });
    try {
      const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
        const res = await app.inject({
          method,
          url: `/api/v1${url}`,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: payload as Record<string, unknown>,
        });
        return { status: res.statusCode, body: res.json() };
      };
      const signIn = await call('POST', '/auth/signin', undefined, { email: demo?.email, password: demo?.password });
      expect(signIn.status).toBe(200);
      const token = signIn.body.access_token as string;
      const companyId = signIn.body.user.company_id as number;
      const company = counters.rows.find((c) => c.id === companyId);
      const pick = async (sqlText: string) => {
        const r = await (database.db as unknown as { $client: pg.Pool }).$client.query(sqlText, [companyId]);
        return r.rows[0] as { id: number };
      };
      const customer = await pick('SELECT id FROM customers WHERE company_id = $1 ORDER BY id LIMIT 1');
      const product = await pick(
        "SELECT id FROM products WHERE company_id = $1 AND product_type = 'WINE' ORDER BY id LIMIT 1",
      );
      const saved = await call('POST', '/invoice', token, {
        customer: { id: customer.id },
        stamps: [],
        items: [{ product_id: product.id, qty: 1, price: '10.00', taxable: true, on_deal: false }],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.number).toBe((company?.last_invoice_number ?? 0) + 1);
      // the id sequence continued too: no collision with a copied id
      expect(saved.body.id).toBe(Number(maxInvoiceId.rows[0]?.m) + 1);
    } finally {
      await app.close();
      await database.close();
    }
  }, 240_000);
});
