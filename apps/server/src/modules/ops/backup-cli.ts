import path from 'node:path';
import { loadConfig } from '../../config.js';
import { backupDataDir, restoreDataDir } from './backup.js';

/**
 * npm run backup [-- --out <folder>]     (default: <DATA_DIR's parent>/backups)
 * npm run restore -- <file> [--force]
 * Both for the embedded database, with the server stopped; DATA_DIR as for `npm start`.
 */
async function main() {
  // npm runs the script in apps/server: paths on the command line are the caller's
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README).');
  if (command === 'backup') {
    const i = args.indexOf('--out');
    const out = i >= 0 && args[i + 1] ? path.resolve(args[i + 1]) : path.join(path.dirname(config.dataDir), 'backups');
    await backupDataDir(config.dataDir, out, console.log);
  } else if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--'));
    if (!file) throw new Error('Usage: npm run restore -- <backup file> [--force]');
    await restoreDataDir(path.resolve(file), config.dataDir, { force: args.includes('--force'), log: console.log });
  } else throw new Error('Usage: backup-cli backup|restore');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
