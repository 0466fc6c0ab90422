import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATEGORIES, isCategory } from '../../shared/category-list.ts';
import { itemIdParamsSchema } from '../../shared/menu.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { menuAdminRoutes } from './menu-admin-routes.ts';
import { findMenuItem } from './menu-repository.ts';
import { bytesOf } from './menu-answer.ts';
import { toMenuItem, type MenuSnapshot } from './menu-service.ts';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's call answers the whole menu; `?category=<one of the ten>` answers that category's
  // items alone, in the same order (the order page's tabs, for a large menu).
  // Most requests are answered before they reach Fastify (menu-answer.ts); this route answers
  // the rest (a HEAD, another query, a bad category, a snapshot still being built, request
  // logging on) with the same writer, on node's response (hijacked: the writer sets every header).
  // Not compressed by @fastify/compress: the snapshot holds its gzipped bytes; no body to decompress.
  app.get('/items', { compress: false, decompress: false }, (request, reply) => {
    const { category } = request.query as { category?: unknown };
    if (category !== undefined && (typeof category !== 'string' || !isCategory(category))) {
      throw new BadRequestError(`Unknown category; use one of: ${CATEGORIES.join(', ')}`, { category: ['Unknown category'] });
    }
    const write = (snapshot: MenuSnapshot) => {
      reply.hijack();
      app.menuAnswers.write(request.raw, reply.raw, bytesOf(snapshot, category));
    };
    const snapshot = app.menu.ready();
    if (snapshot) return write(snapshot);
    return app.menu.current().then(write);
  });

  app.get('/items/:id', { schema: { params: itemIdParamsSchema } }, async (request) => {
    const row = await findMenuItem(app.db, request.params.id);
    if (!row) throw new NotFoundError('No menu item with this id');
    return toMenuItem(row);
  });

  await app.register(menuAdminRoutes);
};
