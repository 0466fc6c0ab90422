import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_RETURN_PATH, PAYMENT_RETURN_QUERY, type PaymentReturnOutcome } from '../../shared/payment-constants.ts';
import { paths } from '../../shared/paths.ts';
import { resolveCaller } from '../auth/authenticate.ts';
import { HttpError } from '../http/errors.ts';
import { AlreadyPaidError, TermsChangedError } from './payment-service.ts';

const returnQuerySchema = z.object({
  payment_intent: z.string().max(255).optional().describe("The intent Stripe's page was about"),
  redirect_status: z.string().max(50).optional().describe("Stripe's word on the redirect: succeeded, failed or canceled"),
});

/**
 * GET /api/payment/return: the `return_url` of Stripe's `confirmPayment`. After a 3-D Secure
 * check or a wallet's own page, Stripe sends the browser here (a top-level GET that carries the
 * session cookie). The address proves nothing (anyone can write it), so the server asks Stripe
 * about the intent and records it as `POST /api/payment` does; the customer then lands on their
 * order, or back on the payment page with the reason as a code. Money Stripe took is never lost
 * here: without a session nothing is recorded now, and the webhook or the periodic check records
 * it (docs/decisions/0021-one-charge-per-cart.md).
 */
export async function paymentReturnRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const backToPayment = (outcome: PaymentReturnOutcome) => `${paths.payment}?${PAYMENT_RETURN_QUERY}=${outcome}`;

  app.get(
    PAYMENT_RETURN_PATH.slice('/api'.length),
    {
      schema: {
        summary: 'Return from a 3-D Secure check or a wallet (Stripe return_url)',
        querystring: returnQuerySchema,
        response: { 303: z.null().describe('See Other: the order page, the payment page with ?payment=<outcome>, or the sign-in page') },
      },
      // The caller if signed in (a bad or missing session goes to the sign-in page below).
      preHandler: async (request) => {
        request.user = await resolveCaller(app, request).catch(() => null);
      },
      config: { customerWrites: true },
    },
    async (request, reply) => {
      const { payment_intent: intentId, redirect_status: status } = request.query;
      const caller = request.user;
      if (!caller) return reply.redirect(paths.login, 303);
      if (!intentId || status === 'failed' || status === 'canceled') return reply.redirect(backToPayment('failed'), 303);
      try {
        const { order } = await app.payments.recordPayment(intentId, caller);
        return reply.redirect(order ? paths.myOrder(order._id) : paths.myOrders, 303);
      } catch (error) {
        if (error instanceof AlreadyPaidError) return reply.redirect(backToPayment('refunded'), 303);
        if (error instanceof TermsChangedError) return reply.redirect(backToPayment('terms-changed'), 303);
        if (!(error instanceof HttpError)) throw error;
        request.log.warn({ err: error, intent: intentId }, 'payment return not recorded');
        // An unknown intent or another customer's (404, 403): nothing more to ask Stripe.
        if (error.statusCode !== 409) return reply.redirect(backToPayment('failed'), 303);
        // The caller's own intent that Stripe has not confirmed: why, in one more look.
        const intent = await app.payments.provider.retrieveIntent(intentId).catch(() => undefined);
        if (intent?.status === 'processing') return reply.redirect(backToPayment('processing'), 303);
        if (intent?.status === 'canceled') return reply.redirect(backToPayment('canceled'), 303);
        return reply.redirect(backToPayment('failed'), 303);
      }
    },
  );
}
