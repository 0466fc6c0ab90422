import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { isCategory, type Category } from '../../shared/category-list.ts';
import type { SecurityHeaders } from '../http/security-headers.ts';
import type { MenuBytes, MenuSnapshot } from './menu-service.ts';

/**
 * The answer of `GET /api/items`, written straight on node's response from bytes and header
 * lists built once per menu change. Its budget is 0.8 of the throughput of a bare node:http
 * server sending the same bytes (docs/product.md §15); Fastify's own work per request (request
 * and reply objects, hooks, the send pipeline, response listeners) held it near 0.78, so the
 * plain requests are answered before Fastify sees them (decision 0014). The Fastify route in
 * menu-routes.ts writes with the same writer, so both paths send the same bytes.
 */
export class MenuAnswers {
  private readonly securityHeaders: SecurityHeaders;
  private readonly headersOf = new WeakMap<MenuBytes, HeaderLists>();

  constructor(securityHeaders: SecurityHeaders) {
    this.securityHeaders = securityHeaders;
  }

  /** 304 for the client's own ETag, else the bytes, gzipped when the client takes gzip. */
  write(request: IncomingMessage, response: ServerResponse, bytes: MenuBytes): void {
    const headers = this.headersFor(bytes);
    if (request.headers['if-none-match'] === bytes.etag) {
      response.writeHead(304, headers.notModified);
      response.end();
    } else if (acceptsGzip(request.headers['accept-encoding'])) {
      response.writeHead(200, headers.gzipped);
      response.end(bytes.gzipped);
    } else {
      response.writeHead(200, headers.plain);
      response.end(bytes.body);
    }
  }

  /** Names and values in one flat list, as writeHead takes them: no header object per request. */
  private headersFor(bytes: MenuBytes): HeaderLists {
    let lists = this.headersOf.get(bytes);
    if (!lists) {
      const common = [...this.securityHeaders.flat(), 'etag', bytes.etag, 'cache-control', 'no-cache', 'vary', 'accept-encoding'];
      const json = ['content-type', 'application/json; charset=utf-8'];
      lists = {
        notModified: common,
        plain: [...common, ...json, 'content-length', String(bytes.body.length)],
        gzipped: [...common, ...json, 'content-encoding', 'gzip', 'content-length', String(bytes.gzipped.length)],
      };
      this.headersOf.set(bytes, lists);
    }
    return lists;
  }
}

interface HeaderLists {
  notModified: string[];
  plain: string[];
  gzipped: string[];
}

/** The whole menu's answer, or one category's. */
export const bytesOf = (snapshot: MenuSnapshot, category: Category | undefined): MenuBytes => (category ? snapshot.categories.get(category)! : snapshot);

/** Whether an Accept-Encoding header allows gzip (listed, or `*`, without q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

const MENU_PATH = '/api/items';
const CATEGORY_QUERY = `${MENU_PATH}?category=`;

/**
 * Puts the menu's answer in front of Fastify on the app's server: a `GET /api/items` or
 * `GET /api/items?category=<one of the ten>` without a body, once the snapshot is built, is
 * answered at once; every other request goes on to Fastify untouched, and so does this one when
 * it would be logged (request logging at `info`), while the app closes, or in any other form
 * (another query, a HEAD, a bad category: the route answers those, with its 400).
 * What Fastify would add to such a request adds nothing: the security headers are the same list,
 * the cross-site guard and the body deadline concern writes and bodies, no rate limit applies.
 * `app.inject` does not pass through the server: tests of this path use a real connection.
 */
export function answerMenuBeforeFastify(app: FastifyInstance, answers: MenuAnswers, observe?: (statusCode: number, seconds: number) => void): void {
  const listeners = app.server.listeners('request');
  // Fastify serves through one 'request' listener; anything else means its internals changed.
  if (listeners.length !== 1) throw new Error(`Expected Fastify's one request listener on the server, found ${listeners.length}`);
  const fastify = listeners[0] as (request: IncomingMessage, response: ServerResponse) => void;
  const log = app.log as { isLevelEnabled?: (level: string) => boolean };
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  const menuBytesFor = (request: IncomingMessage): MenuBytes | undefined => {
    if (request.method !== 'GET' || closing) return undefined;
    const url = request.url!;
    let category: Category | undefined;
    if (url !== MENU_PATH) {
      if (!url.startsWith(CATEGORY_QUERY)) return undefined;
      const value = url.slice(CATEGORY_QUERY.length);
      if (!isCategory(value)) return undefined;
      category = value;
    }
    if (request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined) return undefined;
    if (log.isLevelEnabled?.('info')) return undefined;
    const snapshot = app.menu.ready();
    return snapshot && bytesOf(snapshot, category);
  };

  app.server.removeListener('request', fastify);
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const bytes = menuBytesFor(request);
    if (!bytes) fastify(request, response);
    else if (!observe) answers.write(request, response, bytes);
    else {
      // Metrics on (METRICS_TOKEN): the time to write the answer, counted under the route's own labels.
      const started = performance.now();
      answers.write(request, response, bytes);
      observe(response.statusCode, (performance.now() - started) / 1000);
    }
  });
}
