import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { useAuth } from '../use-auth.ts';
import { useSignOut } from '../use-sign-out.ts';
import { useT } from '../../i18n/i18n.ts';

/** The header's account corner: the display name and 'Log out', or 'Log in' for a visitor. */
export function HeaderAccount() {
  const location = useLocation();
  const { user, loading } = useAuth();
  const signOut = useSignOut();
  const t = useT();
  // Drawn first as the server drew it (busy): ui/use-hydrated.ts says why.
  const busy = !useHydrated() || loading;

  if (user) {
    return (
      <div className="flex items-center gap-3">
        <span className="max-w-40 truncate text-sm font-semibold text-accent-400" title={user.email}>
          {user.displayName ?? user.email}
        </span>
        <button
          type="button"
          disabled={loading}
          onClick={signOut}
          className="rounded-md bg-accent-400 px-4 py-2 text-sm font-bold text-brand-900 hover:bg-accent-500 disabled:opacity-60"
        >
          {t('nav.logOut')}
        </button>
      </div>
    );
  }
  return (
    <Link
      to={paths.login}
      state={{ from: location }}
      aria-busy={busy}
      className="rounded-md bg-accent-400 px-4 py-2 text-sm font-bold text-brand-900 hover:bg-accent-500"
    >
      {t('nav.logIn')}
    </Link>
  );
}

/**
 * The header's Dashboard link: admin home for an administrator, user home for others. Until the
 * admin lookup has answered, /dashboard itself, which waits for it and then opens the right home
 * (an administrator who clicked at once after logging in landed on user home).
 */
export function DashboardLink({ className }: { className: (state: { isActive: boolean }) => string }) {
  const { isAdmin, adminLoading } = useAuth();
  const t = useT();
  // Drawn first as the server drew it (/dashboard): ui/use-hydrated.ts says why.
  const known = useHydrated() && !adminLoading;
  const home = !known ? paths.dashboard : isAdmin ? paths.adminHome : paths.userHome;
  return (
    <NavLink to={home} className={className}>
      {t('nav.dashboard')}
    </NavLink>
  );
}
