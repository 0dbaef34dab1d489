import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { client, useTestApp } from '../../../test/helpers.js';
import { DEMO_STAFF, demoLoginFile, seedDemoIfEmpty } from '../../seed/demo.js';

const t = useTestApp();

it.skipIf(!!inject('databaseUrl'))(
  'gives the demo company an office user and a driver whose logins are in demo-login.txt',
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-demo-team-'));
    try {
      const login = await seedDemoIfEmpty(t.ctx.database.db, dir);
      const text = fs.readFileSync(demoLoginFile(dir), 'utf8');
      for (const u of DEMO_STAFF) {
        expect(text).toContain(`${u.role} login: ${u.email} / ${login!.password}`);
        const res = await client(t.ctx).post('/auth/signin', { email: u.email, password: login!.password });
        expect([res.status, res.body.user?.role]).toEqual([200, u.role]);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
  120_000,
);
