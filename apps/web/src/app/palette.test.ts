import { describe, expect, it } from 'vitest';
import { can } from '@dbo/domain/permissions';
import {
  commandScore,
  customerEntries,
  customerMatches,
  invoiceNumberQuery,
  issueMailto,
  paletteCommands,
  productLabel,
} from './palette';

const ownerWith = (...on: string[]) => paletteCommands({ feature: (n) => on.includes(n), reaches: () => true });
const find = (typed: string, cmds = ownerWith('inventory', 'order', 'email', 'reports')) =>
  cmds
    .map((c) => ({ label: c.label, score: commandScore(typed, c) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((c) => c.label);

describe('command palette rules', () => {
  it('reads a numeric query as an invoice number, anything else as text', () => {
    expect(invoiceNumberQuery('1001')).toBe(1001);
    expect(invoiceNumberQuery(' #1001B ')).toBe(1001);
    expect(invoiceNumberQuery('10a1')).toBeNull();
    expect(invoiceNumberQuery('titos')).toBeNull();
  });

  it('labels products and customer actions as the spec words them', () => {
    expect(productLabel({ id: 1, product: 'TITOS VODKA', product_type: 'LIQUOR', product_size: '750ML' })).toBe(
      'Edit product TITOS VODKA (LIQUOR 750ML)',
    );
    expect(customerEntries({ id: 7, name: 'Gruene Hall' })).toEqual([
      { value: 'c-7-edit', label: 'Edit customer Gruene Hall', to: '/customer/7/edit' },
      { value: 'c-7-create', label: 'Create invoice for Gruene Hall', to: '/invoice/create?customerId=7' },
      { value: 'c-7-list', label: 'View invoices for Gruene Hall', to: '/invoice?customerId=7' },
    ]);
  });

  it('drafts an issue mail with version, page, browser and company id', () => {
    const url = issueMailto({ version: '3.98.0', page: 'http://x/reports', browser: 'Chromium', companyId: 12 });
    const body = decodeURIComponent(url.split('&body=')[1]);
    expect(url.startsWith('mailto:?subject=Issue%20report')).toBe(true);
    expect(body).toContain('App version: 3.98.0');
    expect(body).toContain('Page: http://x/reports');
    expect(body).toContain('Browser: Chromium');
    expect(body).toContain('Company id: 12');
  });

  it('reaches every page of the navigation and every create action by name (issue 36)', () => {
    const labels = ownerWith('inventory', 'order', 'email', 'reports', 'bottle_pos').map((c) => c.label);
    for (const l of [
      'Dashboard',
      'Orders',
      'Customers',
      'Invoices',
      'Payments',
      'Receivables',
      'Stamps',
      'Products',
      'Reports',
      'Bottle POS',
      'Settings',
      'Clear Cache',
      'New Invoice',
      'New Customer',
      'Register Stamp Roll',
    ]) {
      expect(labels, l).toContain(l);
    }
    // a point of sale hides Inventory and product creation (spec 2)
    expect(labels).not.toContain('Inventories');
    expect(labels).not.toContain('New Product');
    expect(ownerWith('inventory').map((c) => c.label)).toEqual(
      expect.arrayContaining(['Inventories', 'Restock Inventory', 'New Product']),
    );
    expect(find('invoices')[0]).toBe('Invoices');
    expect(find('new inv')).toEqual(['New Invoice']);
    expect(find('stamp')).toEqual(expect.arrayContaining(['Stamps', 'Stamp Rolls', 'Register Stamp Roll']));
    expect(find('settings')[0]).toBe('Settings');
    expect(find('inventory')).toEqual(expect.arrayContaining(['Inventories', 'Inventory History']));
  });

  it('leaves out what the role cannot open', () => {
    const accountant = paletteCommands({
      feature: () => true,
      reaches: (a) => can('accountant', a as never),
    }).map((c) => c.label);
    expect(accountant).toContain('Receivables');
    expect(accountant).not.toContain('New Customer');
    expect(accountant).not.toContain('Team');
  });

  it('finds a customer by permit as the dashboard does, with or without the hyphen', () => {
    const bar = { name: 'Gruene Hall Saloon', tabc_id: 'MB-100234' };
    expect(customerMatches(bar, 'MB100234')).toBe(true);
    expect(customerMatches(bar, 'mb-1002')).toBe(true);
    expect(customerMatches(bar, 'gruene')).toBe(true);
    expect(customerMatches(bar, 'MB100999')).toBe(false);
  });
});
