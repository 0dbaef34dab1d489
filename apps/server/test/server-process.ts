/**
 * `src/main.ts` as a process of its own on a shared PostgreSQL database and Redis, for what needs
 * more than one server (the Redis adapter test, the concurrent-save bench): a throw-away DATA_DIR,
 * no demo data, no web build.
 */
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ROOT } from '../src/config.js';

export interface ServerProcess {
  child: ChildProcess;
  /** its DATA_DIR, for the caller to remove */
  dataDir: string;
}

export function spawnServer(opts: {
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** the secret the caller's in-process app signs its tokens with */
  jwtSecret: string;
  stdio: StdioOptions;
}): ServerProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-proc-'));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: opts.redisUrl,
      JWT_SECRET: opts.jwtSecret,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: opts.stdio,
  });
  return { child, dataDir };
}
