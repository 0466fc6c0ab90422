import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { useAuth } from '../auth/use-auth.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';

/** Guard of the signed-in pages: a visitor goes to /login, which brings them back here after. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!user) return <Navigate to={paths.login} state={{ from: location }} replace />;
  return children;
}
