import { Navigate } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';

/** /dashboard itself: the home of the caller's role (for staff, the order board; a table's guest is sent to its cart by the dashboard's frame). */
export function Page() {
  const { isAdmin, isStaff, adminLoading } = useAuth();
  if (adminLoading) return <LoadingScreen />;
  return <Navigate to={isAdmin ? paths.adminHome : isStaff ? paths.orderBoard : paths.userHome} replace />;
}
