import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    databaseUrl: string;
  }
}

/**
 * Migrates the database once. On PGlite the migrated data dir is dumped to a file that each test
 * file clones (much cheaper than migrating per file); with TEST_DATABASE_URL the server is migrated
 * once and the files share it (each test signs up its own companies).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? '';
  project.provide('databaseUrl', url);
  if (url) {
    const db = await openDatabase({ databaseUrl: url });
    await db.close();
    project.provide('pgliteTemplate', '');
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create();
  await openDatabase({ pglite: pg });
  const dump = await pg.dumpDataDir('gzip');
  await pg.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-test-')), 'template.tar.gz');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
