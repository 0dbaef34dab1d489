import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { restrictTree, secureDataDir } from '../src/lib/data-dir.js';
import { readDemoLogin, seedDemoIfEmpty, shouldSeedDemo } from '../src/seed/demo.js';
import { useTempDirs } from './data-dir-fixtures.js';

const tempDir = useTempDirs('dbo-start-');

const mode = (p: string) => fs.statSync(p).mode & 0o777;
function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? [p, ...walk(p)] : [p];
  });
}

describe('safe defaults', () => {
  it('listens on 127.0.0.1 in the embedded mode unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://x@db/y' }).host).toBe('0.0.0.0');
  });

  it('trusts no proxy unless TRUST_PROXY lists some', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('never seeds a demo on DATABASE_URL', () => {
    expect(shouldSeedDemo(loadConfig({}))).toBe(true);
    expect(shouldSeedDemo(loadConfig({ SEED_DEMO: 'never' }))).toBe(false);
    expect(shouldSeedDemo(loadConfig({ DATABASE_URL: 'postgres://x@db/y' }))).toBe(false);
  });
});

describe('DATA_DIR', () => {
  it('is made 0700 with files 0600, including what PGlite writes afterwards', async () => {
    const root = tempDir();
    const dataDir = path.join(root, 'data');
    // a folder left world-readable by an older version
    fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'x', { mode: 0o644 });
    const before = process.umask();
    try {
      secureDataDir(dataDir);
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, 'outbox'))).toBe(0o700);
      expect(mode(path.join(dataDir, 'outbox', 'old.eml'))).toBe(0o600);

      // as main does: PGlite sets its own file modes, so the tree is closed again once it is open
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      restrictTree(dataDir);
      try {
        const login = await seedDemoIfEmpty(database.db, dataDir);
        expect(login?.password).toMatch(/^[\w-]{16}$/);
        expect(readDemoLogin(dataDir)).toEqual(login);
        // a second start keeps the first password and seeds nothing
        expect(await seedDemoIfEmpty(database.db, dataDir)).toBeUndefined();
        expect(readDemoLogin(dataDir)).toEqual(login);
      } finally {
        await database.close();
        restrictTree(dataDir);
      }
      // the folders are closed to others even before any chmod of PGlite's newer files
      for (const d of walk(dataDir).filter((p) => fs.statSync(p).isDirectory())) expect(mode(d)).toBe(0o700);
      const entries = walk(dataDir);
      expect(entries.length).toBeGreaterThan(100);
      const open = entries.filter((p) => mode(p) & 0o077);
      expect(open).toEqual([]);
      expect(mode(path.join(dataDir, 'demo-login.txt'))).toBe(0o600);
    } finally {
      process.umask(before);
    }
    // a fresh on-disk PGlite plus the demo seed: slow on a busy machine
  }, 240_000);
});

/** The pools are closed; their backends may take a moment to leave. */
async function dropWhenFree(admin: { query(sql: string): Promise<unknown> }, name: string) {
  for (let i = 0; i < 20; i++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

describe('migrations', () => {
  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)('let two processes start together on an empty PostgreSQL database', async () => {
    const { default: pg } = await import('pg');
    const name = `dbo_migrate_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    try {
      // separate pools, so separate connections, as two processes would have
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: target.toString() })));
      try {
        const rows = await a.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations');
        const files = fs.readdirSync(path.join(__dirname, '../drizzle')).filter((f) => f.endsWith('.sql'));
        expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(files.length);
        await b.db.execute('select 1 from companies limit 1');
        await c.db.execute('select 1 from sessions limit 1');
      } finally {
        await Promise.all([a, b, c].map((d) => d.close()));
      }
    } finally {
      await dropWhenFree(admin, name);
      await admin.end();
    }
  });
});
