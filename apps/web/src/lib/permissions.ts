import { type Action, can as roleCan, mayCall, type Role, ROLE_LABELS, isRole } from '@dbo/domain/permissions';

export type { Action };

/**
 * What the signed-in role may do, from the one permission table (@dbo/domain/permissions) the
 * server enforces: the web hides or disables what it would refuse. `can` is exposed by the
 * session (`useSession().can('invoice.create')`).
 */
export function canAs(role: string | null | undefined, action: Action): boolean {
  return roleCan(role, action);
}

/** Whether the role reaches the screens of an action (itself or its draft-only stand-in). */
export function reachesAs(role: string | null | undefined, action: Action): boolean {
  return mayCall(role, action);
}

export function roleLabel(role: string | null | undefined): string {
  return role && isRole(role) ? ROLE_LABELS[role as Role] : (role ?? '');
}

/** The navigation's screens and the action that shows each. */
export const SCREEN_ACTIONS: Record<string, Action> = {
  '/dashboard': 'report.read',
  '/order': 'order.read',
  '/customer': 'customer.read',
  '/invoice': 'invoice.read',
  '/payment': 'payment.read',
  '/receivables': 'payment.read',
  '/stamp': 'stamp.read',
  '/product': 'product.read',
  '/inventory': 'inventory.read',
  '/reports': 'report.read',
  '/delivery': 'delivery.read',
  '/bottle-pos': 'integration.read',
  '/clover': 'integration.read',
};

/** Keeps the navigation items the role may open. */
export function screensFor<T extends { key: string }>(role: string | null | undefined, items: T[]): T[] {
  return items.filter((i) => {
    const action = SCREEN_ACTIONS[i.key];
    return !action || canAs(role, action);
  });
}

/**
 * Where a signed-in role lives: a role that only works its own deliveries (the driver) has the phone
 * screen /driver and nothing in the staff shell; every other role the dashboard.
 */
export function homeFor(role: string | null | undefined): '/driver' | '/dashboard' {
  return canAs(role, 'delivery.own') && !canAs(role, 'invoice.read') ? '/driver' : '/dashboard';
}
