import { describe, expect, it } from 'vitest';
import { customerEntries, invoiceNumberQuery, issueMailto, productLabel } from './palette';

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
});
