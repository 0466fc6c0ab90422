import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addToCartSchema,
  cartDeletedSchema,
  cartEntrySchema,
  cartInsertedSchema,
  cartQuerySchema,
} from '../../shared/cart.ts';
import { CART_MAX_ENTRIES } from '../../shared/cart-constants.ts';
import { SOURCE_LANGUAGE } from '../../shared/i18n/languages.ts';
import { ForbiddenError } from '../http/errors.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import { useStrictJson } from '../http/strict-json.ts';
import { say } from '../i18n/wording.ts';

/** The kept cart's key: `cart` in English, `cart:de` in German. */
const cartKey = (request: FastifyRequest) => {
  const language = requestLanguage(request);
  return language === SOURCE_LANGUAGE ? 'cart' : `cart:${language}`;
};

const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The spec's cart calls (docs/product.md §7). The owner is always the caller, never a field of the
 * request. Reading the cart first records a payment the customer made but the shop never recorded
 * (one indexed lookup when there is none); the answer is then kept until the customer's cart,
 * intent or the menu is written (http/kept-answers.ts), and an intent can only become such a
 * payment by a write to it, which forgets the kept answer. A change cancels the customer's open
 * payment intent, which no longer pays for the cart (docs/decisions/0021-one-charge-per-cart.md).
 * A refused call changes nothing.
 */
export async function cartRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();

  const cartAnswer = z.array(cartEntrySchema);
  app.get(
    '/cart',
    {
      schema: { querystring: cartQuerySchema, response: { 200: cartAnswer } },
      preHandler: [
        app.requireUser,
        // The spec keys the cart by e-mail; the shop answers only for the caller's own.
        async (request) => {
          if ((request.query as { email: string }).email !== request.user!.email.toLowerCase()) throw new ForbiddenError(say('error.cart.ownOnly'));
        },
      ],
      // Kept per language: the dishes' names are the reader's (Accept-Language, the cookie), English's key as before.
      config: { guests: true, keptAnswer: { key: cartKey, perLanguage: true }, customerWrites: true, errors: { 403: "The e-mail is not the caller's own" } },
    },
    async (request) => {
      const user = request.user!;
      await app.payments.reconcileOwn(user.id);
      return app.cart.entriesOf(user.id, user.email, requestLanguage(request));
    },
  );

  app.post(
    '/cart',
    {
      schema: { body: addToCartSchema, response: { 201: cartInsertedSchema } },
      preHandler: app.requireUser,
      config: {
        guests: true,
        customerWrites: true,
        errors: { 404: 'No dish has this itemId', 409: `The dish is sold out or off the menu, or the cart holds ${CART_MAX_ENTRIES} entries already (the reason in the message)` },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const insertedId = await app.cart.add(userId, request.body.itemId, request.body.options);
      await app.payments.cartChanged(userId);
      return reply.code(201).send({ insertedId });
    },
  );

  app.delete(
    '/cart/:id',
    { schema: { params: idParams, response: { 200: cartDeletedSchema } }, preHandler: app.requireUser, config: { guests: true, customerWrites: true } },
    async (request) => {
      const userId = request.user!.id;
      const deletedCount = await app.cart.delete(userId, request.params.id);
      await app.payments.cartChanged(userId);
      return { deletedCount };
    },
  );

  // Dishes deleted from the menu while in the caller's cart (docs/product.md §18): the cart page
  // names each once, then deletes its notice.
  app.get(
    '/cart/removed',
    { schema: { summary: 'Cart entries taken out because their dish changed or went', response: { 200: z.array(z.object({ _id: z.string(), name: z.string() })) } }, preHandler: app.requireUser, config: { guests: true } },
    async (request) => app.cart.removedDishesOf(request.user!.id),
  );

  app.delete(
    '/cart/removed/:id',
    { schema: { summary: 'Dismiss the notice of a removed cart entry', params: idParams, response: { 200: cartDeletedSchema } }, preHandler: app.requireUser, config: { guests: true } },
    async (request) => ({ deletedCount: await app.cart.dismissRemovedDish(request.user!.id, request.params.id) }),
  );
}
