import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { areasOfPage, DASHBOARD_FRAME_AREAS } from '../../shared/i18n/areas.ts';
import { APP_ROUTES, NOT_FOUND_PAGE, paths, ROUTE_NAMES, type AppRoute, type RouteName } from '../../shared/paths.ts';
import { loadPageAreas } from '../i18n/i18n.ts';
import { PublicLayout } from './public-layout.tsx';

/**
 * Built from src/shared/paths.ts, one lazy chunk per page. Declarative `<Routes>`: the app uses no
 * loader, action or fetcher. Navigation runs in a transition, so the current page stays until the
 * next one's chunk has loaded.
 */
type PageModule = { Page: ComponentType };

/** A page's chunk and its words (its message areas, src/shared/i18n/areas.ts) load side by side. */
const lazyPage = (importPage: () => Promise<PageModule>, page: string) =>
  lazy(() => Promise.all([importPage(), loadPageAreas(areasOfPage(page))]).then(([module]) => ({ default: module.Page })));

/** An administrator's page: behind the admin guard (anyone else goes to /). */
const adminPage = (importPage: () => Promise<PageModule>, page: string) =>
  lazy(async () => {
    const [{ Page }, { RequireAdmin }] = await Promise.all([importPage(), import('../dashboard/require-admin.tsx'), loadPageAreas(areasOfPage(page))]);
    return {
      default: () => (
        <RequireAdmin>
          <Page />
        </RequireAdmin>
      ),
    };
  });

/**
 * Every page module, each its own chunk; the route table (src/shared/paths.ts) names the one of
 * each route. Vite turns the pattern into one `import()` per file, as if each were written out.
 */
const PAGE_MODULES = import.meta.glob<PageModule>(['../*/pages/*.tsx', '../*/*/pages/*.tsx']);

function importerOf(route: AppRoute): () => Promise<PageModule> {
  const importer = PAGE_MODULES[`../${route.page}`];
  if (!importer) throw new Error(`The route ${route.pattern} names ${route.page}, which is not a page module (src/web/*/pages/)`);
  return importer;
}

const PAGES = Object.fromEntries(
  ROUTE_NAMES.map((name): [RouteName, ComponentType] => {
    const route: AppRoute = APP_ROUTES[name];
    return [name, route.adminOnly ? adminPage(importerOf(route), route.page) : lazyPage(importerOf(route), route.page)];
  }),
) as Record<RouteName, ComponentType>;

const NotFoundPage = lazyPage(() => import('../storefront/pages/not-found-page.tsx'), NOT_FOUND_PAGE);
// The dashboard's frame is for signed-in users only: not part of a visitor's first load. Its
// words come with it, so its menu is never drawn before them.
const DashboardLayout = lazy(() =>
  Promise.all([import('../dashboard/dashboard-layout.tsx'), loadPageAreas(DASHBOARD_FRAME_AREAS)]).then(([module]) => ({ default: module.DashboardLayout })),
);

/** The `<Route>`s of one frame, their paths relative to the frame's own (`root`). */
function routesIn(layout: AppRoute['layout'], root: string) {
  return ROUTE_NAMES.filter((name) => APP_ROUTES[name].layout === layout).map((name) => {
    const Page = PAGES[name];
    const path = APP_ROUTES[name].pattern.slice(root.length).replace(/^\//, '');
    return path ? <Route key={name} path={path} element={<Page />} /> : <Route key={name} index element={<Page />} />;
  });
}

/**
 * No Suspense boundary around the routes: on the first load the root waits for the page's chunk
 * (index.html's static loading screen, or the server's page, stays meanwhile), and later pages
 * load in the router's transition while the current page stays on screen.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<PublicLayout />}>
        {routesIn('public', '/')}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      {routesIn('none', '')}
      {/* The dashboard: the signed-in guard is in its layout; admin pages add the admin guard. */}
      <Route path={paths.dashboard} element={<DashboardLayout />}>
        {routesIn('dashboard', paths.dashboard)}
      </Route>
    </Routes>
  );
}
