import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROMO_TEXTS, promotionIdParamsSchema, promotionInputSchema, promotionPausedSchema, promotionSchema } from '../../shared/promo-codes.ts';
import { useStrictJson } from '../http/strict-json.ts';

/** The administrator's promo codes (docs/product.md, "Promo codes"): list, add, edit, pause, delete. */
export async function promotionsRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { promotions } = app;

  app.get('/admin/promotions', { schema: { summary: 'The promo codes, newest first, each with its uses so far', response: { 200: z.array(promotionSchema) } }, preHandler: app.requireAdmin }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return promotions.list();
  });

  app.post(
    '/admin/promotions',
    { schema: { summary: 'Add a promo code (percentage or fixed amount off the food)', body: promotionInputSchema, response: { 201: promotionSchema } }, preHandler: app.requireAdmin, config: { errors: { 409: PROMO_TEXTS.codeTaken } } },
    async (request, reply) => reply.code(201).send(await promotions.add(request.body)),
  );

  app.put(
    '/admin/promotions/:id',
    { schema: { summary: "Change a promo code's rules (its uses so far stay)", params: promotionIdParamsSchema, body: promotionInputSchema, response: { 200: promotionSchema } }, preHandler: app.requireAdmin, config: { errors: { 409: PROMO_TEXTS.codeTaken } } },
    async (request) => promotions.update(request.params.id, request.body),
  );

  app.put(
    '/admin/promotions/:id/paused',
    { schema: { summary: 'Pause a promo code or take it up again', params: promotionIdParamsSchema, body: promotionPausedSchema, response: { 200: promotionSchema } }, preHandler: app.requireAdmin },
    async (request) => promotions.setPaused(request.params.id, request.body.paused),
  );

  app.delete(
    '/admin/promotions/:id',
    { schema: { summary: 'Delete a promo code (orders that used it keep their discount)', params: promotionIdParamsSchema, response: { 200: z.object({ deletedCount: z.literal(1) }) } }, preHandler: app.requireAdmin },
    async (request) => {
      await promotions.remove(request.params.id);
      return { deletedCount: 1 as const };
    },
  );
}
