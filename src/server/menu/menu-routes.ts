import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { itemIdParamsSchema } from '../../shared/menu.ts';
import { NotFoundError } from '../http/errors.ts';
import { menuAdminRoutes } from './menu-admin-routes.ts';
import { findMenuItem } from './menu-repository.ts';
import { toMenuItem } from './menu-service.ts';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/items', async (request, reply) => {
    const { body, etag } = await app.menu.current();
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/items/:id', { schema: { params: itemIdParamsSchema } }, async (request) => {
    const row = await findMenuItem(app.db, request.params.id);
    if (!row) throw new NotFoundError('No menu item with this id');
    return toMenuItem(row);
  });

  await app.register(menuAdminRoutes);
};
