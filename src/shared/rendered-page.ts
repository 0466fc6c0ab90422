import type { MenuItem } from './menu.ts';

/** A page drawn by the server (src/web/server-render.tsx, served by src/server/http/web-app.ts). */
export interface RenderedPage {
  /** Resource hints React asked for (the page's pictures), for <head>. */
  head: string;
  /** The content of the app's root element. */
  body: string;
  /** The data the page was drawn with, as a JSON element for <body> (empty when none). */
  data: string;
}

/** What the server build of the web app (dist/server-render/server-render.js) exports. */
export interface PageRenderer {
  SERVER_RENDERED_PATHS: readonly string[];
  renderPage(pathname: string, menu?: MenuItem[]): Promise<RenderedPage>;
}
