import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client.js';
import { freePort } from '../../../test/data-dir-fixtures.js';
import { client, createTestApp, useTestApp } from '../../../test/helpers.js';
import { checkMigrations } from './readiness.js';

const t = useTestApp();

describe('GET /api/v1/ready', () => {
  it('is ready when the database answers and every migration is applied', async () => {
    const res = await client(t.ctx).get('/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: { ok: true }, migrations: { ok: true } } });
    // liveness stays as it was
    expect((await client(t.ctx).get('/health')).body).toEqual({ status: 'ok' });
  });

  it('names a migration of this build that the database lacks', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-journal-'));
    try {
      fs.mkdirSync(path.join(dir, 'meta'));
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
      journal.entries.push({ idx: 99, version: '7', when: 4102444800000, tag: '0099_future', breakpoints: true });
      fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
      expect(await checkMigrations(t.ctx.database.db, dir)).toEqual({
        ok: false,
        error: 'migrations not applied: 0099_future',
      });
      expect(await checkMigrations(t.ctx.database.db)).toEqual({ ok: true });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 503 naming the database when it is gone', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const res = await client(other).get('/ready');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('not ready');
      expect(res.body.checks.database.ok).toBe(false);
      expect(res.body.checks.database.error).toEqual(expect.any(String));
      expect(res.body.checks.migrations).toEqual({ ok: false, error: 'database not reachable' });
    } finally {
      await other.app.close();
    }
  });

  it('checks Redis when REDIS_URL is set: 503 while it is down, 200 once it answers', async () => {
    const port = await freePort();
    const other = await createTestApp({ redisUrl: `redis://127.0.0.1:${port}` });
    let redis: ChildProcess | undefined;
    try {
      const down = await client(other).get('/ready');
      expect(down.status).toBe(503);
      expect(down.body.checks.database).toEqual({ ok: true });
      expect(down.body.checks.redis.ok).toBe(false);

      const hasRedis = fs.existsSync('/usr/bin/redis-server');
      if (!hasRedis) return;
      redis = spawn('/usr/bin/redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      let up = down;
      for (let i = 0; i < 50 && up.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        up = await client(other).get('/ready');
      }
      expect(up.status).toBe(200);
      expect(up.body.checks.redis).toEqual({ ok: true });
    } finally {
      await other.close();
      redis?.kill('SIGTERM');
    }
  });
});
