import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { WEBHOOK_BODY_LIMIT } from '../http/body-limits.ts';
import { BadRequestError } from '../http/errors.ts';
import { isRefundedCharge } from './payment-service.ts';
import type { ProviderDispute } from './payment-provider.ts';
import { toRefundStatus, type StripeProvider } from './stripe-provider.ts';
import { say } from '../i18n/wording.ts';

/**
 * POST /api/stripe/webhook: Stripe's own word that an intent succeeded, so the payment is
 * recorded even when the browser never calls back, and on refunds, whose status it moves on the
 * order (a card refund is often still pending when the refund call answers), and on disputes
 * (chargebacks), which staff then see on the order. Every event may come more than once: each
 * records only what changed. The signature is checked over the raw bytes.
 */
export function stripeWebhookRoutes(provider: StripeProvider) {
  return async (instance: FastifyInstance): Promise<void> => {
    instance.removeContentTypeParser('application/json');
    instance.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    instance.post('/stripe/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new BadRequestError(say('error.payment.stripeSignatureMissing'));
      }
      let event: Stripe.Event;
      try {
        event = provider.verifyWebhook(request.body, signature);
      } catch {
        throw new BadRequestError(say('error.payment.stripeSignatureWrong'));
      }
      if (event.type === 'payment_intent.succeeded') {
        const intent = event.data.object;
        try {
          await instance.payments.recordPayment(intent.id, null);
        } catch (error) {
          // A payment refunded (dishes paid already, or terms changed) is done with; a 409 Stripe
          // will retry. An unknown intent of this shop (its account deleted) is refunded first.
          request.log.warn({ err: error, intent: intent.id }, 'webhook payment not recorded');
          if (isRefundedCharge(error)) return reply.send({ received: true });
          if ((error as { statusCode?: number }).statusCode === 404) {
            await instance.payments.refundUnknownCharge(intent.id, intent.amount_received || intent.amount, intent.metadata?.userId);
            return reply.send({ received: true });
          }
          throw error;
        }
      }
      const refund = refundOf(event);
      if (refund) {
        const known = await instance.orders.refundUpdated(refund.intentId, refund);
        if (!known) request.log.warn({ intent: refund.intentId, event: event.type }, 'refund of no order of the shop');
      }
      const dispute = disputeOf(event);
      if (dispute) {
        const known = await instance.orders.disputeReported(dispute.intentId, dispute);
        if (known) request.log.warn({ intent: dispute.intentId, dispute: dispute.id, status: dispute.status }, 'payment disputed by the card holder');
        else request.log.warn({ intent: dispute.intentId, event: event.type }, 'dispute of no order of the shop');
      }
      return reply.send({ received: true });
    });
  };
}

/** The refund an event is about: a refund's own events, or a charge's 'refunded'. */
function refundOf(event: Stripe.Event): { intentId: string; status: ReturnType<typeof toRefundStatus>; amountCents: number; refundId?: string } | undefined {
  if (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed') {
    const refund = event.data.object;
    const intentId = idOf(refund.payment_intent);
    return intentId ? { intentId, status: toRefundStatus(refund.status), amountCents: refund.amount, refundId: refund.id } : undefined;
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const intentId = idOf(charge.payment_intent);
    // The charge's newest refund says how far it is; a charge without its list is refunded as it says.
    const latest = charge.refunds?.data?.[0];
    const status = latest ? toRefundStatus(latest.status) : charge.refunded ? 'succeeded' : 'pending';
    return intentId ? { intentId, status, amountCents: charge.amount_refunded, refundId: latest?.id } : undefined;
  }
  return undefined;
}

/** The dispute an event is about: opened, updated (evidence, review) or closed (won or lost). */
function disputeOf(event: Stripe.Event): (ProviderDispute & { intentId: string }) | undefined {
  if (event.type !== 'charge.dispute.created' && event.type !== 'charge.dispute.updated' && event.type !== 'charge.dispute.closed') return undefined;
  const dispute = event.data.object;
  const intentId = idOf(dispute.payment_intent);
  return intentId ? { intentId, id: dispute.id, amountCents: dispute.amount, reason: dispute.reason, status: dispute.status } : undefined;
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.id;
}
