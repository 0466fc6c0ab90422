import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATEGORIES, isCategory, type Category } from '../../shared/category-list.ts';
import { itemIdParamsSchema } from '../../shared/menu.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { menuAdminRoutes } from './menu-admin-routes.ts';
import { findMenuItem } from './menu-repository.ts';
import { toMenuItem, type MenuBytes, type MenuSnapshot } from './menu-service.ts';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's call answers the whole menu; `?category=<one of the ten>` answers that category's
  // items alone, in the same order (the order page's tabs, for a large menu).
  // Not compressed per request by @fastify/compress: the snapshot holds its gzipped bytes.
  // Not an async handler and no schema: once the snapshot is built, the answer is sent without a
  // promise (the route's budget is 0.8 of a bare node:http server, DESIGN.md section 6).
  app.get('/items', { compress: false }, (request, reply) => {
    const { category } = request.query as { category?: unknown };
    if (category !== undefined && (typeof category !== 'string' || !isCategory(category))) {
      throw new BadRequestError(`Unknown category; use one of: ${CATEGORIES.join(', ')}`, { category: ['Unknown category'] });
    }
    const snapshot = app.menu.ready();
    if (snapshot) {
      sendMenu(request, reply, bytesOf(snapshot, category));
      return;
    }
    return app.menu.current().then((built) => sendMenu(request, reply, bytesOf(built, category)));
  });

  app.get('/items/:id', { schema: { params: itemIdParamsSchema } }, async (request) => {
    const row = await findMenuItem(app.db, request.params.id);
    if (!row) throw new NotFoundError('No menu item with this id');
    return toMenuItem(row);
  });

  await app.register(menuAdminRoutes);
};

/** The whole menu's answer, or one category's. */
const bytesOf = (snapshot: MenuSnapshot, category: Category | undefined): MenuBytes => (category ? snapshot.categories.get(category)! : snapshot);

function sendMenu(request: FastifyRequest, reply: FastifyReply, { body, gzipped, etag }: MenuBytes): FastifyReply {
  reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(gzipped);
  return reply.send(body);
}

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
