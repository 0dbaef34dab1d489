import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { restrictTree } from '../../lib/data-dir.js';

/**
 * Backups of the embedded mode (PGlite). The database part is PGlite's own `dumpDataDir`: the
 * database is opened (which needs the server stopped: PGlite is one process's database) and dumps
 * its data directory as a tar, a consistent copy made by the database itself rather than a copy of
 * files that may be mid-write. The rest of DATA_DIR (uploads: logos and documents; the generated
 * JWT secret, so sessions survive a restore; the demo login; the mail outbox) is copied as files;
 * with the server stopped they cannot change under the copy either, and they match the database.
 * Both go into one `dbo-backup-<timestamp>.tar.gz` (the system `tar`).
 */

export const PID_FILE = 'server.pid';
const DB_FOLDER = 'pglite';
const DB_DUMP = 'pglite.tar.gz';
const FILES_FOLDER = 'files';

/** main writes DATA_DIR/server.pid; a live process there means the server is running. */
export function runningServerPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, PID_FILE);
  if (!fs.existsSync(file)) return undefined;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: it exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

function refuseWhileRunning(dataDir: string) {
  const pid = runningServerPid(dataDir);
  if (pid) throw new Error(`The server (pid ${pid}) is running on ${dataDir}: stop it first.`);
}

const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z');

export async function backupDataDir(dataDir: string, outDir: string, log: (msg: string) => void = () => {}) {
  refuseWhileRunning(dataDir);
  const dbDir = path.join(dataDir, DB_FOLDER);
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dbDir}.`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-backup-'));
  try {
    log(`Dumping the database in ${dbDir}`);
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create({ dataDir: dbDir });
    try {
      const dump = await pg.dumpDataDir('gzip');
      fs.writeFileSync(path.join(staging, DB_DUMP), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await pg.close();
    }
    log('Copying uploads and secrets');
    fs.mkdirSync(path.join(staging, FILES_FOLDER));
    for (const entry of fs.readdirSync(dataDir)) {
      if (entry === DB_FOLDER || entry === PID_FILE) continue;
      fs.cpSync(path.join(dataDir, entry), path.join(staging, FILES_FOLDER, entry), { recursive: true });
    }
    fs.mkdirSync(outDir, { recursive: true, mode: 0o700 });
    const file = path.join(outDir, `dbo-backup-${stamp()}.tar.gz`);
    execFileSync('tar', ['-czf', file, '-C', staging, DB_DUMP, FILES_FOLDER]);
    fs.chmodSync(file, 0o600);
    log(`Backup written: ${file}`);
    return file;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    restrictTree(dataDir);
  }
}

/**
 * Restores a backup into DATA_DIR. An existing database is not overwritten unless `force`; then the
 * old DATA_DIR is moved aside (never deleted) to `<DATA_DIR>.before-restore-<timestamp>`.
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  opts: { force?: boolean; log?: (msg: string) => void } = {},
) {
  const log = opts.log ?? (() => {});
  if (!fs.existsSync(file)) throw new Error(`No backup file ${file}.`);
  refuseWhileRunning(dataDir);
  const dbDir = path.join(dataDir, DB_FOLDER);
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) {
    if (!opts.force) throw new Error(`${dataDir} already holds a database: pass --force to move it aside and restore.`);
    const aside = `${dataDir}.before-restore-${stamp()}`;
    fs.renameSync(dataDir, aside);
    log(`The current DATA_DIR was moved to ${aside}`);
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-restore-'));
  try {
    execFileSync('tar', ['-xzf', path.resolve(file), '-C', staging]);
    const dump = path.join(staging, DB_DUMP);
    if (!fs.existsSync(dump)) throw new Error(`${file} is not a backup of this application.`);
    process.umask(0o077);
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    log(`Restoring the database into ${dbDir}`);
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create({ dataDir: dbDir, loadDataDir: new Blob([fs.readFileSync(dump)]) });
    await pg.query('select 1');
    await pg.close();
    const files = path.join(staging, FILES_FOLDER);
    if (fs.existsSync(files)) fs.cpSync(files, dataDir, { recursive: true });
    restrictTree(dataDir);
    log('Restore done: start the server as usual.');
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
