import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { isAdmin as isAdminRole, isStaff as isStaffRole, type Role } from '../../shared/roles.ts';
import { fetchRole } from './api/auth-api.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';

/** The admin lookup of the spec (GET /api/users/admin/{email}), keyed by the user's e-mail. */
export function isAdminQueryKey(email: string | undefined) {
  return ['isAdmin', email] as const;
}

export interface UseAuth extends AuthContextValue {
  isAdmin: boolean;
  /** Staff or administrator: runs the order board. */
  isStaff: boolean;
  /** The caller's role once the lookup has answered. */
  role: Role | null;
  /** True while the sign-in state or the admin lookup is still loading. */
  adminLoading: boolean;
}

/**
 * Who is signed in, and whether they are an administrator. The admin query waits until the auth
 * state has settled (docs/product.md §4); the server decides the role at every request anyway.
 */
export function useAuth(): UseAuth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  const email = auth.user?.email;
  const admin = useQuery({
    queryKey: isAdminQueryKey(email),
    queryFn: () => fetchRole(email!),
    enabled: !auth.loading && Boolean(email),
    staleTime: 60_000,
    // A failed lookup (offline) is asked again on reconnecting, not by each part that mounts: a
    // query without data goes back to pending when asked again, the dashboard's menu then waits
    // for it, and the parts it unmounted would mount and ask again, every retry, for ever.
    retryOnMount: false,
  });
  return {
    ...auth,
    isAdmin: Boolean(email) && isAdminRole(admin.data),
    isStaff: Boolean(email) && isStaffRole(admin.data),
    role: email ? (admin.data ?? null) : null,
    adminLoading: auth.loading || (Boolean(email) && admin.isPending),
  };
}
