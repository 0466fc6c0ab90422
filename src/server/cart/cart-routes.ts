import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addToCartSchema,
  cartDeletedSchema,
  cartEntrySchema,
  cartInsertedSchema,
  cartQuerySchema,
} from '../../shared/cart.ts';
import { ForbiddenError, NotFoundError } from '../http/errors.ts';
import { useStrictJson } from '../http/strict-json.ts';
import { deleteCartItem, listCartItems } from './cart-repository.ts';
import { addToCart, toCartEntry } from './cart-service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** The spec's cart calls (docs/product.md §7). The owner is always the caller, never a field of the request. */
export async function cartRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/cart',
    {
      schema: { querystring: cartQuerySchema, response: { 200: z.array(cartEntrySchema) } },
      preHandler: app.requireUser,
    },
    async (request) => {
      const user = request.user!;
      // The spec keys the cart by e-mail; the shop answers only for the caller's own.
      if (request.query.email !== user.email.toLowerCase()) throw new ForbiddenError('You can only read your own cart');
      return (await listCartItems(app.db, user.id)).map((row) => toCartEntry(row, user.email));
    },
  );

  app.post(
    '/cart',
    {
      schema: { body: addToCartSchema, response: { 201: cartInsertedSchema } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const insertedId = await addToCart(app.db, request.user!.id, request.body.itemId);
      return reply.code(201).send({ insertedId });
    },
  );

  app.delete(
    '/cart/:id',
    { schema: { params: idParams, response: { 200: cartDeletedSchema } }, preHandler: app.requireUser },
    async (request) => {
      // Another customer's entry is as unknown to the caller as one that never existed.
      const deletedCount = await deleteCartItem(app.db, request.user!.id, request.params.id);
      if (deletedCount === 0) throw new NotFoundError('No such entry in your cart');
      return { deletedCount };
    },
  );
}
