import { createBrowserRouter } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { DashboardLayout } from '../dashboard/dashboard-layout.tsx';
import { RequireAdmin } from '../dashboard/require-admin.tsx';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { PublicLayout } from './public-layout.tsx';

/**
 * Every route of the app. Pages are split into their own chunks (`lazy`) so a visitor downloads
 * only the page they open; the paths are the ones of src/shared/paths.ts.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <PublicLayout />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, lazy: () => import('../storefront/pages/home-page.tsx').then(asRoute) },
      { path: 'about', lazy: () => import('../storefront/pages/about-page.tsx').then(asRoute) },
      { path: 'detail_about', lazy: () => import('../storefront/pages/detail-about-page.tsx').then(asRoute) },
      { path: 'review', lazy: () => import('../storefront/pages/review-page.tsx').then(asRoute) },
      { path: 'items', lazy: () => import('../storefront/pages/items-page.tsx').then(asRoute) },
      { path: 'order', lazy: () => import('../storefront/pages/order-page.tsx').then(asRoute) },
      { path: 'order/:category', lazy: () => import('../storefront/pages/order-page.tsx').then(asRoute) },
      { path: 'play-store', lazy: () => import('../storefront/pages/play-store-page.tsx').then(asRoute) },
      { path: 'login', lazy: () => import('../auth/pages/login-page.tsx').then(asRoute) },
      { path: 'signUp', lazy: () => import('../auth/pages/sign-up-page.tsx').then(asRoute) },
      { path: '*', lazy: () => import('../storefront/pages/not-found-page.tsx').then(asRoute) },
    ],
  },
  { path: paths.socialDone, lazy: () => import('../auth/pages/social-done-page.tsx').then(asRoute) },
  {
    // The dashboard: the signed-in guard is in its layout; admin pages add the admin guard.
    path: '/dashboard',
    element: <DashboardLayout />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, lazy: () => import('../dashboard/pages/dashboard-index-page.tsx').then(asRoute) },
      { path: 'userHome', lazy: () => import('../dashboard/pages/user-home-page.tsx').then(asRoute) },
      { path: 'adminHome', lazy: () => import('../dashboard/pages/admin-home-page.tsx').then(asAdminRoute) },
      { path: 'all/users', lazy: () => import('../users/pages/manage-users-page.tsx').then(asAdminRoute) },
      { path: 'my/cart', lazy: () => import('../cart/pages/cart-page.tsx').then(asRoute) },
      { path: 'payment', lazy: () => import('../payments/pages/payment-page.tsx').then(asRoute) },
      { path: 'add/item', lazy: () => import('../menu/admin/pages/add-item-page.tsx').then(asAdminRoute) },
      { path: 'manage/item', lazy: () => import('../menu/admin/pages/manage-items-page.tsx').then(asAdminRoute) },
      { path: 'update/item/:id', lazy: () => import('../menu/admin/pages/update-item-page.tsx').then(asAdminRoute) },
    ],
  },
]);

/** Each page module exports its component as `Page`. */
function asRoute(module: { Page: React.ComponentType }) {
  return { Component: module.Page };
}

/** An administrator's page: behind the admin guard (anyone else goes to /). */
function asAdminRoute(module: { Page: React.ComponentType }) {
  const Page = module.Page;
  return {
    Component: () => (
      <RequireAdmin>
        <Page />
      </RequireAdmin>
    ),
  };
}
