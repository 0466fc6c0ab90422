import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guestBeginSchema, TABLE_TEXTS, tableAtLinkSchema, tableIdParamsSchema, tableInputSchema, tableSchema, tableTokenParamsSchema } from '../../shared/tables.ts';
import { beginGuest } from '../auth/authenticate.ts';
import { rateLimitFor } from '../auth/rate-limits.ts';
import { NotFoundError } from '../http/errors.ts';
import { useStrictJson } from '../http/strict-json.ts';

/**
 * The restaurant's tables (docs/product.md, "Tables and their codes"): administrators keep the
 * list and regenerate a table's code; anyone may ask which table a link opens.
 */
export async function tablesRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { tables, config } = app;

  app.get('/admin/tables', { schema: { summary: 'The restaurant\'s tables, each with the link its QR code opens', response: { 200: z.array(tableSchema) } }, preHandler: app.requireAdmin }, async (_request, reply) => {
    // The links are the codes themselves: never kept by a cache.
    reply.header('cache-control', 'no-store');
    return tables.list();
  });

  app.post(
    '/admin/tables',
    { schema: { summary: 'Add a table (a name or number, and an area if any)', body: tableInputSchema, response: { 201: tableSchema } }, preHandler: app.requireAdmin, config: { errors: { 409: 'Another table already has this name' } } },
    async (request, reply) => reply.code(201).send(await tables.add(request.body)),
  );

  app.put(
    '/admin/tables/:id',
    { schema: { summary: 'Rename a table or change its area (its code stays the same)', params: tableIdParamsSchema, body: tableInputSchema, response: { 200: tableSchema } }, preHandler: app.requireAdmin, config: { errors: { 409: 'Another table already has this name' } } },
    async (request) => tables.update(request.params.id, request.body),
  );

  app.delete(
    '/admin/tables/:id',
    { schema: { summary: 'Remove a table (its printed code opens the menu without a table)', params: tableIdParamsSchema, response: { 200: z.object({ deletedCount: z.literal(1) }) } }, preHandler: app.requireAdmin },
    async (request) => {
      await tables.remove(request.params.id);
      return { deletedCount: 1 as const };
    },
  );

  app.post(
    '/admin/tables/:id/regenerate',
    { schema: { summary: "A new code for a table: the old one's link opens no table any more", params: tableIdParamsSchema, response: { 200: tableSchema } }, preHandler: app.requireAdmin },
    async (request) => tables.regenerate(request.params.id),
  );

  // What the menu opened through /t/<token> shows: the table's name and area, nothing else.
  app.get(
    '/tables/:token',
    { schema: { summary: 'The table a table link opens (404 for a code not issued, regenerated since, or of a removed table)', params: tableTokenParamsSchema, response: { 200: tableAtLinkSchema } } },
    async (request, reply) => {
      const table = await tables.atLink(request.params.token);
      if (!table) throw new NotFoundError(TABLE_TEXTS.linkInvalid);
      reply.header('cache-control', 'no-store');
      return { name: table.name, area: table.area };
    },
  );

  // A guest at this table (decision 0047): a users row of role `guest` and its session cookie,
  // through Better Auth's anonymous plugin, reached from here only. Limited as sign-up is, since
  // each call makes a row; a code not issued makes none.
  app.post(
    '/tables/:token/guest',
    {
      schema: { summary: "Begin a guest at the link's table: order and pay there without an account (sets the session cookie)", params: tableTokenParamsSchema, body: guestBeginSchema },
      config: { rateLimit: rateLimitFor(config, 'sign-up'), errors: { 404: TABLE_TEXTS.linkInvalid } },
    },
    async (request, reply) => {
      const table = await tables.atLink(request.params.token);
      if (!table) throw new NotFoundError(TABLE_TEXTS.linkInvalid);
      return beginGuest(app, request, reply, request.body);
    },
  );
}
