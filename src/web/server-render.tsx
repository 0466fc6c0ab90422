import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { APP_ROUTES, paths, ROUTE_NAMES } from '../shared/paths.ts';
import { SOURCE_LANGUAGE } from '../shared/i18n/languages.ts';
import type { PageSources, RenderedPage } from '../shared/rendered-page.ts';
import type { I18n } from '@lingui/core';
import { App, createQueryClient } from './app/app.tsx';
import { createCompleteI18n } from './i18n/i18n.ts';
import { ITEMS_PER_BLOCK } from './menu/api/get-menu.ts';
import { MENU_TABS } from './menu/menu-tabs.ts';
import { PAGE_DATA_ELEMENT_ID, seedQueries, type PageData } from './page-data.ts';

/**
 * Rendered so a phone paints before any script runs (decision 0011). The log-in and sign-up forms
 * too: React keeps what is typed before hydration (captcha-field.tsx takes its text in), and their
 * submit buttons stay disabled until then (ui/use-hydrated.ts).
 */
export const SERVER_RENDERED_PATHS: readonly string[] = [
  // Public routes without a parameter…
  ...ROUTE_NAMES.filter((name) => APP_ROUTES[name].layout === 'public' && !('browserOnly' in APP_ROUTES[name]))
    .map((name) => paths[name])
    .filter((path) => typeof path === 'string'),
  // …and the menu, whose every tab is a path of its own.
  paths.menu(),
  ...MENU_TABS.map((tab) => paths.menu(tab.key)),
  // The spec's own tab keys where they differ (/order/rawSpecial).
  ...MENU_TABS.filter((tab) => tab.specKey !== tab.key).map((tab) => paths.menu(tab.specKey)),
];

/** One per language, never switched: pages of different languages may be drawn at once. */
const i18ns = new Map<string, Promise<I18n>>();
function i18nFor(language: string): Promise<I18n> {
  if (!i18ns.has(language)) i18ns.set(language, createCompleteI18n(language));
  return i18ns.get(language)!;
}

const showsMenu = (pathname: string) => pathname === paths.menu() || pathname.startsWith(`${paths.menu()}/`);

/** Rendered with only the first ITEMS_PER_BLOCK items per category, whatever the menu's size. */
export const MENU_PREVIEW_PATHS: readonly string[] = [paths.items];
export { ITEMS_PER_BLOCK };

/**
 * Rendered with the reviews so the first review's picture, the page's largest paint, is in the
 * HTML. Not the home page: its reviews are far below the first screen.
 */
export const REVIEW_PATHS: readonly string[] = [paths.review];

/**
 * Drawn per request with a fresh captcha, whose picture is the page's largest paint; with the
 * sign-in options too, so a social button doesn't push the page down later.
 */
export const CAPTCHA_PATHS: readonly string[] = [paths.login];

/** The pages whose words follow the restaurant's settings (hours, delivery): drawn with them. */
export const FACTS_PATHS: readonly string[] = [paths.home, paths.about, paths.detailAbout];

/**
 * As a signed-out visitor first sees it. The data drawn with travels in the page so hydration
 * draws the same; parts drawn without data show their loading state and the browser fetches it.
 */
export async function renderPage(pathname: string, { menu, menuPreview, reviews, captcha, authProviders, dish, facts, language }: PageSources): Promise<RenderedPage> {
  const i18n = await i18nFor(language ?? SOURCE_LANGUAGE);
  const queryClient = createQueryClient();
  const pageData: PageData = {};
  // A dish page (/item/{id}, not in SERVER_RENDERED_PATHS: one per dish) is drawn with its dish.
  if (dish) pageData.dish = dish;
  if (menu && showsMenu(pathname)) pageData.menu = menu;
  if (menuPreview && MENU_PREVIEW_PATHS.includes(pathname)) pageData.menuPreview = menuPreview;
  if (reviews && REVIEW_PATHS.includes(pathname)) pageData.reviews = reviews;
  if (captcha && CAPTCHA_PATHS.includes(pathname)) pageData.captcha = captcha;
  if (authProviders && CAPTCHA_PATHS.includes(pathname)) pageData.authProviders = authProviders;
  if (facts && FACTS_PATHS.includes(pathname)) pageData.facts = facts;
  seedQueries(queryClient, pageData);
  // A prerender waits for every lazy part (the page's chunk too), so the page comes whole.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App queryClient={queryClient} i18n={i18n} />
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
