import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { useAuth } from '../auth/use-auth.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';

/** Guard of the administrator's pages: anyone else goes to / (docs/product.md §6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isAdmin, adminLoading } = useAuth();
  if (adminLoading) return <LoadingScreen />;
  if (!user || !isAdmin) return <Navigate to={paths.home} replace />;
  return children;
}
