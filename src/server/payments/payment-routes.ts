import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_NOT_VERIFIED, EMAIL_NOT_VERIFIED_MESSAGE } from '../../shared/account-constants.ts';
import { createIntentBodySchema, type CreateIntentBody, type FulfilmentRequest } from '../../shared/orders.ts';
import { GUEST_AT_TABLE_ONLY, isGuest } from '../../shared/roles.ts';
import { TABLE_TEXTS, tableLabel } from '../../shared/tables.ts';
import {
  createIntentAnswerSchema,
  paymentAnswerSchema,
  paymentBodySchema,
  paymentListSchema,
  sandboxConfirmAnswerSchema,
  sandboxConfirmBodySchema,
} from '../../shared/payments.ts';
import { BadRequestError, ForbiddenError, HttpError } from '../http/errors.ts';
import { useStrictJson } from '../http/strict-json.ts';
import { checkFulfilment } from '../orders/fulfilment.ts';
import { checkOrderRules, deliveryChargeFor } from '../settings/order-rules.ts';
import { SandboxProvider } from './sandbox-provider.ts';

/** The spec's payment calls (docs/product.md §7), plus the customer's own orders and the sandbox's card check. */
export async function paymentRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /**
   * Through a table link the order is eat-here at the link's table, as soon as possible: the table
   * comes from the signed token, never from the body, and only the note is the guest's.
   */
  async function fulfilmentAtTable(body: CreateIntentBody): Promise<FulfilmentRequest | undefined> {
    if (body?.tableToken === undefined) return body?.fulfilment;
    const table = await app.tables.atLink(body.tableToken);
    if (!table) throw new BadRequestError(TABLE_TEXTS.linkInvalid, { tableToken: [TABLE_TEXTS.linkInvalid] });
    const note = body.fulfilment?.note;
    // The area rides along with the intent into the order (fulfilmentSchema's `area`); no guest may send it.
    return { type: 'table', table: tableLabel(table), ...(table.area ? { area: table.area } : {}), ...(note ? { note } : {}) } as FulfilmentRequest;
  }

  app.post(
    '/create-payment-intent',
    {
      // The spec sends { price }: the price is ignored (the amount is the cart's). The fulfilment
      // is checked before anything is opened: a bad one creates no intent.
      schema: { body: createIntentBodySchema, response: { 200: createIntentAnswerSchema } },
      preHandler: app.requireUser,
      config: {
        guests: true,
        customerWrites: true,
        errors: {
          403: 'A guest without its table\'s tableToken, or an address not confirmed when the shop asks for it',
          409: 'The cart is empty or has changed, the restaurant takes no orders now, or the time slot is full (SLOT_FULL, with nextSlots), or the promo code does not apply (PROMO_NOT_APPLICABLE); the reason in the message',
        },
      },
    },
    async (request) => {
      // REQUIRE_EMAIL_VERIFICATION: paying waits until the receipt's address is known to be right.
      if (app.config.REQUIRE_EMAIL_VERIFICATION && !(await app.accounts.isEmailVerified(request.user!.id))) {
        throw new HttpError(403, EMAIL_NOT_VERIFIED, EMAIL_NOT_VERIFIED_MESSAGE);
      }
      // A guest eats here at the table whose link began it: never pickup, delivery or no table.
      if (isGuest(request.user!.role) && request.body?.tableToken === undefined) throw new ForbiddenError(GUEST_AT_TABLE_ONLY);
      const now = new Date();
      const settings = app.settings.current();
      const fulfilment = checkFulfilment(await fulfilmentAtTable(request.body), now, settings);
      // The restaurant's hours, pause and delivery terms: nothing is opened when they refuse.
      checkOrderRules(settings, fulfilment, now);
      const userId = request.user!.id;
      return app.payments.createIntent(userId, fulfilment, deliveryChargeFor(app.settings, fulfilment), request.body?.tip, request.body?.promoCode);
    },
  );

  app.post(
    '/payment',
    {
      schema: { body: paymentBodySchema, response: { 200: paymentAnswerSchema } },
      preHandler: app.requireUser,
      config: { guests: true, customerWrites: true, errors: { 404: 'No payment has this transactionId', 409: "The intent is not paid, or is not this cart's (the reason in the message)" } },
    },
    async (request) => {
      const caller = request.user!;
      const { payment, order } = await app.payments.recordPayment(request.body.transactionId, caller);
      // A guest goes on to the order's signed page (decision 0047), which outlives its session.
      const answered = order && isGuest(caller.role) ? { ...order, link: app.orders.linkOf(order._id) } : order;
      return { result: { insertedId: payment._id }, payment, ...(answered ? { order: answered } : {}) };
    },
  );

  app.get(
    '/payments',
    { schema: { summary: "The caller's payments (all of them for administrators)", response: { 200: paymentListSchema } }, preHandler: app.requireUser },
    async (request) => app.payments.listOwn(request.user!.id),
  );

  const provider = app.payments.provider;
  if (provider instanceof SandboxProvider) {
    // Test mode's stand-in for the card provider's confirmation: card data is checked, never kept.
    app.post(
      '/sandbox/payment-intents/:id/confirm',
      {
        schema: { summary: "Pay an intent with a test card (the shop's test mode)",
          params: z.object({ id: z.string().min(1).max(255) }),
          body: sandboxConfirmBodySchema,
          response: { 200: sandboxConfirmAnswerSchema },
        },
        preHandler: app.requireUser,
        config: {
          guests: true,
          customerWrites: true,
          errors: { 409: "The cart changed, a dish was paid, sold out or repriced, the restaurant takes no orders now, or the time slot filled (SLOT_FULL, with nextSlots): nothing was charged" },
        },
      },
      async (request) => {
        const userId = request.user!.id;
        return app.payments.confirmSandbox(provider, request.params.id, userId, request.body);
      },
    );
  }
}
