import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { APP_ROUTES, paths, ROUTE_NAMES } from '../shared/paths.ts';
import type { PageSources, RenderedPage } from '../shared/rendered-page.ts';
import { App, createQueryClient } from './app/app.tsx';
import { ITEMS_PER_BLOCK } from './menu/api/get-menu.ts';
import { MENU_TABS } from './menu/menu-tabs.ts';
import { PAGE_DATA_ELEMENT_ID, seedQueries, type PageData } from './page-data.ts';

/**
 * The public pages the server renders to HTML (src/server/pages/web-app.ts), so that a phone
 * paints a page from its HTML before any script has run; the browser then hydrates it
 * (main.tsx). Every menu tab is its own path. docs/decisions/0011-server-rendered-public-pages.md.
 *
 * The log-in and sign-up forms too: React keeps what a visitor types into them before the
 * scripts have run (the captcha field takes its text in, captcha-field.tsx), and their submit
 * buttons stay disabled until then (`useHydrated`, ui/use-hydrated.ts).
 */
export const SERVER_RENDERED_PATHS: readonly string[] = [
  // The public routes of the route table (src/shared/paths.ts) without a parameter…
  ...ROUTE_NAMES.filter((name) => APP_ROUTES[name].layout === 'public' && !('browserOnly' in APP_ROUTES[name]))
    .map((name) => paths[name])
    .filter((path) => typeof path === 'string'),
  // …and the menu, whose every tab is a path of its own.
  paths.menu(),
  ...MENU_TABS.map((tab) => paths.menu(tab.key)),
  // The spec's own tab keys where they differ (/order/rawSpecial).
  ...MENU_TABS.filter((tab) => tab.specKey !== tab.key).map((tab) => paths.menu(tab.specKey)),
];

/** The pages that show the menu in their first screen: they are rendered with it. */
const showsMenu = (pathname: string) => pathname === paths.menu() || pathname.startsWith(`${paths.menu()}/`);

/**
 * The pages whose first screen shows the first ITEMS_PER_BLOCK items of each category: rendered
 * with those alone (GET /api/items?perCategory=), whatever the size of the menu.
 */
export const MENU_PREVIEW_PATHS: readonly string[] = [paths.items];
export { ITEMS_PER_BLOCK };

/**
 * The pages that show the reviews in their first screen: they are rendered with them, so that the
 * first review's picture is in the HTML (it was the review page's largest paint, 2.9 s into
 * Lighthouse's load when it waited for the scripts and GET /api/review). Not the home page: its
 * reviews are far below the first screen.
 */
export const REVIEW_PATHS: readonly string[] = [paths.review];

/**
 * The pages drawn with a captcha of their own: each request gets its page drawn for it, with a
 * fresh captcha, so that its picture (the log-in page's largest paint) comes with the HTML instead
 * of after the scripts and a POST /api/captcha. They come with the sign-in options too, so that a
 * social sign-in button is in the page from the start rather than pushing the page down later.
 */
export const CAPTCHA_PATHS: readonly string[] = [paths.login];

/**
 * Renders the page at `pathname` as a visitor who is not signed in sees it first, with every
 * lazy part loaded. The menu, the reviews (as their GET answers) and the captcha are drawn on the
 * pages that show them and handed to the browser with the page, so hydration draws the same;
 * without them those parts show their loading state and the browser fetches them, as on any
 * other page.
 */
export async function renderPage(pathname: string, { menu, menuPreview, reviews, captcha, authProviders, dish }: PageSources): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  const pageData: PageData = {};
  // A dish page (/item/{id}, not in SERVER_RENDERED_PATHS: one per dish) is drawn with its dish.
  if (dish) pageData.dish = dish;
  if (menu && showsMenu(pathname)) pageData.menu = menu;
  if (menuPreview && MENU_PREVIEW_PATHS.includes(pathname)) pageData.menuPreview = menuPreview;
  if (reviews && REVIEW_PATHS.includes(pathname)) pageData.reviews = reviews;
  if (captcha && CAPTCHA_PATHS.includes(pathname)) pageData.captcha = captcha;
  if (authProviders && CAPTCHA_PATHS.includes(pathname)) pageData.authProviders = authProviders;
  seedQueries(queryClient, pageData);
  // A prerender waits for every lazy part (the page's chunk too), so the page comes whole.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App queryClient={queryClient} />
      </StaticRouter>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  const html = Buffer.concat(chunks).toString('utf8');
  // React writes its preloads (the pictures not loaded lazily) before the content when it renders
  // less than a whole document; they belong in <head>, where the browser sees them first.
  const head = /^(?:<link [^>]*\/>)*/.exec(html)![0];
  const data = Object.keys(pageData).length > 0
    ? // "<" escaped: a dish's name cannot close the element early ("</script>").
      `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${JSON.stringify(pageData).replaceAll('<', '\\u003c')}</script>`
    : '';
  return { head, body: html.slice(head.length), data };
}
