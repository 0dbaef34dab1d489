import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PID_FILE } from '../src/modules/ops/backup.js';
import { freePort, templateDatabase, useTempDirs } from './data-dir-fixtures.js';

const tempDir = useTempDirs('dbo-proc-');

describe.skipIf(!inject('pgliteTemplate'))('the server process', () => {
  it('is ready, then on SIGTERM stops, removes its pid file and exits 0', async () => {
    const dataDir = tempDir();
    // an already migrated on-disk database, so the start does not spend a minute migrating
    const pg = await templateDatabase(path.join(dataDir, 'pglite'));
    await pg.close();
    const port = await freePort();
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(__dirname, '..'),
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        SEED_DEMO: 'never',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '5000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 600 && !out.includes('listening on'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(out).toContain('listening on');
      const ready = await fetch(`http://127.0.0.1:${port}/api/v1/ready`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('x-request-id')).toBeTruthy();
      expect(fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8')).toBe(String(child.pid));

      const t0 = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect(out).toContain('shutting down: draining in-flight requests');
      expect(out).toContain('"msg":"shut down"');
      expect(fs.existsSync(path.join(dataDir, PID_FILE))).toBe(false);
      await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});
