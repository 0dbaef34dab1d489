import { describe, expect, it } from 'vitest';
import { signUpCompany, useTestApp } from '../../../test/helpers.js';
import { orders } from './orders.tables.js';

const t = useTestApp();

describe('placed-order count', () => {
  it("counts the company's placed orders only", async () => {
    const a = await signUpCompany(t.ctx);
    const b = await signUpCompany(t.ctx);
    await t.ctx.database.db.insert(orders).values([
      { company_id: a.companyId, order_number: 1, status: 'placed' },
      { company_id: a.companyId, order_number: 2, status: 'placed' },
      { company_id: a.companyId, order_number: 3, status: 'invoiced' },
      { company_id: b.companyId, order_number: 1, status: 'placed' },
    ]);
    expect((await a.api.get('/order/count')).body).toEqual({ count: 2 });
    expect((await b.api.get('/order/count')).body).toEqual({ count: 1 });
    expect((await (await signUpCompany(t.ctx)).api.get('/order/count')).body).toEqual({ count: 0 });
  });
});
