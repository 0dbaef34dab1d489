import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_LOGIN, seedDemoIfEmpty } from './seed/demo.js';

/** JWT_SECRET, or a secret generated once and kept in DATA_DIR so restarts keep sessions. */
function jwtSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main() {
  const started = Date.now();
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  // Demo data only for the embedded database: a PostgreSQL server is someone's real data.
  const demo = config.seedDemo === 'auto' && !config.databaseUrl;
  if (demo) await seedDemoIfEmpty(database.db);
  const app = await buildApp({
    config,
    db: database.db,
    jwtSecret: jwtSecret(config.dataDir, config.jwtSecret),
    realtime: true,
  });
  app.addHook('onClose', async () => database.close());
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
  console.log(
    `\nDistributor Back-office ready on http://localhost:${config.port} (${where}) in ${Date.now() - started} ms`,
  );
  if (demo) {
    console.log(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
