import { createBrowserRouter } from 'react-router';
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
      { path: '*', lazy: () => import('../storefront/pages/not-found-page.tsx').then(asRoute) },
    ],
  },
]);

/** Each page module exports its component as `Page`. */
function asRoute(module: { Page: React.ComponentType }) {
  return { Component: module.Page };
}
