import { Suspense, useState, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useMatch } from 'react-router';
import { paths } from '../../shared/paths.ts';
import type { MessageId } from '../../shared/i18n/catalogue.ts';
import { PRODUCT_NAME } from '../../shared/product.ts';
import { VerifyEmailBanner } from '../account/components/verify-email-banner.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { useSignOut } from '../auth/use-sign-out.ts';
import { CartCountBadge } from '../cart/components/cart-count-badge.tsx';
import { useT } from '../i18n/i18n.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { RequireUser } from './require-user.tsx';

interface MenuEntry {
  to: string;
  label: MessageId;
  badge?: ReactNode;
}

/** The administrator's menu (docs/product.md §2.7). */
const ADMIN_MENU: MenuEntry[] = [
  { to: paths.adminHome, label: 'dashboard.menu.adminHome' },
  { to: paths.allUsers, label: 'dashboard.menu.users' },
  { to: paths.addItem, label: 'dashboard.menu.addItem' },
  { to: paths.manageItems, label: 'dashboard.menu.manageItems' },
  { to: paths.manageReviews, label: 'dashboard.menu.manageReviews' },
  { to: paths.orderBoard, label: 'dashboard.menu.orderBoard' },
  { to: paths.promotions, label: 'dashboard.menu.promotions' },
  { to: paths.settings, label: 'dashboard.menu.settings' },
  { to: paths.profile, label: 'dashboard.menu.profile' },
];

/**
 * The customer's menu. The cart feature shows the item count through `cartBadge`
 * (see CustomerCartBadge below).
 */
function customerMenu(cartBadge: ReactNode): MenuEntry[] {
  return [
    { to: paths.userHome, label: 'dashboard.menu.userHome' },
    { to: paths.myCart, label: 'dashboard.menu.myCart', badge: cartBadge },
    { to: paths.payment, label: 'dashboard.menu.payment' },
    { to: paths.myOrders, label: 'dashboard.menu.myOrders' },
    { to: paths.profile, label: 'dashboard.menu.profile' },
  ];
}

/** A guest at a table orders and pays, nothing more (decision 0047): its order has a page of its own. */
function guestMenu(cartBadge: ReactNode): MenuEntry[] {
  return [
    { to: paths.myCart, label: 'dashboard.menu.myCart', badge: cartBadge },
    { to: paths.payment, label: 'dashboard.menu.payment' },
  ];
}

/** The only dashboard pages a guest may open: anything else (profile, orders, /dashboard) is a customer's. */
const GUEST_PAGES: readonly string[] = [paths.myCart, paths.payment];

/** Staff run the board, and order for themselves like any customer. */
function staffMenu(cartBadge: ReactNode): MenuEntry[] {
  return [{ to: paths.orderBoard, label: 'dashboard.menu.orderBoard' }, ...customerMenu(cartBadge)];
}

/** The badge of 'My cart': the length of GET /cart?email=… (the cart feature's count). */
function CustomerCartBadge() {
  return <CartCountBadge />;
}

/** The dashboard (docs/product.md §2.7): a side menu by role beside the page, behind the signed-in guard. */
export function DashboardLayout() {
  return (
    <RequireUser>
      <DashboardFrame />
    </RequireUser>
  );
}

function DashboardFrame() {
  const { user, isAdmin, isStaff, adminLoading } = useAuth();
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const t = useT();
  // The order board's lanes need the room: on a tablet the menu narrows, the margins shrink, and
  // the main area is the window's height so the lanes can fill what the banners leave.
  const board = useMatch(paths.orderBoard) !== null;
  // On a phone the menu folds away above the page, and folds again once a link is followed.
  const [menuOpen, setMenuOpen] = useState(false);
  const menu = isAdmin ? ADMIN_MENU : isStaff ? staffMenu(<CustomerCartBadge />) : user?.guest ? guestMenu(<CustomerCartBadge />) : customerMenu(<CustomerCartBadge />);
  // A guest is never a customer (decision 0047): a typed or kept address of another page opens its cart.
  if (user?.guest && !GUEST_PAGES.includes(pathname)) return <Navigate to={paths.myCart} replace />;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-semibold uppercase tracking-wide ${
      isActive ? 'bg-white text-brand-900' : 'text-white hover:bg-brand-700'
    }`;

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#dashboard-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('dashboard.skipToContent')}
      </a>
      <aside className={`bg-brand-900 text-white md:shrink-0 ${board ? 'md:w-44 xl:w-64' : 'md:w-64'}`}>
        <div className="flex items-center gap-2 px-4 py-4">
          <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
          <Link to={paths.home} className="font-display text-xl font-bold">
            {PRODUCT_NAME}
          </Link>
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="dashboard-menu"
            onClick={() => setMenuOpen((open) => !open)}
            className="ml-auto flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold uppercase tracking-wide ring-1 ring-brand-600 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 md:hidden"
          >
            {t('dashboard.menuButton')}
            <span aria-hidden="true">{menuOpen ? '▴' : '▾'}</span>
          </button>
        </div>
        <nav id="dashboard-menu" aria-label={t('dashboard.nav')} className={`px-3 pb-4 md:block ${menuOpen ? '' : 'hidden'}`}>
          {adminLoading ? (
            // The customer's menu, unseen, holds its place until the role is known: the page below
            // does not jump when the menu comes (on a phone the menu is above it).
            <div className="relative">
              <p role="status" className="absolute inset-x-0 top-0 px-3 py-2 text-sm text-brand-100">
                {t('dashboard.loadingMenu')}
              </p>
              <ul aria-hidden="true" className="invisible flex flex-row flex-wrap gap-1 md:flex-col">
                {customerMenu(<CustomerCartBadge />).map((entry) => (
                  <li key={entry.to}>
                    <span className={linkClass({ isActive: false })}>
                      {t(entry.label)}
                      {entry.badge}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <ul className="flex flex-row flex-wrap gap-1 md:flex-col">
              {menu.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} className={linkClass} onClick={() => setMenuOpen(false)}>
                    {t(entry.label)}
                    {entry.badge}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
          <hr className="my-3 border-brand-700" />
          <ul className="flex flex-row flex-wrap gap-1 md:flex-col">
            <li>
              <NavLink to={paths.home} end className={linkClass} onClick={() => setMenuOpen(false)}>
                {t('dashboard.home')}
              </NavLink>
            </li>
          </ul>
          <div className="mt-4 flex items-center justify-between gap-2 px-3 text-sm">
            <span className="truncate text-accent-400">{user?.displayName ?? user?.email}</span>
            <button
              type="button"
              className="shrink-0 whitespace-nowrap rounded-md bg-accent-400 px-3 py-1 font-bold text-brand-900 hover:bg-accent-500"
              onClick={signOut}
            >
              {t('dashboard.logOut')}
            </button>
          </div>
        </nav>
      </aside>
      {/* Focusable by the skip link only (tabIndex -1): a screen reader goes on reading from here. */}
      <main
        id="dashboard-main"
        tabIndex={-1}
        className={`min-w-0 flex-1 bg-stone-50 focus:outline-none ${board ? 'px-3 py-3 lg:flex lg:h-dvh lg:flex-col xl:px-6' : 'px-4 py-6 md:px-8'}`}
      >
        <VerifyEmailBanner />
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
