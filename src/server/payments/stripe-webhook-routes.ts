import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { WEBHOOK_BODY_LIMIT } from '../http/body-limits.ts';
import { BadRequestError } from '../http/errors.ts';
import type { StripeProvider } from './stripe-provider.ts';

/**
 * POST /api/stripe/webhook: Stripe's own word that an intent succeeded, so the payment is
 * recorded even when the browser never calls back. The signature is checked over the raw bytes.
 */
export function stripeWebhookRoutes(provider: StripeProvider) {
  return async (instance: FastifyInstance): Promise<void> => {
    instance.removeContentTypeParser('application/json');
    instance.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    instance.post('/stripe/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new BadRequestError('Missing Stripe signature');
      }
      let event: Stripe.Event;
      try {
        event = provider.verifyWebhook(request.body, signature);
      } catch {
        throw new BadRequestError('The Stripe signature does not match');
      }
      if (event.type === 'payment_intent.succeeded') {
        try {
          await instance.payments.recordPayment(event.data.object.id, null);
        } catch (error) {
          // An intent of another shop on the same account, or a 409 Stripe will retry: log it.
          request.log.warn({ err: error, intent: event.data.object.id }, 'webhook payment not recorded');
          if ((error as { statusCode?: number }).statusCode === 404) return reply.send({ received: true });
          throw error;
        }
      }
      return reply.send({ received: true });
    });
  };
}
