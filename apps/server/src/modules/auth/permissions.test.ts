import { type ACTIONS, mayCall, refusalMessage, ROLES, type Role } from '@dbo/domain/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { DRAFT_ONLY_MESSAGE, permissionMatrixMarkdown } from '@dbo/domain/permissions';
import { line, makeCustomer, makeProduct, makeStaff } from '../../../test/factories.js';
import { type Client, signUpCompany, useTestApp } from '../../../test/helpers.js';
import { staffRoutes } from './permissions.plugin.js';

const t = useTestApp();

/**
 * Generated from the app's own route table and the permission table: every staff route must name
 * its action, and each role gets through the permission hook exactly where the table says so.
 */
describe('the permission table on every staff route', () => {
  const as = {} as Record<Role, Client>;
  let companyId = 0;
  beforeAll(async () => {
    const owner = await signUpCompany(t.ctx);
    companyId = owner.companyId;
    as.owner = owner.api;
    for (const role of ROLES) if (role !== 'owner') as[role] = await makeStaff(t.ctx, owner.companyId, role);
  });

  it('gives every staff route an action (config.action or ROUTE_ACTIONS in route-actions.ts)', () => {
    const routes = staffRoutes(t.ctx.app);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.action).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('lets each role call what the table allows and refuses the rest with 403 naming role and action', async () => {
    const routes = staffRoutes(t.ctx.app).filter((r) => r.url !== '/auth/signout');
    const wrong: string[] = [];
    for (const route of routes) {
      const url = `/api/v1${route.url.replace(/:[A-Za-z]+/g, '999999')}`;
      for (const role of ROLES) {
        const token = as[role].token as string;
        // a write is stopped by its content type (415) after the permission hook and before its
        // handler, so the probe changes nothing; a read runs
        const write = route.method !== 'GET';
        const res = await t.ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            authorization: `Bearer ${token}`,
            ...(write ? { 'content-type': 'application/x-permission-probe' } : {}),
          },
          ...(write ? { payload: 'probe' } : {}),
        });
        const action = route.action as keyof typeof ACTIONS;
        const allowed = mayCall(role, action);
        const refused = res.statusCode === 403 && res.json().message === refusalMessage(role, action);
        if (res.statusCode === 401) wrong.push(`${role} ${route.method} ${route.url}: 401`);
        else if (allowed && res.statusCode === 403 && res.json().message === refusalMessage(role, action))
          wrong.push(`${role} ${route.method} ${route.url}: refused, the table allows ${action}`);
        else if (!allowed && !refused)
          wrong.push(`${role} ${route.method} ${route.url}: ${res.statusCode}, the table refuses ${action}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('words a refusal with the role and the action, and keeps the spec’s owner-only messages', async () => {
    const invoice = await as.accountant.post('/invoice', { customer: { id: 1 }, items: [] });
    expect([invoice.status, invoice.body.message]).toEqual([403, 'Your role (accountant) cannot create invoices']);
    const payment = await as.manager.del('/invoice/1/payment/1');
    expect([payment.status, payment.body.message]).toEqual([403, 'Only the owner can delete payments']);
    const team = await as.manager.put('/company/1', {});
    expect([team.status, team.body.message]).toEqual([403, 'Your role (manager) cannot change company settings']);
    const driver = await as.driver.get('/invoice/grid');
    expect([driver.status, driver.body.message]).toEqual([403, 'Your role (driver) cannot view invoices']);
    expect((await as.driver.get('/validate_token')).status).toBe(200);
  });

  it('lets sales write draft invoices only, and keep them drafts', async () => {
    const customer = await makeCustomer(t.ctx, companyId);
    const wine = await makeProduct(t.ctx, companyId, { product_type: 'WINE' });
    const body = { customer: { id: customer.id }, stamps: [], items: [line(wine.id, 1, 10)] };
    const draft = await as.sales.post('/invoice', { ...body, status: 'draft' });
    expect(draft.status).toBe(200);
    const invoiced = await as.sales.post('/invoice', { ...body, status: 'invoiced' });
    expect([invoiced.status, invoiced.body.message]).toEqual([403, DRAFT_ONLY_MESSAGE('sales')]);
    const promote = await as.sales.put(`/invoice/${draft.body.id}`, { status: 'invoiced' });
    expect([promote.status, promote.body.message]).toEqual([403, DRAFT_ONLY_MESSAGE('sales')]);
    const edit = await as.sales.put(`/invoice/${draft.body.id}`, { ...body, status: 'draft', note: 'call first' });
    expect(edit.status).toBe(200);
    expect((await as.office.put(`/invoice/${draft.body.id}`, { status: 'invoiced' })).status).toBe(200);
    const late = await as.sales.put(`/invoice/${draft.body.id}`, { ...body, status: 'draft' });
    expect([late.status, late.body.message]).toEqual([403, DRAFT_ONLY_MESSAGE('sales')]);
  });
});

it('prints the permission table as the README’s role matrix', () => {
  const readme = fs.readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
  expect(readme).toContain(permissionMatrixMarkdown());
});
