/**
 * Loads TABC permit data into the establishments table (or the delinquent list).
 *
 *   npm run tabc:import -- FILE                 license CSV (TABC license dataset columns)
 *   npm run tabc:import -- --delinquent FILE    TABC delinquent list CSV
 *
 * Uses DATABASE_URL when set, else the embedded database under DATA_DIR. Safe to re-run.
 */
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { importDelinquents, importEstablishments } from './tabc.service.js';

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const delinquent = args.includes('--delinquent');
  const fileArg = args.find((a) => !a.startsWith('--'));
  if (!fileArg) {
    console.error('Usage: npm run tabc:import -- [--delinquent] FILE.csv');
    process.exit(2);
  }
  // npm runs the script inside apps/server; a relative path means the caller's directory
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  const started = Date.now();
  const what = delinquent ? 'delinquent list rows' : 'establishments';
  console.log(`Importing ${what} from ${file}`);
  const progress = (n: number) => process.stdout.write(`  ${n} rows read\r`);
  try {
    const r = delinquent
      ? await importDelinquents(database.db, file, progress)
      : await importEstablishments(database.db, file, progress);
    console.log(
      `\nDone: ${r.read} rows read, ${r.imported} ${what} saved, ${r.skipped} skipped in ${Date.now() - started} ms`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
