import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, can, mayCall, PERMISSIONS, refusalMessage, ROLES } from './permissions.js';

describe('the permission table', () => {
  it('gives the owner everything but the draft-only stand-in, and keeps owner-only rules to the owner', () => {
    expect(ACTION_NAMES.filter((a) => !can('owner', a))).toEqual(['invoice.draft']);
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      for (const a of ['payment.delete', 'invoice.delete', 'team.manage', 'company.edit'] as const)
        expect(can(role, a), `${role} ${a}`).toBe(false);
    }
  });

  it('follows the issue’s rules per role', () => {
    expect(can('manager', 'invoice.create') && can('manager', 'delivery.manage')).toBe(true);
    expect(can('office', 'stamp.edit') && can('office', 'payment.create')).toBe(true);
    expect(can('sales', 'invoice.create') || can('sales', 'payment.create') || can('sales', 'product.edit')).toBe(
      false,
    );
    expect(mayCall('sales', 'invoice.create') && can('sales', 'customer.edit') && can('sales', 'order.edit')).toBe(
      true,
    );
    expect(PERMISSIONS.driver).toEqual(['self.use', 'company.read', 'delivery.own']);
    expect(
      can('accountant', 'invoice.create') || can('accountant', 'invoice.edit') || mayCall('accountant', 'invoice.edit'),
    ).toBe(false);
    for (const a of ['payment.create', 'statement.send', 'credit_memo.create', 'data.export', 'report.read'] as const)
      expect(can('accountant', a)).toBe(true);
    expect(can('staff', 'invoice.read')).toBe(false);
  });

  it('names the role and the action in a refusal', () => {
    expect(refusalMessage('accountant', 'invoice.create')).toBe('Your role (accountant) cannot create invoices');
    expect(refusalMessage('office', 'payment.delete')).toBe('Only the owner can delete payments');
  });
});
