import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../../shared/paths.ts';

/**
 * The header's account corner. Until the accounts feature lands, everyone is a visitor:
 * a 'Log in' button that remembers the page it was pressed on.
 */
export function HeaderAccount() {
  const location = useLocation();
  return (
    <Link
      to={paths.login}
      state={{ from: location }}
      className="rounded-md bg-accent-400 px-4 py-2 text-sm font-bold text-brand-900 hover:bg-accent-500"
    >
      Log in
    </Link>
  );
}

/** The header's Dashboard link: admin home for an administrator, user home for others. */
export function DashboardLink({ className }: { className: (state: { isActive: boolean }) => string }) {
  return (
    <NavLink to={paths.dashboard.userHome} className={className}>
      Dashboard
    </NavLink>
  );
}
