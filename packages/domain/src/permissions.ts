/**
 * The one permission table: which staff role may do which action. The server checks every staff
 * route against it (one hook, apps/server/src/modules/auth/permissions.plugin.ts) and the web hides
 * or disables what a role cannot do from it (apps/web/src/lib/permissions.ts).
 */

export const ROLES = ['owner', 'manager', 'office', 'sales', 'driver', 'accountant'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  office: 'Office',
  sales: 'Sales',
  driver: 'Driver',
  accountant: 'Accountant',
};

/**
 * Every action, with the words of a refusal: "Your role (accountant) cannot <phrase>". An action
 * with `refusal` answers that message instead (the spec's owner-only rules keep their wording).
 */
export const ACTIONS = {
  'self.use': { phrase: 'use their own account', group: 'Account' },
  'company.read': { phrase: 'view the company', group: 'Company settings' },
  'company.edit': { phrase: 'change company settings', group: 'Company settings' },
  'team.manage': { phrase: 'manage the team', group: 'Team' },
  'invoice.read': { phrase: 'view invoices', group: 'Invoices' },
  'invoice.create': { phrase: 'create invoices', group: 'Invoices' },
  'invoice.edit': { phrase: 'edit invoices', group: 'Invoices' },
  'invoice.draft': { phrase: 'create or edit draft invoices', group: 'Invoices' },
  'invoice.delete': {
    phrase: 'delete invoices',
    group: 'Invoices',
    refusal: 'Only the owner can delete invoices',
  },
  'payment.read': { phrase: 'view payments', group: 'Payments' },
  'payment.create': { phrase: 'record payments', group: 'Payments' },
  'payment.delete': {
    phrase: 'delete payments',
    group: 'Payments',
    refusal: 'Only the owner can delete payments',
  },
  'statement.send': { phrase: 'send statements', group: 'Payments' },
  'credit_memo.create': { phrase: 'issue credit memos', group: 'Payments' },
  'customer.read': { phrase: 'view customers', group: 'Customers' },
  'customer.edit': { phrase: 'change customers', group: 'Customers' },
  'customer.delete': { phrase: 'delete customers', group: 'Customers' },
  'product.read': { phrase: 'view products', group: 'Products' },
  'product.edit': { phrase: 'change products', group: 'Products' },
  'product.delete': { phrase: 'delete products', group: 'Products' },
  'stamp.read': { phrase: 'view stamps', group: 'Stamps' },
  'stamp.edit': { phrase: 'change stamps', group: 'Stamps' },
  'inventory.read': { phrase: 'view inventory', group: 'Inventory' },
  'inventory.edit': { phrase: 'change inventory', group: 'Inventory' },
  'order.read': { phrase: 'view orders', group: 'Orders' },
  'order.edit': { phrase: 'change orders', group: 'Orders' },
  'document.edit': { phrase: 'change documents and notes', group: 'Invoices' },
  'email.send': { phrase: 'send emails', group: 'Invoices' },
  'report.read': { phrase: 'view reports', group: 'Reports' },
  'activity.read': { phrase: 'view the activity log', group: 'Reports' },
  'data.export': { phrase: 'export data', group: 'Reports' },
  'data.import': { phrase: 'import data', group: 'Company settings' },
  'integration.read': { phrase: 'view integrations', group: 'Integrations' },
  'integration.sync': { phrase: 'sync with partners', group: 'Integrations' },
  'delivery.read': { phrase: 'view deliveries', group: 'Deliveries' },
  'delivery.manage': { phrase: 'plan deliveries', group: 'Deliveries' },
  'delivery.own': { phrase: 'work their own deliveries', group: 'Deliveries' },
} as const satisfies Record<string, { phrase: string; group: string; refusal?: string }>;

export type Action = keyof typeof ACTIONS;
export const ACTION_NAMES = Object.keys(ACTIONS) as Action[];

export const isAction = (name: string): name is Action => Object.hasOwn(ACTIONS, name);

const READS: Action[] = [
  'company.read',
  'invoice.read',
  'payment.read',
  'customer.read',
  'product.read',
  'stamp.read',
  'inventory.read',
  'order.read',
  'report.read',
  'activity.read',
  'integration.read',
  'delivery.read',
];

/** Only the owner, whatever else a role may do (the spec's owner-only rules, the team, settings). */
const OWNER_ONLY: Action[] = ['team.manage', 'company.edit', 'payment.delete', 'invoice.delete'];

const everything = ACTION_NAMES.filter((a) => a !== 'invoice.draft');

export const PERMISSIONS: Record<Role, readonly Action[]> = {
  owner: everything,
  manager: everything.filter((a) => !OWNER_ONLY.includes(a)),
  office: [
    'self.use',
    ...READS,
    'invoice.create',
    'invoice.edit',
    'payment.create',
    'statement.send',
    'credit_memo.create',
    'customer.edit',
    'customer.delete',
    'product.edit',
    'product.delete',
    'stamp.edit',
    'inventory.edit',
    'order.edit',
    'document.edit',
    'email.send',
    'data.export',
    'data.import',
    'integration.sync',
    'delivery.manage',
  ],
  sales: ['self.use', ...READS, 'customer.edit', 'order.edit', 'invoice.draft', 'document.edit'],
  driver: ['self.use', 'company.read', 'delivery.own'],
  accountant: ['self.use', ...READS, 'payment.create', 'statement.send', 'credit_memo.create', 'data.export'],
};

/**
 * A role that lacks the action but holds its alternate passes the route's check, and the service
 * limits what it does (sales: an invoice that is and stays a draft).
 */
export const ALTERNATES: Partial<Record<Action, Action>> = {
  'invoice.create': 'invoice.draft',
  'invoice.edit': 'invoice.draft',
};

export const isRole = (name: string): name is Role => (ROLES as readonly string[]).includes(name);

export function can(role: string | undefined | null, action: Action): boolean {
  return !!role && isRole(role) && PERMISSIONS[role].includes(action);
}

/** May the role call a route of this action (itself or its alternate)? */
export function mayCall(role: string | undefined | null, action: Action): boolean {
  const alt = ALTERNATES[action];
  return can(role, action) || (!!alt && can(role, alt));
}

export function refusalMessage(role: string, action: Action): string {
  const a: { phrase: string; refusal?: string } = ACTIONS[action];
  return a.refusal ?? `Your role (${role}) cannot ${a.phrase}`;
}

/** The matrix as rows (README, Settings → Team): an action's label and which roles hold it. */
export function permissionMatrix(): { action: Action; group: string; phrase: string; roles: Record<Role, boolean> }[] {
  return ACTION_NAMES.map((action) => ({
    action,
    group: ACTIONS[action].group,
    phrase: ACTIONS[action].phrase,
    roles: Object.fromEntries(ROLES.map((r) => [r, can(r, action)])) as Record<Role, boolean>,
  }));
}

/** The refusal of a draft-only role writing an invoice that is not a draft. */
export const DRAFT_ONLY_MESSAGE = (role: string) => `Your role (${role}) can only create or edit draft invoices`;

/** The matrix as a Markdown table (the README's, checked by permissions.test.ts). */
export function permissionMatrixMarkdown(): string {
  const head = `| action | ${ROLES.join(' | ')} |`;
  const rule = `| --- | ${ROLES.map(() => ':---:').join(' | ')} |`;
  const rows = permissionMatrix().map(
    (r) =>
      `| ${r.group}: ${r.phrase} (\`${r.action}\`) | ${ROLES.map((role) => (r.roles[role] ? 'yes' : '')).join(' | ')} |`,
  );
  return [head, rule, ...rows].join('\n');
}
