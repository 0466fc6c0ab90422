import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../http/errors.ts';
import { toAdminItem } from './menu-service.ts';
import {
  adminMenuItemSchema,
  createItemResultSchema,
  deleteItemResultSchema,
  itemAvailabilitySchema,
  itemIdParamsSchema,
  itemInputSchema,
  updateItemResultSchema,
} from '../../shared/menu.ts';
import { say } from '../i18n/wording.ts';

/**
 * The administrator's menu calls of the spec (docs/product.md §7); every one needs the admin role. The
 * role is checked before validation, so a caller without it learns nothing from field errors.
 */
export const menuAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.menuAdmin;

  app.post(
    '/items',
    { preValidation: app.requireAdmin, bodyLimit: app.config.BODY_LIMIT, schema: { body: itemInputSchema, response: { 201: createItemResultSchema } } },
    async (request, reply) => reply.code(201).send({ insertedId: await admin.create(request.body) }),
  );

  app.patch(
    '/items/:id',
    {
      preValidation: app.requireAdmin,
      bodyLimit: app.config.BODY_LIMIT,
      schema: { params: itemIdParamsSchema, body: itemInputSchema, response: { 200: updateItemResultSchema } },
    },
    async (request) => ({ success: true as const, modifiedCount: await admin.update(request.params.id, request.body) }),
  );

  // The switches of Manage Items: sold out (on the menu, not orderable) and hidden (off the public menu).
  app.patch(
    '/items/:id/availability',
    {
      preValidation: app.requireAdmin,
      schema: { summary: 'Mark a dish available or sold out, administrators only', params: itemIdParamsSchema, body: itemAvailabilitySchema, response: { 200: updateItemResultSchema } },
    },
    async (request) => ({ success: true as const, modifiedCount: await admin.setAvailability(request.params.id, request.body) }),
  );

  // Every dish, the hidden ones too (marked `hidden`): Manage Items. The public menu leaves them out.
  app.get('/admin/items', { schema: { summary: 'Every dish, the hidden ones too, administrators only' }, preValidation: app.requireAdmin, compress: false }, async (request, reply) => {
    const bytes = await (await app.menu.current()).allItems();
    return reply.sendSnapshot(bytes);
  });

  // One dish as its Update form edits it: English, with the other languages' texts beside, hidden or not.
  app.get(
    '/admin/items/:id',
    {
      preValidation: app.requireAdmin,
      schema: { summary: 'One dish in English with its translations, administrators only', params: itemIdParamsSchema, response: { 200: adminMenuItemSchema } },
    },
    async (request, reply) => {
      const row = await app.menu.storedDish(request.params.id);
      if (!row) throw new NotFoundError(say('error.menu.noSuchItem'));
      reply.header('cache-control', 'private, no-store');
      return toAdminItem(row);
    },
  );

  app.delete(
    '/items/:id',
    { preValidation: app.requireAdmin, schema: { params: itemIdParamsSchema, response: { 200: deleteItemResultSchema } } },
    async (request) => ({ deletedCount: await admin.delete(request.params.id) }),
  );
};
