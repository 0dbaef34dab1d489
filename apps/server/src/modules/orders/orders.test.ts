import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpCompany, type TestContext } from '../../../test/helpers.js';
import { orders } from './orders.tables.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('placed-order count', () => {
  it("counts the company's placed orders only", async () => {
    const a = await signUpCompany(ctx);
    const b = await signUpCompany(ctx);
    await ctx.database.db.insert(orders).values([
      { company_id: a.companyId, order_number: 1, status: 'placed' },
      { company_id: a.companyId, order_number: 2, status: 'placed' },
      { company_id: a.companyId, order_number: 3, status: 'invoiced' },
      { company_id: b.companyId, order_number: 1, status: 'placed' },
    ]);
    expect((await a.api.get('/order/count')).body).toEqual({ count: 2 });
    expect((await b.api.get('/order/count')).body).toEqual({ count: 1 });
    expect((await (await signUpCompany(ctx)).api.get('/order/count')).body).toEqual({ count: 0 });
  });
});
