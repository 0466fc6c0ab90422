import Stripe from 'stripe';
import { RefundRefusedError } from '../orders/order-types.ts';
import type { CreatedIntent, CreateIntentInput, PaymentProvider, ProviderIntent, ProviderRefund, RefundStatus } from './payment-provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another address for the Stripe API (a local stand-in in tests); unset: Stripe's own. */
  apiUrl?: string;
}

/** The real Stripe API through its official SDK, with Stripe Elements in the browser. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
    if (options.apiUrl) {
      const url = new URL(options.apiUrl);
      config.host = url.hostname;
      config.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      config.protocol = url.protocol === 'https:' ? 'https' : 'http';
    }
    this.stripe = new Stripe(options.secretKey, config);
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const intent = await this.stripe.paymentIntents.create({
      amount: input.amountCents,
      currency: input.currency,
      allowed_payment_method_types: ['card'],
      metadata: { userId: input.userId },
    });
    if (!intent.client_secret) throw new Error(`Stripe gave no client secret for ${intent.id}`);
    return { ...toProviderIntent(intent), clientSecret: intent.client_secret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | undefined> {
    const intent = await this.retrieve(id);
    return intent && toProviderIntent(intent);
  }

  async retrieveWithSecret(id: string): Promise<CreatedIntent | undefined> {
    const intent = await this.retrieve(id);
    if (!intent) return undefined;
    if (!intent.client_secret) throw new Error(`Stripe gave no client secret for ${intent.id}`);
    return { ...toProviderIntent(intent), clientSecret: intent.client_secret };
  }

  /**
   * Stripe's cancel. Stripe refuses to cancel an intent that has succeeded (or is cancelled
   * already, or still processing) with `payment_intent_unexpected_state`: the intent's state is
   * then read back, so the caller learns that the money was taken.
   */
  async cancel(id: string): Promise<ProviderIntent | undefined> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.cancel(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        if (error.code === 'resource_missing') return undefined;
        if (error.code === 'payment_intent_unexpected_state') return this.retrieveIntent(id);
      }
      throw error;
    }
  }

  private async retrieve(id: string): Promise<Stripe.PaymentIntent | undefined> {
    try {
      return await this.stripe.paymentIntents.retrieve(id);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return undefined;
      throw error;
    }
  }

  /**
   * A full or partial refund through Stripe's refunds API, with the caller's idempotency key: a
   * retry (the SDK's own, or the refund worker's after a lost answer) gets the same refund, never
   * a second. Stripe's refusal (an invalid request, a card error) is final; anything else is asked again.
   */
  async refund(intentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey });
      return { id: refund.id, status: toRefundStatus(refund.status), amountCents: refund.amount };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
        throw new RefundRefusedError(error.message, { cause: error });
      }
      throw error;
    }
  }

  /** Checks the Stripe-Signature header over the raw body; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return { id: intent.id, status: intent.status, amountCents: intent.amount, currency: intent.currency };
}

/** Stripe's refund statuses in the shop's words: only 'succeeded' and the two ends are final. */
export function toRefundStatus(status: string | null | undefined): RefundStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}
