import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase, reportToStderr } from './db/client.js';
import { embeddedSizeHint } from './db/embedded-hint.js';
import { restrictTree, secureDataDir } from './lib/data-dir.js';
import { keyFromConfig, useSecretsKey } from './lib/secrets.js';
import { startMissingSimulators } from './integrations/simulators.js';
import { gracefulShutdown } from './lib/shutdown.js';
import { PID_FILE } from './modules/ops/backup.js';
import { DEMO_STAFF, demoLoginFile, seedDemoIfEmpty, shouldSeedDemo } from './seed/demo.js';
import { DEMO_SHOP } from './modules/orders/orders.seed.js';

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
  // before anything is written: DATA_DIR 0700, its files 0600, and so will be PGlite's
  secureDataDir(config.dataDir);
  // a dropped PostgreSQL connection is logged (to stderr until the app's log exists) and the server goes on
  let connectionError: (err: Error) => void = reportToStderr;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
    onConnectionError: (err) => connectionError(err),
  });
  // PGlite writes its files 0666 whatever the umask: close them again
  restrictTree(config.dataDir);
  // Demo data only for the embedded database: a PostgreSQL server is someone's real data.
  const demo = shouldSeedDemo(config);
  // the demo seeds partners' (simulator) keys, sealed with the key buildApp also uses
  useSecretsKey(keyFromConfig(config));
  const demoLogin = demo ? await seedDemoIfEmpty(database.db, config.dataDir) : undefined;
  // partners without a URL get their local simulator, so every integration page works out of the box
  const simulators = await startMissingSimulators(config);
  const app = await buildApp({
    config,
    db: database.db,
    jwtSecret: jwtSecret(config.dataDir, config.jwtSecret),
    realtime: true,
  });
  connectionError = (err) =>
    app.log.warn({ err }, 'a pooled PostgreSQL connection failed and was dropped; the next query opens another');
  // `npm run backup` / `restore` refuse to touch DATA_DIR while this file names a live process
  const pidFile = path.join(config.dataDir, PID_FILE);
  app.addHook('onClose', async () => {
    await simulators.close();
    await database.close();
    fs.rmSync(pidFile, { force: true });
    restrictTree(config.dataDir);
  });
  await app.listen({ port: config.port, host: config.host });
  if (!config.databaseUrl) fs.writeFileSync(pidFile, String(process.pid), { mode: 0o600 });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
  console.log(
    `\nDistributor Back-office listening on http://${config.host}:${config.port} (${where}) in ${Date.now() - started} ms`,
  );
  // the generated password is printed once, at the start that created it; then it is in the file
  if (demoLogin) {
    console.log(`Demo login: ${demoLogin.email} / ${demoLogin.password} (kept in ${demoLoginFile(config.dataDir)})`);
    for (const u of DEMO_STAFF) console.log(`Demo ${u.role} login: ${u.email} / ${demoLogin.password}`);
    console.log(
      `Demo shop: http://localhost:${config.port}/shop/${DEMO_SHOP.subdomain} ${DEMO_SHOP.email} / ${demoLogin.password}\n`,
    );
  } else if (demo && fs.existsSync(demoLoginFile(config.dataDir)))
    console.log(
      `Demo login: see ${demoLoginFile(config.dataDir)} (the shop user ${DEMO_SHOP.email} has the same password)\n`,
    );

  if (!config.databaseUrl) {
    const hint = await embeddedSizeHint(database.db);
    if (hint) app.log.warn(hint);
  }

  const shutdown = gracefulShutdown(app, { timeoutMs: config.shutdownTimeoutMs });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
