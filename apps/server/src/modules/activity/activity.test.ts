import { describe, expect, it } from 'vitest';
import { makeStaff } from '../../../test/factories.js';
import { newProduct } from '../../../test/product-fixtures.js';
import { client, useAppWithTwoCompanies } from '../../../test/helpers.js';

const t = useAppWithTwoCompanies(['Owen Owner', 'Other Owner']);

const byUser = (id: number) => ({
  startRow: 0,
  endRow: 100,
  filterModel: { user_id: { filterType: 'number', type: 'equals', filter: id } },
});

describe('the activity log, filtered by user', () => {
  it('lists the company’s people to filter by, and shows only the chosen person’s rows', async () => {
    const office = await makeStaff(t.ctx, t.owner.companyId, 'office');
    const officeMe = (await office.get('/validate_token')).body.user;
    await t.owner.api.post('/product', newProduct());
    await office.post('/product', newProduct());
    await office.post('/product', newProduct());

    const people = await office.get('/user/user-activity/users');
    expect(people.status).toBe(200);
    expect(people.body.map((u: { id: number }) => u.id).sort()).toEqual([t.owner.user.id, officeMe.id].sort());
    expect(people.body.find((u: { id: number }) => u.id === officeMe.id)).toEqual({
      id: officeMe.id,
      name: 'Sam Staff',
      email: officeMe.email,
    });

    const mine = await t.owner.api.get('/user/user-activity/grid', byUser(officeMe.id));
    expect(mine.status).toBe(200);
    const products = mine.body.rows.filter((r: { module: string; type: string }) => r.module === 'PRODUCT');
    expect(products).toHaveLength(2);
    expect(mine.body.rows.every((r: { user_id: number; user: string }) => r.user_id === officeMe.id)).toBe(true);
    expect(mine.body.count).toBe(mine.body.rows.length);

    const owners = await t.owner.api.get('/user/user-activity/grid', byUser(t.owner.user.id));
    expect(owners.body.rows.length).toBeGreaterThan(0);
    expect(owners.body.rows.every((r: { user: string }) => r.user === 'Owen Owner')).toBe(true);
    expect(owners.body.rows.some((r: { module: string }) => r.module === 'PRODUCT')).toBe(true);
  });

  it('never shows another company’s people or rows', async () => {
    const people = await t.other.api.get('/user/user-activity/users');
    expect(people.body.map((u: { id: number }) => u.id)).toEqual([t.other.user.id]);
    const theirs = await t.other.api.get('/user/user-activity/grid', byUser(t.owner.user.id));
    expect([theirs.status, theirs.body.rows, theirs.body.count]).toEqual([200, [], 0]);
  });

  it('leaves pending invitations out of the people (they have done nothing yet)', async () => {
    const invited = await t.owner.api.post('/company/user-invitation', {
      name: 'Ivy Invited',
      email: `ivy.${Date.now()}@example.com`,
      role: 'sales',
    });
    expect(invited.status).toBe(200);
    const people = await t.owner.api.get('/user/user-activity/users');
    expect(people.body.map((u: { name: string }) => u.name)).not.toContain('Ivy Invited');
  });

  it('refuses a bad user filter with a 400, a stranger with a 401 and a driver with a 403', async () => {
    for (const filter of ['abc', 1.5]) {
      const res = await t.owner.api.get('/user/user-activity/grid', {
        filterModel: { user_id: { filterType: 'number', type: 'equals', filter } },
      });
      expect(res.status).toBe(400);
    }
    expect((await client(t.ctx).get('/user/user-activity/users')).status).toBe(401);
    const driver = await makeStaff(t.ctx, t.owner.companyId, 'driver');
    const refused = await driver.get('/user/user-activity/users');
    expect([refused.status, refused.body.message]).toEqual([403, 'Your role (driver) cannot view the activity log']);
  });
});
