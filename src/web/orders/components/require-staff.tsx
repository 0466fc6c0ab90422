import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';

/** Guard of the staff pages (the board, its tickets): staff and administrators; anyone else goes to /. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user, isStaff, adminLoading } = useAuth();
  if (adminLoading) return <LoadingScreen />;
  if (!user || !isStaff) return <Navigate to={paths.home} replace />;
  return children;
}
