/**
 * For the tests of the server process and its DATA_DIR (backup, migration, start and stop):
 * temporary folders, an on-disk embedded database and a free port.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, inject } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { seedDemoIfEmpty } from '../src/seed/demo.js';

/** A new folder under the system's temp dir at each call; all of them are removed after the file's tests. */
export function useTempDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const d of made) fs.rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(d);
    return d;
  };
}

/** An on-disk embedded database in `dbDir`, copied from the migrated template so nothing spends a minute migrating. */
export const templateDatabase = (dbDir: string) =>
  PGlite.create({ dataDir: dbDir, loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });

/**
 * A DATA_DIR under `root` as `npm start` leaves it: the on-disk database from the template with the
 * demo seeded (`demo` is what the seed answers; `pg` is still open for the test to read, then close)
 * and a logo among the uploads.
 */
export async function demoDataDir(root: string) {
  const dataDir = path.join(root, 'data');
  const dbDir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  const pg = await templateDatabase(dbDir);
  const demo = await seedDemoIfEmpty((await openDatabase({ pglite: pg, migrate: false })).db, dataDir);
  fs.mkdirSync(path.join(dataDir, 'uploads', 'logos'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads', 'logos', 'logo-1.png'), 'png bytes');
  return { dataDir, dbDir, pg, demo };
}

/** A TCP port nobody listens on right now, for a server the test starts. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
