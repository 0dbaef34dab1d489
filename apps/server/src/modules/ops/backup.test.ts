import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { demoDataDir, useTempDirs } from '../../../test/data-dir-fixtures.js';
import { backupDataDir, PID_FILE, restoreDataDir } from './backup.js';

const tempDir = useTempDirs('dbo-bk-');

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
    const { dataDir, dbDir, pg, demo } = await demoDataDir(root);
    expect(demo).toBeDefined();
    await pg.close();
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
