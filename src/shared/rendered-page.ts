import type { AuthProviders, Captcha } from './auth.ts';
import type { MenuItem } from './menu.ts';
import type { Review } from './reviews.ts';

/** A page drawn by the server (src/web/server-render.tsx, served by src/server/pages/web-app.ts). */
export interface RenderedPage {
  /** Resource hints React asked for (the page's pictures), for <head>. */
  head: string;
  /** The content of the app's root element. */
  body: string;
  /** The data the page was drawn with, as a JSON element for <body> (empty when none). */
  data: string;
}

/** The answers of the API a page may be drawn with (each as its GET answers it). */
export interface PageSources {
  /** GET /api/items, on the pages that show the menu (when it is small enough to travel in a page). */
  menu?: MenuItem[];
  /** GET /api/items?perCategory=ITEMS_PER_BLOCK, on the pages of MENU_PREVIEW_PATHS. */
  menuPreview?: MenuItem[];
  /** GET /api/review, on the pages of REVIEW_PATHS. */
  reviews?: Review[];
  /** A fresh captcha (as POST /api/captcha answers it), on the pages of CAPTCHA_PATHS. */
  captcha?: Captcha;
  /** The sign-in options (GET /api/auth-providers), on the same pages. */
  authProviders?: AuthProviders;
  /** The dish of a dish page (/item/{id}), as GET /api/items/{id} answers it. */
  dish?: MenuItem;
}

/** What the server build of the web app (dist/server-render/server-render.js) exports. */
export interface PageRenderer {
  SERVER_RENDERED_PATHS: readonly string[];
  /** The rendered pages that show the reviews in their first screen: the server reads them for these. */
  REVIEW_PATHS: readonly string[];
  /** The rendered pages that show the first items of each category, and how many of each. */
  MENU_PREVIEW_PATHS: readonly string[];
  ITEMS_PER_BLOCK: number;
  /** The rendered pages drawn with a captcha: drawn for each request, never kept. */
  CAPTCHA_PATHS: readonly string[];
  renderPage(pathname: string, sources: PageSources): Promise<RenderedPage>;
}

/**
 * The `<template>` of a server-rendered page that holds its script hints (`modulepreload` links of
 * the app's and the page's chunks). Inert in a template, they are fetched only when the browser's
 * entry (src/web/boot.ts) moves them into <head>, once the page and its pictures have loaded.
 */
export const DEFERRED_SCRIPTS_ID = 'page-scripts';

/** Set by the server on the app's root of a page it rendered: the browser hydrates it instead of drawing it. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/** Set on the app's root once React has drawn the page or taken the server's page over: its buttons work from then on. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * Starts the console error the web app writes when React recovers from a hydration error (a
 * server page that did not match the app's first drawing): the browser tests fail on it, always.
 */
export const HYDRATION_ERROR_PREFIX = 'React recovered from a hydration error:';
