import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { seedDemoIfEmpty } from '../../seed/demo.js';
import { backupDataDir, PID_FILE, restoreDataDir } from './backup.js';

const tmp: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-bk-'));
  tmp.push(d);
  return d;
};
afterAll(() => {
  for (const d of tmp) fs.rmSync(d, { recursive: true, force: true });
});

const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/** What must come back: the companies, every invoice with its number and total, the stamp ledger. */
async function snapshot(dbDir: string) {
  const database = await openDatabase({ dataDir: dbDir, migrate: false });
  try {
    const q = (s: ReturnType<typeof sql>) => database.db.execute(s).then(rows);
    return {
      companies: await q(sql`select id, name from companies order by id`),
      invoices: await q(sql`select * from invoices order by id`),
      stamps: await q(sql`select count(*)::int as n from stamps`),
      next: await q(sql`select last_value from invoices_id_seq`),
    };
  } finally {
    await database.close();
  }
}

describe.skipIf(!inject('pgliteTemplate'))('npm run backup / restore (embedded mode)', () => {
  it('round-trips the demo company, its uploads and secrets into a fresh DATA_DIR', async () => {
    const root = tempDir();
    const dataDir = path.join(root, 'data');
    const dbDir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
    // an on-disk database from the migrated template, with the demo seeded as `npm start` would
    const pg = await PGlite.create({
      dataDir: dbDir,
      loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
    });
    const database = await openDatabase({ pglite: pg, migrate: false });
    expect(await seedDemoIfEmpty(database.db, dataDir)).toBeDefined();
    await pg.close();
    fs.mkdirSync(path.join(dataDir, 'uploads', 'logos'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'logos', 'logo-1.png'), 'png bytes');
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'the-secret');
    const before = await snapshot(dbDir);
    expect(before.invoices.length).toBeGreaterThan(0);

    // refused while a live process holds the pid file
    fs.writeFileSync(path.join(dataDir, PID_FILE), String(process.pid));
    await expect(backupDataDir(dataDir, path.join(root, 'backups'))).rejects.toThrow(/is running/);
    fs.rmSync(path.join(dataDir, PID_FILE));

    const file = await backupDataDir(dataDir, path.join(root, 'backups'));
    expect(path.basename(file)).toMatch(/^dbo-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const fresh = path.join(root, 'fresh');
    await restoreDataDir(file, fresh);
    const after = await snapshot(path.join(fresh, 'pglite'));
    expect(after).toEqual(before);
    expect(fs.readFileSync(path.join(fresh, 'uploads', 'logos', 'logo-1.png'), 'utf8')).toBe('png bytes');
    expect(fs.readFileSync(path.join(fresh, 'jwt-secret'), 'utf8')).toBe('the-secret');
    expect(fs.existsSync(path.join(fresh, 'demo-login.txt'))).toBe(true);

    // a second restore over a database needs --force, and keeps the old one aside
    await expect(restoreDataDir(file, fresh)).rejects.toThrow(/--force/);
    await restoreDataDir(file, fresh, { force: true });
    expect(fs.readdirSync(root).some((n) => n.startsWith('fresh.before-restore-'))).toBe(true);
    expect((await snapshot(path.join(fresh, 'pglite'))).invoices).toEqual(before.invoices);
  }, 240_000);
});
