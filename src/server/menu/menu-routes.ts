import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATEGORIES, isCategory } from '../../shared/category-list.ts';
import { z } from 'zod';
import { itemIdParamsSchema, menuItemSchema } from '../../shared/menu.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { menuAdminRoutes } from './menu-admin-routes.ts';
import { findMenuItem } from './menu-repository.ts';
import { bytesOf } from './menu-answer.ts';
import { toMenuItem, type MenuBytes } from './menu-service.ts';

/** The most first items of each category one `?perCategory=` asks for. */
const MAX_PER_CATEGORY = 12;

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's call answers the whole menu; `?category=<one of the ten>` answers that category's
  // items alone, in the same order (the menu page's tabs, for a large menu).
  // Most requests are answered before they reach Fastify (menu-answer.ts); this route answers
  // the rest (a HEAD, another query, a bad category, a snapshot still being built, request
  // logging on) with the same writer, on node's response (hijacked: the writer sets every header).
  // Not compressed by @fastify/compress: the snapshot holds its gzipped bytes; no body to decompress.
  // `?perCategory=<1 to 12>` answers the first items of each category (the item list's blocks).
  app.get('/items', { compress: false, decompress: false, schema: { response: { 200: z.array(menuItemSchema) } } }, (request, reply) => {
    const { category, perCategory } = request.query as { category?: unknown; perCategory?: unknown };
    if (category !== undefined && (typeof category !== 'string' || !isCategory(category))) {
      throw new BadRequestError(`Unknown category; use one of: ${CATEGORIES.join(', ')}`, { category: ['Unknown category'] });
    }
    const write = (bytes: MenuBytes) => {
      reply.hijack();
      app.menuAnswers.write(request.raw, reply.raw, bytes);
    };
    if (perCategory !== undefined) {
      if (category !== undefined) throw new BadRequestError('Ask for one category or for the first items of each, not both', { perCategory: ['Not with category'] });
      const count = typeof perCategory === 'string' && /^\d{1,2}$/.test(perCategory) ? Number(perCategory) : 0;
      if (count < 1 || count > MAX_PER_CATEGORY) {
        throw new BadRequestError(`perCategory must be a whole number from 1 to ${MAX_PER_CATEGORY}`, { perCategory: ['From 1 to 12'] });
      }
      return app.menu.current().then(async (snapshot) => write(await snapshot.firstOfEachCategory(count)));
    }
    const snapshot = app.menu.ready();
    if (snapshot) return write(bytesOf(snapshot, category));
    return app.menu.current().then((built) => write(bytesOf(built, category)));
  });

  app.get('/items/:id', { schema: { params: itemIdParamsSchema, response: { 200: menuItemSchema } } }, async (request) => {
    const row = await findMenuItem(app.db, request.params.id);
    if (!row) throw new NotFoundError('No menu item with this id');
    return toMenuItem(row);
  });

  await app.register(menuAdminRoutes);
};
