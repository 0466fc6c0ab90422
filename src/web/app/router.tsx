import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { APP_ROUTES, paths, ROUTE_NAMES, routeOf, type AppRoute, type RouteName } from '../../shared/paths.ts';
import { PublicLayout } from './public-layout.tsx';

/**
 * The router, built from the route table of src/shared/paths.ts. Pages are split into their own
 * chunks (`lazy`) so a visitor downloads only the page they open.
 *
 * Declarative routes (`<Routes>`), not `createBrowserRouter`: the app uses no loader, action or
 * fetcher, and React Router's data router costs about 17 KB gzipped on every page's first load,
 * which put the public pages over the 120 KB budget (docs/product.md §15, docs/performance.md).
 * The browser's router (page-loading-router.tsx) shows a new address once its page's chunk has
 * loaded, so the current page stays until then, as the data router's `lazy` did.
 */
type PageModule = { Page: ComponentType };

/** A module's page (or frame) as a `lazy` component; `load()` fetches its chunk ahead of the first render. */
interface LazyPage {
  Page: ComponentType;
  load: () => Promise<unknown>;
}

function lazyPage(importPage: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const load = () => (loading ??= importPage().then((module) => (loaded = module)));
  const Page = lazy(() => {
    // Once loaded, a thenable that answers at once: `lazy` then renders the page without
    // suspending, which a server-rendered page needs while it hydrates (see `loadPageOf`).
    if (loaded) {
      const module = loaded;
      return { then: (resolve: (value: { default: ComponentType }) => void) => resolve({ default: module.Page }) } as Promise<{ default: ComponentType }>;
    }
    return load().then((module) => ({ default: module.Page }));
  });
  return { Page, load };
}

/** An administrator's page: behind the admin guard (anyone else goes to /). */
const adminPage = (load: () => Promise<PageModule>) =>
  lazyPage(async () => {
    const [{ Page }, { RequireAdmin }] = await Promise.all([load(), import('../dashboard/require-admin.tsx')]);
    return {
      Page: () => (
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

const LAZY_PAGES = new Map<AppRoute, LazyPage>(
  ROUTE_NAMES.map((name) => {
    const route: AppRoute = APP_ROUTES[name];
    return [route, route.adminOnly ? adminPage(importerOf(route)) : lazyPage(importerOf(route))];
  }),
);
const PAGES = Object.fromEntries(ROUTE_NAMES.map((name) => [name, LAZY_PAGES.get(APP_ROUTES[name])!.Page])) as Record<RouteName, ComponentType>;

const NotFound = lazyPage(() => import('../storefront/pages/not-found-page.tsx'));
const NotFoundPage = NotFound.Page;
// The dashboard's frame is for signed-in users only: not part of a visitor's first load.
const Dashboard = lazyPage(() => import('../dashboard/dashboard-layout.tsx').then((module) => ({ Page: module.DashboardLayout })));
const DashboardLayout = Dashboard.Page;

/**
 * Loads the chunks that the page at `pathname` is drawn with: its page, and the dashboard's frame
 * for a page in it. Nothing suspends then, which Preact needs where React had a transition or a
 * root that waits (docs/decisions/0030-preact-compat.md): main.tsx waits for it before it draws or
 * hydrates the first page, so that the page's `lazy` answers at once and the whole page hydrates
 * in one pass; the browser's router before it shows the next page (page-loading-router.tsx); the
 * server before it draws one (server-render.tsx).
 */
export async function loadPageOf(pathname: string): Promise<void> {
  const route = routeOf(pathname);
  if (!route) return void (await NotFound.load());
  await Promise.all([LAZY_PAGES.get(route)?.load(), route.layout === 'dashboard' ? Dashboard.load() : undefined]);
}

/** The `<Route>`s of one frame, their paths relative to the frame's own (`root`). */
function routesIn(layout: AppRoute['layout'], root: string) {
  return ROUTE_NAMES.filter((name) => APP_ROUTES[name].layout === layout).map((name) => {
    const Page = PAGES[name];
    const path = APP_ROUTES[name].pattern.slice(root.length).replace(/^\//, '');
    return path ? <Route key={name} path={path} element={<Page />} /> : <Route key={name} index element={<Page />} />;
  });
}

/**
 * No Suspense boundary around the routes: a page is drawn only once its chunk is in (`loadPageOf`),
 * so nothing here suspends. On the first load the static loading screen of index.html stays until
 * the page is in, and later pages wait for theirs while the current page stays on screen.
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
