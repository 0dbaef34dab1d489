import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { maskUrl, migrateToPostgres } from './migrate-postgres.js';

/**
 * npm run migrate-to-postgres -- --to postgres://user:pass@host:5432/db [--uploads-to <folder>]
 * With the server stopped; DATA_DIR as for `npm start` (the embedded database is DATA_DIR/pglite).
 * --uploads-to: the DATA_DIR the PostgreSQL processes will share, when it is not this one.
 */
function arg(args: string[], name: string) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main() {
  // npm runs the script in apps/server: paths on the command line are the caller's
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const args = process.argv.slice(2);
  const to = arg(args, '--to');
  if (!to || !/^postgres(ql)?:\/\//.test(to))
    throw new Error(
      'Usage: npm run migrate-to-postgres -- --to postgres://user:pass@host:5432/db [--uploads-to <folder>]',
    );
  // the embedded install's settings; a DATABASE_URL in the environment is not the source
  const config = loadConfig({ ...process.env, DATABASE_URL: '' });
  const uploadsTo = arg(args, '--uploads-to');
  console.log(`Migrating the embedded database of ${config.dataDir} to ${maskUrl(to)}`);
  const report = await migrateToPostgres({
    dataDir: config.dataDir,
    to,
    uploadsTo: uploadsTo ? path.resolve(uploadsTo) : undefined,
    log: console.log,
  });
  const rows = report.tables.reduce((n, t) => n + t.rows, 0);
  const dataDir = uploadsTo ? path.resolve(uploadsTo) : config.dataDir;
  const secretFile = path.join(config.dataDir, 'jwt-secret');
  const secret = fs.existsSync(secretFile) ? `$(cat ${secretFile})` : '<the JWT_SECRET this install uses>';
  console.log(`
Done in ${(report.ms / 1000).toFixed(1)} s: ${report.tables.length} tables, ${rows} rows, ${report.uploads.files} uploaded files.
Start every server process with (see README, Running on PostgreSQL):
  DATABASE_URL=${maskUrl(to)}   (with its real password)
  JWT_SECRET=${secret}   keeps today's sessions valid; any long random value works (everyone signs in again). The same on every process.
  DATA_DIR=${dataDir}   uploads (logos, invoice documents) are read from DATA_DIR/uploads: a folder every process shares
  REDIS_URL=redis://127.0.0.1:6379   when more than one process serves (real-time events between them)
  TRUST_PROXY=127.0.0.1   the address of the reverse proxy in front, if any
The embedded database in ${path.join(config.dataDir, 'pglite')} is left as it was: keep it as a backup, and do not start the server without DATABASE_URL again, or the two diverge.`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
