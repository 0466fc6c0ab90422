import type { AuthProviders, Captcha } from './auth.ts';
import type { MenuItem } from './menu.ts';
import type { Review } from './reviews.ts';
import type { StorefrontFacts } from './storefront-facts.ts';

/** Drawn by src/web/server-render.tsx, served by src/server/pages/web-app.ts. */
export interface RenderedPage {
  head: string;
  body: string;
  /** The data the page was drawn with, so hydration draws the same; empty when none. */
  data: string;
}

/** Each exactly as its API GET answers it, so the browser's first drawing matches. */
export interface PageSources {
  /** Only when the menu is small enough to travel in a page. */
  menu?: MenuItem[];
  menuPreview?: MenuItem[];
  reviews?: Review[];
  captcha?: Captcha;
  authProviders?: AuthProviders;
  dish?: MenuItem;
  /** What the storefront promises, from the restaurant's settings (storefront-facts.ts). */
  facts?: StorefrontFacts;
  /** The reader's language (a catalogue's code); English when absent. */
  language?: string;
}

/** The exports of the web app's server build. */
export interface PageRenderer {
  SERVER_RENDERED_PATHS: readonly string[];
  REVIEW_PATHS: readonly string[];
  MENU_PREVIEW_PATHS: readonly string[];
  /** Drawn with the storefront's facts, and drawn again when they change. */
  FACTS_PATHS: readonly string[];
  ITEMS_PER_BLOCK: number;
  /** A captcha is single-use, so these pages are drawn per request, never kept. */
  CAPTCHA_PATHS: readonly string[];
  renderPage(pathname: string, sources: PageSources): Promise<RenderedPage>;
}

/** Script hints wait inert in this template so they don't compete with the first screen; src/web/boot.ts moves them after `load`. */
export const DEFERRED_SCRIPTS_ID = 'page-scripts';

/** Tells the browser to hydrate the root instead of drawing it. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/** Marks when the page's buttons start to work (drawn or hydrated). */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** Prefix of the console error on a hydration mismatch; the browser tests fail on it. */
export const HYDRATION_ERROR_PREFIX = 'React recovered from a hydration error:';
