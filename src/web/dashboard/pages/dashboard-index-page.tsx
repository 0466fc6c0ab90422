import { Navigate } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';

/** /dashboard itself: the home of the caller's role (for staff, the order board; for a table's guest, the cart). */
export function Page() {
  const { user, isAdmin, isStaff, adminLoading } = useAuth();
  if (user?.guest) return <Navigate to={paths.myCart} replace />;
  if (adminLoading) return <LoadingScreen />;
  return <Navigate to={isAdmin ? paths.adminHome : isStaff ? paths.orderBoard : paths.userHome} replace />;
}
