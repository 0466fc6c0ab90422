import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLanguage } from '../i18n/request-language.ts';
import { FAVOURITES_MAX, favouriteParamsSchema, favouritesSchema, favouriteStateSchema } from '../../shared/favourites.ts';

/**
 * The caller's favourites (docs/product.md §21). Only the signed-in caller's own: no route takes
 * a user. PUT and DELETE are idempotent (saving a saved dish or removing one not saved answers
 * the same state and changes nothing); a dish the menu does not have is 404.
 */
export async function favouritesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // In the reader's language, as the menu answers its dishes (docs/i18n.md "Dishes in every language").
  app.get('/favourites', { schema: { summary: "The caller's favourite dishes", response: { 200: favouritesSchema } }, preHandler: app.requireUser }, async (request, reply) => {
    reply.header('vary', 'accept-language, cookie');
    return app.favourites.list(request.user!.id, requestLanguage(request));
  });

  app.put(
    '/favourites/:itemId',
    {
      schema: { summary: 'Make a dish a favourite', params: favouriteParamsSchema, response: { 200: favouriteStateSchema } },
      preHandler: app.requireUser,
      config: { errors: { 409: `The caller has ${FAVOURITES_MAX} favourites already` } },
    },
    async (request) => {
      const { itemId } = request.params;
      await app.favourites.save(request.user!.id, itemId);
      return { itemId, saved: true };
    },
  );

  app.delete(
    '/favourites/:itemId',
    { schema: { summary: 'Take a dish off the favourites', params: favouriteParamsSchema, response: { 200: favouriteStateSchema } }, preHandler: app.requireUser },
    async (request) => {
      const { itemId } = request.params;
      await app.favourites.remove(request.user!.id, itemId);
      return { itemId, saved: false };
    },
  );
}
