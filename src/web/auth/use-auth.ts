import { useContext } from 'react';
import { isAdmin as isAdminRole, isStaff as isStaffRole, type Role } from '../../shared/roles.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';

export interface UseAuth extends Omit<AuthContextValue, 'role' | 'roleLoading'> {
  isAdmin: boolean;
  /** Staff or administrator: runs the order board. */
  isStaff: boolean;
  /** The caller's role once the lookup has answered. */
  role: Role | null;
  /** True while the sign-in state or the admin lookup is still loading. */
  adminLoading: boolean;
}

/**
 * Who is signed in, and whether they are an administrator. The role lookup (auth-provider.tsx)
 * waits until the auth state has settled (docs/product.md §4); the server decides the role at
 * every request anyway.
 */
export function useAuth(): UseAuth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  const signedIn = Boolean(auth.user);
  const { role, roleLoading, ...state } = auth;
  return {
    ...state,
    isAdmin: signedIn && isAdminRole(role),
    isStaff: signedIn && isStaffRole(role),
    role: signedIn ? (role ?? null) : null,
    adminLoading: auth.loading || roleLoading,
  };
}
