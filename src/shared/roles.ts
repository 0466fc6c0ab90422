/** Zod-free: the server checks these and the web app draws its menus from them. */
/**
 * Customers are 'user', the spec's value. A 'guest' is begun by a table's link and may only order
 * at that table (docs/decisions/0047-guest-orders-at-the-table.md).
 */
export const ROLES = ['user', 'staff', 'admin', 'guest'] as const;
export type Role = (typeof ROLES)[number];

/** An administrator can do all that staff can. */
export function isStaff(role: Role | null | undefined): boolean {
  return role === 'staff' || role === 'admin';
}

export function isAdmin(role: Role | null | undefined): boolean {
  return role === 'admin';
}

export function isGuest(role: Role | null | undefined): boolean {
  return role === 'guest';
}

/** A guest's checkout without its table's link (src/server/payments/payment-routes.ts). */
export const GUEST_AT_TABLE_ONLY = 'A guest orders to eat here, at the table whose code was scanned: scan it again';

/** What a guest hears on a route off its allow-list (src/server/auth/authenticate.ts). */
export const GUEST_REFUSED = 'A guest at a table may only order and follow the order: create an account for this';
