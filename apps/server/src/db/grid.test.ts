/**
 * Every grid route of the app goes through the one grid builder: keys every JavaScript object has
 * are no columns, and filter values are checked against their column's type (issue 11).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCompany } from '../../test/factories.js';
import { type SignedUp, useTestApp } from '../../test/helpers.js';

const t = useTestApp();
let owner: SignedUp;
beforeAll(async () => {
  owner = await makeCompany(t.ctx);
});

const GRID_ROUTES = [
  '/invoice/grid',
  '/invoice/payment/grid',
  '/invoice/email/grid',
  '/invoice/stamp/grid',
  '/user/user-activity/grid',
  '/customer/grid',
  '/customer/all-users/grid',
  '/product/grid',
];

const expect400 = async (url: string, query: Record<string, unknown>) => {
  const res = await owner.api.get(url, query);
  expect(res.status, `${url} ${JSON.stringify(query)}: ${JSON.stringify(res.body)}`).toBe(400);
  return res;
};

describe.each(GRID_ROUTES)('%s', (url) => {
  it('answers a page for no model at all', async () => {
    const res = await owner.api.get(url, { startRow: 0, endRow: 25 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: expect.any(Number), rows: expect.any(Array) });
  });

  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])('refuses a filter on %s', async (key) => {
    await expect400(url, { filterModel: `{"${key}":{"filterType":"text","type":"contains","filter":"x"}}` });
  });

  it.each(['constructor', 'toString', 'valueOf'])('refuses a sort on %s', async (colId) => {
    await expect400(url, { sortModel: [{ colId, sort: 'asc' }] });
  });

  it('refuses a combined filter with a null condition', async () => {
    await expect400(url, { filterModel: { id: { filterType: 'number', operator: 'AND', conditions: [null] } } });
  });

  it('refuses NUL in a filter value', async () => {
    await expect400(url, { filterModel: { id: { filterType: 'text', type: 'contains', filter: 'a\u0000b' } } });
  });
});

describe('filter values follow the column type', () => {
  it('refuses a fraction on an integer column', async () => {
    await expect400('/customer/grid', { filterModel: { id: { filterType: 'number', type: 'equals', filter: 1.5 } } });
    await expect400('/invoice/grid', {
      filterModel: { number: { filterType: 'number', type: 'equals', filter: 1.5 } },
    });
  });

  it('refuses a number past int4 on an integer column', async () => {
    await expect400('/product/grid', {
      filterModel: { reorder_level: { filterType: 'number', type: 'equals', filter: 2 ** 31 } },
    });
  });

  it('still takes a fraction on a money column', async () => {
    const res = await owner.api.get('/product/grid', {
      filterModel: { product_price: { filterType: 'number', type: 'greaterThan', filter: 1.5 } },
    });
    expect(res.status).toBe(200);
  });

  it('refuses an impossible day', async () => {
    await expect400('/customer/grid', {
      filterModel: { service_start: { filterType: 'date', type: 'equals', dateFrom: '2024-02-30 00:00:00' } },
    });
    await expect400('/user/user-activity/grid', {
      filterModel: { created_at: { filterType: 'date', type: 'equals', dateFrom: '2024-02-30' } },
    });
  });

  it('refuses a day outside 1900..2100', async () => {
    await expect400('/customer/grid', {
      filterModel: { created_at: { filterType: 'date', type: 'lessThan', dateFrom: '0000-01-01' } },
    });
  });

  it('refuses an unknown filter type', async () => {
    await expect400('/customer/grid', { filterModel: { name: { filterType: 'text', type: 'regex', filter: 'x' } } });
    await expect400('/customer/grid', { filterModel: { name: { filterType: 'spatial', filter: 'x' } } });
  });

  it('refuses a set filter with too many values', async () => {
    const values = Array.from({ length: 1001 }, (_, i) => `v${i}`);
    await expect400('/product/grid', { filterModel: { product_type: { filterType: 'set', values } } });
  });

  it('refuses a stamp number filter past int4', async () => {
    await expect400('/invoice/stamp/grid', { number_from: String(2 ** 31) });
    await expect400('/invoice/stamp/grid', {
      filterModel: { number: { filterType: 'number', type: 'equals', filter: 2 ** 31 } },
    });
  });
});
