import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppRoute } from '../../shared/paths.ts';
import { pageHints } from './page-hints.ts';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for each of the app's
 * routes (the app routes in the browser), and index.html with status 404 for any other path,
 * where the app shows its "page not found" screen.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  const hintsFor = hasWebApp ? pageHints(webDir) : () => '';
  const indexHtml = hasWebApp ? fs.readFileSync(indexFile, 'utf8') : '';
  /** index.html with the path's preload hints, built once per distinct path. */
  const pages = new Map<string, string>();
  const pageFor = (pathname: string) => {
    const hints = hintsFor(pathname);
    let html = pages.get(hints);
    if (html === undefined) {
      html = hints ? indexHtml.replace('</head>', `${hints}</head>`) : indexHtml;
      pages.set(hints, html);
    }
    return html;
  };
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsPage || !hasWebApp) {
      return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` });
    }
    const html = pageFor(pathname);
    return reply
      .code(isAppRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
