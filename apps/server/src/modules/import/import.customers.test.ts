import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCompany } from '../../../test/factories.js';
import { useTestApp, type SignedUp } from '../../../test/helpers.js';
import { customers } from '../customers/customers.tables.js';
import { runImport, upload } from '../../../test/import-fixtures.js';

const t = useTestApp();

const CUSTOMERS_CSV = [
  'Customer Name,Street,City,State,Zip Code,TABC Permit,Email,COD,Start Date',
  'Broken Spoke,3201 S Lamar Blvd,Austin,TX,78704,MB-100234,buyer@spoke.example,yes,11/23/2025',
  'Continental Club,1315 S Congress Ave,Austin,tx,78704,MB200345,,no,2024-01-05',
  '=HYPERLINK("http://evil"),1 Main St,Austin,TX,78701,MB300456,,,',
].join('\n');

describe('customers', () => {
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await makeCompany(t.ctx);
  });

  it('guesses the mapping from the headers and dry-runs without writing', async () => {
    const res = await upload(t.ctx, owner, '/import/customers/preview', CUSTOMERS_CSV);
    expect(res.status).toBe(200);
    expect(res.body.mapping).toMatchObject({
      name: 'Customer Name',
      address: 'Street',
      zip: 'Zip Code',
      tabc_id: 'TABC Permit',
      contact_email: 'Email',
      cash_on_delivery: 'COD',
      service_start: 'Start Date',
    });
    expect(res.body.counts).toEqual({ new: 3, updated: 0, unchanged: 0, invalid: 0 });
    expect(res.body.rows[0]).toMatchObject({ row: 2, action: 'new' });
    expect(res.body.rows[0].values).toMatchObject({ tabc_id: 'MB-100234', service_start: '2025-11-23' });
    const rows = await t.ctx.database.db.select().from(customers).where(eq(customers.company_id, owner.companyId));
    expect(rows).toHaveLength(0);
  });

  it('imports, keeps a formula-looking name as text, and a re-import changes nothing', async () => {
    const job = await runImport(t.ctx, owner, 'customers', CUSTOMERS_CSV);
    expect(job).toMatchObject({
      status: 'done',
      done: 3,
      total: 3,
      counts: { new: 3, updated: 0, unchanged: 0, invalid: 0 },
    });
    const rows = await t.ctx.database.db.select().from(customers).where(eq(customers.company_id, owner.companyId));
    expect(rows.map((r) => r.name).sort()).toEqual(['=HYPERLINK("http://evil")', 'Broken Spoke', 'Continental Club']);
    const spoke = rows.find((r) => r.name === 'Broken Spoke');
    expect(spoke).toMatchObject({
      cash_on_delivery: true,
      service_start: '2025-11-23',
      contact_email: 'buyer@spoke.example',
    });
    expect(rows.find((r) => r.name === 'Continental Club')?.state).toBe('TX');

    const again = await runImport(t.ctx, owner, 'customers', CUSTOMERS_CSV);
    expect(again.counts).toEqual({ new: 0, updated: 0, unchanged: 3, invalid: 0 });
    const after = await t.ctx.database.db.select().from(customers).where(eq(customers.company_id, owner.companyId));
    expect(after).toHaveLength(3);
  });

  it('matches by permit, else by name and zip, and updates only what changed', async () => {
    const csv = [
      'Customer Name,Street,City,Zip Code,TABC Permit',
      'Broken Spoke Saloon,3201 S Lamar Blvd,Austin,78704,mb100234',
      'Continental Club,1315 S Congress Ave,Austin,78704,MB999999',
    ].join('\n');
    const preview = await upload(t.ctx, owner, '/import/customers/preview', csv);
    expect(preview.body.counts).toEqual({ new: 0, updated: 2, unchanged: 0, invalid: 0 });
    await runImport(t.ctx, owner, 'customers', csv);
    const rows = await t.ctx.database.db.select().from(customers).where(eq(customers.company_id, owner.companyId));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.tabc_id === 'MB100234')?.name).toBe('Broken Spoke Saloon');
    expect(rows.find((r) => r.name === 'Continental Club')?.tabc_id).toBe('MB999999');
    // a column left unmapped keeps its stored value
    expect(rows.find((r) => r.tabc_id === 'MB100234')?.cash_on_delivery).toBe(true);
  });

  it('reports each bad row with its line number and the editor’s message', async () => {
    const csv = [
      'Name,Address,City,Zip,TABC',
      'Good Bar,1 A St,Austin,78701,MB400001',
      ',2 B St,Austin,78701,MB400002',
      'Bad Permit,3 C St,Austin,78701,12345',
      'Good Bar Again,1 A St,Austin,78701,MB400001',
    ].join('\r\n');
    const res = await upload(t.ctx, owner, '/import/customers/preview', csv);
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ new: 1, updated: 0, unchanged: 0, invalid: 3 });
    expect(res.body.errors).toEqual([
      { row: 3, message: 'Name is required' },
      { row: 4, message: expect.stringContaining('TABC permit code must be') },
      { row: 5, message: 'The same record as row 2' },
    ]);
  });

  it('all-or-nothing refuses the file when a row is bad; skip imports the rest and offers the rejects', async () => {
    const csv = [
      'Name,Address,City,Zip,TABC',
      'Skip One,1 A St,Austin,78701,MB500001',
      'No Zip,2 B St,Austin,,MB500002',
    ].join('\n');
    const aborted = await runImport(t.ctx, owner, 'customers', csv, { on_error: 'abort' });
    expect(aborted.status).toBe('failed');
    expect(aborted.errors).toEqual([{ row: 3, message: 'Zip is required' }]);
    const none = await t.ctx.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.company_id, owner.companyId), eq(customers.tabc_id, 'MB500001')));
    expect(none).toHaveLength(0);

    const skipped = await runImport(t.ctx, owner, 'customers', csv, { on_error: 'skip' });
    expect(skipped).toMatchObject({ status: 'done', counts: { new: 1, invalid: 1 } });
    const one = await t.ctx.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.company_id, owner.companyId), eq(customers.tabc_id, 'MB500001')));
    expect(one).toHaveLength(1);

    const rejects = await owner.api.get(`/import/job/${skipped.id}/rejects`);
    expect(rejects.status).toBe(200);
    expect(String(rejects.headers['content-type'])).toContain('text/csv');
    const lines = String(rejects.body).trim().split('\r\n');
    expect(lines).toEqual([
      'Row,Reason,Name,Address,City,Zip,TABC',
      '3,Zip is required,No Zip,2 B St,Austin,,MB500002',
    ]);
  });

  it('uses the mapping sent, refuses unknown fields and columns, and remembers it', async () => {
    const csv = ['A,B,C,D,E', 'Mapped Bar,9 Z St,Austin,78799,MB600001'].join('\n');
    const mapping = { name: 'A', address: 'B', city: 'C', zip: 'D', tabc_id: 'E' };
    const guessed = await upload(t.ctx, owner, '/import/customers/preview', csv);
    expect(guessed.status).toBe(200);
    expect(guessed.body.errors[0]).toEqual({ row: 1, message: expect.stringContaining('Choose a column for: Name') });

    const res = await upload(t.ctx, owner, '/import/customers/preview', csv, { mapping });
    expect(res.body.counts.new).toBe(1);
    expect(
      (await upload(t.ctx, owner, '/import/customers/preview', csv, { mapping: { nope: 'A' } })).body.message,
    ).toBe('nope is not a field of this import');
    expect((await upload(t.ctx, owner, '/import/customers/preview', csv, { mapping: { name: 'Q' } })).status).toBe(400);
    expect((await upload(t.ctx, owner, '/import/customers/preview', csv, { mapping: '{not json' })).status).toBe(400);
    expect((await upload(t.ctx, owner, '/import/customers', csv, { mapping: { name: 'A' } })).status).toBe(400);

    await runImport(t.ctx, owner, 'customers', csv, { mapping });
    const remembered = await owner.api.get('/import/mapping/customers');
    expect(remembered.body).toEqual({ kind: 'customers', mapping });
    // the next file with the same headers needs no mapping
    const next = await upload(t.ctx, owner, '/import/customers/preview', csv);
    expect(next.body.mapping).toEqual(mapping);
    expect(next.body.counts.unchanged).toBe(1);
  });
});
