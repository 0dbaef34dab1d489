import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVOICE_LINKS } from '../src/modules/invoices/invoices.tables.js';
import { useTestApp } from './helpers.js';

const t = useTestApp();

describe('links to invoices from the modules below', () => {
  it('keeps each as a foreign key to invoices.id that clears on delete', async () => {
    const res = await t.ctx.database.db.execute(sql`
      select c.relname as "table", a.attname as "column", f.relname as target, k.confdeltype as on_delete
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class f on f.oid = k.confrelid
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
       where k.contype = 'f' and f.relname = 'invoices' and a.attname = 'invoice_id'`);
    const found = (res as unknown as { rows: { table: string; column: string; target: string; on_delete: string }[] })
      .rows;
    for (const link of INVOICE_LINKS) {
      expect(found).toContainEqual({ ...link, target: 'invoices', on_delete: 'n' });
    }
  });
});
