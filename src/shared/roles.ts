/**
 * Who may do what, read by the server at every request and by the web app to draw its menus.
 * Zod-free, so any page can import it.
 */
/** The roles of an account: customers (stored as 'user', the spec's value), staff and administrators. */
export const ROLES = ['user', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Staff run the order board; an administrator can do all that staff can. */
export function isStaff(role: Role | null | undefined): boolean {
  return role === 'staff' || role === 'admin';
}

/** Administrators manage users and the menu and read statistics. */
export function isAdmin(role: Role | null | undefined): boolean {
  return role === 'admin';
}
