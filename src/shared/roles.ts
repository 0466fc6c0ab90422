/** Zod-free: the server checks these and the web app draws its menus from them. */
/** Customers are 'user', the spec's value. */
export const ROLES = ['user', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** An administrator can do all that staff can. */
export function isStaff(role: Role | null | undefined): boolean {
  return role === 'staff' || role === 'admin';
}

export function isAdmin(role: Role | null | undefined): boolean {
  return role === 'admin';
}
