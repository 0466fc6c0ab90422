import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FAVOURITES_MAX, favouriteParamsSchema, favouritesSchema, favouriteStateSchema } from '../../shared/favourites.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { findMenuItem } from '../menu/menu-repository.ts';
import { toMenuItem } from '../menu/menu-service.ts';
import { countFavourites, deleteFavourite, insertFavourite, isFavourite, listFavouriteItems } from './favourites-repository.ts';

const NO_SUCH_DISH = 'No menu item with this id';

/**
 * The caller's favourites (docs/product.md §21). Only the signed-in caller's own: no route takes
 * a user. PUT and DELETE are idempotent (saving a saved dish or removing one not saved answers
 * the same state and changes nothing); a dish the menu does not have is 404.
 */
export async function favouritesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/favourites', { schema: { response: { 200: favouritesSchema } }, preHandler: app.requireUser }, async (request) =>
    (await listFavouriteItems(app.db, request.user!.id)).map(toMenuItem),
  );

  app.put(
    '/favourites/:itemId',
    { schema: { params: favouriteParamsSchema, response: { 200: favouriteStateSchema } }, preHandler: app.requireUser },
    async (request) => {
      const userId = request.user!.id;
      const { itemId } = request.params;
      if (await isFavourite(app.db, userId, itemId)) return { itemId, saved: true };
      if ((await countFavourites(app.db, userId)) >= FAVOURITES_MAX) {
        throw new ConflictError(`You can save up to ${FAVOURITES_MAX} favourites. Remove one first.`);
      }
      const inserted = await insertFavourite(app.db, userId, itemId, new Date().toISOString());
      // Nothing inserted: the dish does not exist, or a parallel call saved it first.
      if (inserted === 0 && !(await isFavourite(app.db, userId, itemId))) throw new NotFoundError(NO_SUCH_DISH);
      return { itemId, saved: true };
    },
  );

  app.delete(
    '/favourites/:itemId',
    { schema: { params: favouriteParamsSchema, response: { 200: favouriteStateSchema } }, preHandler: app.requireUser },
    async (request) => {
      const { itemId } = request.params;
      const deleted = await deleteFavourite(app.db, request.user!.id, itemId);
      // Removing what is not saved is done already, unless the dish itself is unknown.
      if (deleted === 0 && !(await findMenuItem(app.db, itemId))) throw new NotFoundError(NO_SUCH_DISH);
      return { itemId, saved: false };
    },
  );
}
