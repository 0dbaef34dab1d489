import type { FeatureName } from '@dbo/domain/features';

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

/**
 * A page or a create action the palette reaches by name (issue 36: every page of the navigation
 * and every create action; the spec's static entries Inventories, Settings, Clear Cache and
 * Report Issue stay, under their names). `keywords` are other words people type for it.
 */
export interface PaletteCommand {
  label: string;
  to: string;
  keywords?: string[];
}

export interface PaletteContext {
  /** whether the company has the feature on */
  feature: (name: FeatureName) => boolean;
  /** whether the role reaches the screen of an action */
  reaches: (action: string) => boolean;
}

export function paletteCommands(ctx: PaletteContext): PaletteCommand[] {
  const { feature, reaches } = ctx;
  // Bottle POS or Clover on: Inventory is hidden and products are not created here (spec 2)
  const pos = feature('bottle_pos') || feature('clover');
  const when = (ok: boolean, ...cmds: PaletteCommand[]) => (ok ? cmds : []);
  const inventory = feature('inventory') && !pos && reaches('inventory.read');
  return [
    ...when(reaches('report.read'), { label: 'Dashboard', to: '/dashboard', keywords: ['home', 'stats'] }),
    ...when(reaches('invoice.create'), {
      label: 'New Invoice',
      to: '/invoice/create',
      keywords: ['create invoice', 'invoice builder'],
    }),
    ...when(reaches('invoice.read'), { label: 'Invoices', to: '/invoice', keywords: ['invoice list'] }),
    ...when(feature('email') && reaches('invoice.read'), { label: 'Email Log', to: '/emails', keywords: ['emails'] }),
    ...when(reaches('customer.edit'), { label: 'New Customer', to: '/customer/create', keywords: ['create customer'] }),
    ...when(
      reaches('customer.read'),
      { label: 'Customers', to: '/customer', keywords: ['establishments', 'bars', 'permits'] },
      { label: 'Delinquent Customers', to: '/customer/delinquent', keywords: ['delinquency', 'credit law'] },
    ),
    ...when(feature('order') && reaches('customer.read'), {
      label: 'Customer Users',
      to: '/customer/users',
      keywords: ['invitations', 'shop users'],
    }),
    ...when(feature('order') && reaches('order.read'), { label: 'Orders', to: '/order', keywords: ['online orders'] }),
    ...when(reaches('payment.read'), { label: 'Payments', to: '/payment', keywords: ['payment report'] }),
    ...when(reaches('payment.read'), {
      label: 'Receivables',
      to: '/receivables',
      keywords: ['aging', 'balances', 'statements', 'owing'],
    }),
    ...when(reaches('stamp.read'), { label: 'Stamps', to: '/stamp', keywords: ['stamp log', 'tabc stamps'] }),
    ...when(reaches('stamp.read'), { label: 'Stamp Rolls', to: '/stamp/roll', keywords: ['manage rolls'] }),
    ...when(reaches('stamp.edit'), {
      label: 'Register Stamp Roll',
      to: '/stamp/roll',
      keywords: ['new stamp roll', 'add roll'],
    }),
    ...when(reaches('stamp.edit'), { label: 'Record Stamps', to: '/stamp/record', keywords: ['stamp record'] }),
    ...when(reaches('product.read'), { label: 'Products', to: '/product', keywords: ['catalogue', 'catalog'] }),
    ...when(!pos && reaches('product.edit'), {
      label: 'New Product',
      to: '/product?new=1',
      keywords: ['create product', 'add product'],
    }),
    // the spec's name for the inventory entry
    ...when(inventory, { label: 'Inventories', to: '/inventory', keywords: ['inventory', 'stock'] }),
    ...when(inventory && reaches('inventory.edit'), {
      label: 'Restock Inventory',
      to: '/inventory/restock',
      keywords: ['re-stock', 'purchase order', 'new restock'],
    }),
    ...when(inventory, { label: 'Inventory History', to: '/inventory/history' }),
    ...when(feature('reports') && reaches('report.read'), { label: 'Reports', to: '/reports', keywords: ['charts'] }),
    ...when(feature('bottle_pos') && reaches('integration.read'), { label: 'Bottle POS', to: '/bottle-pos' }),
    ...when(feature('clover') && reaches('integration.read'), { label: 'Clover', to: '/clover' }),
    { label: 'Settings', to: '/setting', keywords: ['company', 'logo', 'profile'] },
    ...when(reaches('team.manage'), { label: 'Team', to: '/setting/team', keywords: ['staff', 'invite', 'users'] }),
    { label: 'Features', to: '/features', keywords: ['marketplace', 'extensions'] },
    ...when(feature('order'), { label: 'Notifications', to: '/notification' }),
    ...when(reaches('activity.read'), { label: 'Activity', to: '/activity', keywords: ['activity log', 'audit'] }),
    ...when(reaches('data.import'), { label: 'Import', to: '/import', keywords: ['csv', 'upload'] }),
    { label: 'Clear Cache', to: '/cache/clear' },
  ];
}

const words = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Whether what is typed names the command: every typed word starts a word of its label or of one
 * of its keywords ('new inv' finds New Invoice, 'stamp' finds Stamps and Stamp Rolls).
 * 0 = no match; higher = better (the label itself before a keyword).
 */
export function commandScore(typed: string, cmd: { label: string; keywords?: string[] }): number {
  const t = words(typed);
  if (t.length === 0) return 1;
  const fits = (text: string) => {
    const w = words(text);
    return t.every((tw) => w.some((x) => x.startsWith(tw)));
  };
  const label = cmd.label.toLowerCase();
  if (label === typed.trim().toLowerCase()) return 4;
  if (label.startsWith(typed.trim().toLowerCase())) return 3;
  if (fits(cmd.label)) return 2;
  return (cmd.keywords ?? []).some(fits) ? 1 : 0;
}

/** A TABC permit as typed ('MB-100234', 'mb 100234'): letters and digits, upper-cased. */
export const permitKey = (s: string | null | undefined) => (s ?? '').replace(/[^0-9a-z]/gi, '').toUpperCase();

/** A customer the query names: by name, or by permit as in the dashboard's quick search. */
export function customerMatches(c: { name: string; tabc_id?: string | null }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return false;
  if (c.name.toLowerCase().includes(q)) return true;
  const permit = permitKey(query);
  return permit.length >= 3 && permitKey(c.tabc_id).includes(permit);
}
