import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MenuItem } from '../../shared/menu.ts';
import { isAppRoute } from '../../shared/paths.ts';
import { DEFERRED_SCRIPTS_ID, SERVER_RENDERED_ATTRIBUTE, type PageRenderer, type RenderedPage } from '../../shared/rendered-page.ts';
import { authProvidersOf } from '../auth/auth-providers.ts';
import { pageCaptchas } from '../auth/page-captcha.ts';
import { pageHints } from './page-hints.ts';
import { languageCookieOf, requestLanguage, SHOP_LANGUAGES } from '../i18n/request-language.ts';
import { translatorFor } from '../i18n/translator.ts';
import { LANGUAGE_QUERY, type Language } from '../../shared/i18n/languages.ts';
import { dishHead, dishIdOf, escapeHtml, withDescription, withDishHead } from './dish-document.ts';
import { storefrontDescription, storefrontFacts } from '../../shared/storefront-facts.ts';

const gzipAsync = promisify(gzip);

/**
 * A larger menu is not drawn into pages, since its JSON would travel in every one; those pages
 * show the loading state and the browser fetches the menu instead.
 */
const MAX_RENDERED_MENU_BYTES = 256 * 1024;

/** registerWebApp as the last plugin of src/server/app.ts: its not-found answer takes whatever no route took. */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { webDir: string }) => registerWebApp(app, options.webDir), {
  name: 'web-app',
  fastify: '5.x',
  dependencies: ['database', 'menu', 'settings'],
});

/**
 * Serves the built web app; unknown paths get index.html with a 404 so the app shows its
 * not-found screen. Public pages come rendered by the app's own components (decision 0011) so a
 * phone paints before any script runs; each is rendered and gzipped once per menu version,
 * except captcha pages, drawn per request because a captcha is single-use.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (!hasWebApp) {
    app.setNotFoundHandler(async (request, reply) => notFound(request, reply));
    return;
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const hintsFor = pageHints(webDir);
  const renderer = await loadRenderer(webDir, indexHtml);
  const documents = new DocumentCache();
  const dishDocuments = new DocumentCache(MAX_KEPT_DISH_PAGES);
  const captchaFor = pageCaptchas(app.db, app.config);

  /** Undefined for an unknown or hidden dish, which is then a 404. */
  const dishDocumentFor = async (pathname: string, id: string, language: Language): Promise<WebDocument | undefined> => {
    // The dish's texts in the page's language (its name, description and options: issue 44, point 4).
    const menu = await app.menu.currentIn(language);
    const dish = menu.dish(id);
    if (!dish) return undefined;
    // The page's canonical address and cache key: the shop's, never the request's Host, which
    // anyone may vary to fill the cache and to name another site in the page.
    const origin = app.config.publicOrigin;
    const hints = hintsFor(pathname, language);
    return dishDocuments.get(`${language}:${origin}${pathname}`, menu.etag, async () => {
      const html = inLanguage(withDishHead(indexHtml, dishHead(dish, origin)), language, { origin, pathname });
      return renderer ? withRenderedPage(html, hints, await renderer.renderPage(pathname, { dish, language })) : withHints(html, hints);
    });
  };

  const documentFor = async (request: FastifyRequest, pathname: string, language: Language): Promise<WebDocument> => {
    const hints = hintsFor(pathname, language);
    // What the storefront promises follows the settings (hours, delivery; issue 43, point 5): the
    // pages' description, and the pages that say it, are drawn again when those facts change.
    const facts = storefrontFacts(app.settings.current());
    const factsVersion = JSON.stringify(facts);
    const described = withDescription(indexHtml, storefrontDescription(facts, translatorFor(language), language));
    if (!renderer?.SERVER_RENDERED_PATHS.includes(pathname)) {
      return documents.get(`${language}:hints:${hints}`, factsVersion, async () => withHints(inLanguage(described, language), hints));
    }
    const template = inLanguage(described, language, { origin: app.config.publicOrigin, pathname });
    if (renderer.CAPTCHA_PATHS.includes(pathname)) {
      // A HEAD asks for the headers only: no captcha is made for it.
      const captcha = request.method === 'GET' ? await captchaFor(request.ip) : undefined;
      const authProviders = authProvidersOf(app.config);
      // Without a captcha (a HEAD, or an address past its limit) the page is the same for everyone:
      // drawn once and kept, so a flood of requests costs no rendering.
      if (!captcha) return documents.get(`${language}:page:${pathname}`, factsVersion, async () => withRenderedPage(template, hints, await renderer.renderPage(pathname, { authProviders, language })));
      const page = await renderer.renderPage(pathname, { captcha, authProviders, language });
      return documentOf(withRenderedPage(template, hints, page), { kept: false });
    }
    const menu = await app.menu.currentIn(language);
    // The reviews' pages are drawn again when the reviews change (their snapshot's ETag).
    const reviews = renderer.REVIEW_PATHS.includes(pathname) ? await app.reviews.current() : undefined;
    const version = `${menu.etag} ${reviews?.etag ?? ''} ${factsVersion}`;
    return documents.get(`${language}:page:${pathname}`, version, async () => {
      const drawnMenu = menu.body.length <= MAX_RENDERED_MENU_BYTES ? (JSON.parse(menu.body.toString('utf8')) as MenuItem[]) : undefined;
      const menuPreview = renderer.MENU_PREVIEW_PATHS.includes(pathname)
        ? (JSON.parse((await menu.firstOfEachCategory(renderer.ITEMS_PER_BLOCK)).body.toString('utf8')) as MenuItem[])
        : undefined;
      const sources = { menu: drawnMenu, menuPreview, reviews: reviews ? [...reviews.reviews] : undefined, facts: renderer.FACTS_PATHS.includes(pathname) ? facts : undefined, language };
      return withRenderedPage(template, hints, await renderer.renderPage(pathname, sources));
    });
  };

  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    // Source maps hold the app's whole source: kept beside the build for debugging, never served in production.
    allowedPath: (pathName) => app.config.NODE_ENV !== 'production' || !pathName.endsWith('.map'),
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // The service worker and the app's manifest are asked again on every check for a new version.
      const alwaysAsked = filePath.endsWith(`${path.sep}sw.js`) || filePath.endsWith('.webmanifest');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : alwaysAsked ? 'no-cache' : 'public, max-age=3600');
      if (filePath.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json');
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsPage) return notFound(request, reply);
    const dishId = dishIdOf(pathname);
    const language = requestLanguage(request);
    const dishDocument = dishId === undefined ? undefined : await dishDocumentFor(pathname, dishId, language);
    const found = dishId === undefined ? isAppRoute(pathname) : dishDocument !== undefined;
    const document = dishDocument ?? (await documentFor(request, found ? pathname : NOT_FOUND_PATH, language));
    reply
      .code(found ? 200 : 404)
      // A page with a captcha of its own is for this request only (the captcha is single-use).
      .header('cache-control', document.kept ? 'no-cache' : 'no-store')
      // Each language is a page of its own (src/server/i18n/request-language.ts).
      .header('vary', 'accept-encoding, accept-language, cookie')
      .type('text/html; charset=utf-8');
    // A kept page is the same for everyone until its version changes: the browser's copy is asked
    // about with its ETag, and a 304 sends nothing again (a dish page, the home page).
    // Followed from a hreflang alternate (?lang=de): the pages after it stay in that language.
    if (request.query && (request.query as Record<string, unknown>)[LANGUAGE_QUERY] === language) reply.header('set-cookie', languageCookieOf(language));
    if (document.etag) {
      reply.header('etag', document.etag);
      if (found && request.headers['if-none-match'] === document.etag) return reply.code(304).send();
    }
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(document.gzipped);
    return reply.send(document.html);
  });
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/';
  // A path some route answers, with another method: 405 and the methods it takes.
  const allowed = request.server.allowedMethods(pathname);
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    return reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send({ statusCode: 405, code: 'METHOD_NOT_ALLOWED', message: `${request.method} is not allowed here: ${allowed.join(', ')}` });
  }
  return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` });
}

interface WebDocument {
  html: Buffer;
  gzipped: Buffer;
  /** The strong ETag of a kept page; none for a page drawn for one request. */
  etag: string | undefined;
  /** False for a page drawn for one request: caches must not keep it. */
  kept: boolean;
}

async function documentOf(html: string, { kept }: { kept: boolean }): Promise<WebDocument> {
  const bytes = Buffer.from(html);
  // A page drawn for one request is compressed once, for that request: quickly rather than smallest.
  const etag = kept ? `"${createHash('sha1').update(bytes).digest('base64url')}"` : undefined;
  return { html: bytes, gzipped: await gzipAsync(bytes, { level: kept ? 9 : 6 }), etag, kept };
}

/** One page per dish: bounded so a huge menu cannot fill memory. */
const MAX_KEPT_DISH_PAGES = 500;
/** A path no page has: its document is index.html with the app's hints, where the app shows "not found". */
const NOT_FOUND_PATH = '/not-found';

/** Built and gzipped once per version; past `limit`, the oldest drawn go first. */
class DocumentCache {
  private readonly entries = new Map<string, { version: string; document: Promise<WebDocument> }>();
  private readonly limit: number;

  constructor(limit = Infinity) {
    this.limit = limit;
  }

  get(key: string, version: string, build: () => Promise<string>): Promise<WebDocument> {
    const cached = this.entries.get(key);
    if (cached?.version === version) return cached.document;
    const document = build().then((html) => documentOf(html, { kept: true }));
    this.entries.delete(key);
    this.entries.set(key, { version, document });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    // A failed render is not kept: the next request tries again.
    document.catch(() => {
      if (this.entries.get(key)?.document === document) this.entries.delete(key);
    });
    return document;
  }
}

const APP_HTML = /<!--app-html-->[\s\S]*<!--\/app-html-->/;

/** None for a build without it: pages then render in the browser only. */
async function loadRenderer(webDir: string, indexHtml: string): Promise<PageRenderer | undefined> {
  const file = path.join(webDir, '..', 'server-render', 'server-render.js');
  if (!fs.existsSync(file)) return undefined;
  if (!APP_HTML.test(indexHtml)) throw new Error('index.html has no <!--app-html--> marks to hold the rendered pages');
  const module = (await import(pathToFileURL(file).href)) as PageRenderer;
  return module;
}

/**
 * The page's language on <html>, which the app reads to load its catalogue; a public page also
 * names its address in each of the shop's languages (hreflang), so a search engine offers a
 * German reader the German page.
 */
function inLanguage(html: string, language: Language, alternatesOf?: { origin: string; pathname: string }): string {
  const address = alternatesOf && escapeHtml(`${alternatesOf.origin}${alternatesOf.pathname}`);
  const alternates = address
    ? [
        ...SHOP_LANGUAGES.map((code) => `<link rel="alternate" hreflang="${code}" href="${address}?${LANGUAGE_QUERY}=${code}" />`),
        `<link rel="alternate" hreflang="x-default" href="${address}" />`,
      ].join('')
    : '';
  return html.replace(/<html[^>]*>/, () => `<html lang="${language}">`).replace('</head>', () => `${alternates}</head>`);
}

function withHints(indexHtml: string, hints: string): string {
  // Replacer functions, not strings: a page's HTML may hold "$&" and the like.
  return hints ? indexHtml.replace('</head>', () => `${hints}</head>`) : indexHtml;
}

/** Script hints go in an inert template, fetched after `load` by src/web/boot.ts, so they don't compete with the pictures. */
function withRenderedPage(indexHtml: string, hints: string, page: RenderedPage): string {
  const deferredHints = hints ? `<template id="${DEFERRED_SCRIPTS_ID}">${hints}</template>` : '';
  return (
    withHints(indexHtml, page.head)
      .replace(APP_HTML, () => page.body)
      .replace('<div id="root">', () => `${page.data}${deferredHints}<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>`)
      // The page paints from HTML and CSS; a high-priority script before first paint would count as holding it up.
      .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
  );
}
