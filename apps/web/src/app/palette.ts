/** The command palette's rules and texts (spec 2, Command palette; section 9 constants). */
export const PALETTE = {
  /** results per group */
  perGroup: 3,
  /** a search starts when the query is longer than this */
  minChars: 2,
  debounceMs: 300,
} as const;

export interface PaletteProduct {
  id: number;
  product: string;
  product_type: string;
  product_size: string;
}

/** A purely numeric query is an invoice number (a trailing B names a beer invoice's number too). */
export function invoiceNumberQuery(q: string): number | null {
  const m = /^#?(\d{1,9})[bB]?$/.exec(q.trim());
  return m ? Number(m[1]) : null;
}

/** 'Edit product name (type size)' */
export const productLabel = (p: PaletteProduct) =>
  `Edit product ${p.product} (${[p.product_type, p.product_size].filter(Boolean).join(' ')})`;

/** The three entries of a customer. */
export const customerEntries = (c: { id: number; name: string }) => [
  { value: `c-${c.id}-edit`, label: `Edit customer ${c.name}`, to: `/customer/${c.id}/edit` },
  { value: `c-${c.id}-create`, label: `Create invoice for ${c.name}`, to: `/invoice/create?customerId=${c.id}` },
  { value: `c-${c.id}-list`, label: `View invoices for ${c.name}`, to: `/invoice?customerId=${c.id}` },
];

/** Report Issue: a mail draft with the debug information. */
export function issueMailto(info: {
  version: string;
  page: string;
  browser: string;
  companyId: number | null;
}): string {
  const body = [
    'Please describe the issue:',
    '',
    '',
    '---',
    `App version: ${info.version}`,
    `Page: ${info.page}`,
    `Browser: ${info.browser}`,
    `Company id: ${info.companyId ?? ''}`,
  ].join('\n');
  return `mailto:?subject=${encodeURIComponent('Issue report')}&body=${encodeURIComponent(body)}`;
}
