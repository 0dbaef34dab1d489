import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
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

it.skipIf(!!inject('databaseUrl'))(
  "tells no payment term the demo invoices contradict, and uses stamps only after their roll's arrival (issue 36)",
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbo-demo-dates-'));
    try {
      const db = t.ctx.database.db;
      await seedDemoIfEmpty(db, dir);
      const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
      const [company] = rows<{ default_invoice_note: string }>(
        await db.execute(sql`select default_invoice_note from companies limit 1`),
      );
      expect(company.default_invoice_note).not.toMatch(/due on delivery/i);
      const early = rows<{ number: number }>(
        await db.execute(sql`
          select distinct i.number from invoices i
          join stamp_assignments a on a.invoice_id = i.id
          join stamp_rolls r on r.id = a.roll_id
          where i.invoiced_at::date < r.received_at`),
      );
      expect(early).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
  120_000,
);
