import type { PaymentProviderName } from '../../shared/payments.ts';
import type { ProviderDispute, ProviderRefund, Refunder, RefundStatus } from '../orders/order-types.ts';
import type { PaymentIntentRow } from './payment-repository.ts';

// The refunds' and disputes' words are the orders' (orders/order-types.ts): the orders use them
// without importing the payments.
export type { ProviderDispute, ProviderRefund, RefundStatus };

/** What the shop needs to know of an intent, whoever the provider is. */
export interface ProviderIntent {
  id: string;
  /** The provider's own status: only 'succeeded' means the money was taken. */
  status: string;
  amountCents: number;
  currency: string;
}

export interface CreatedIntent extends ProviderIntent {
  clientSecret: string;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  userId: string;
}

/**
 * A card provider, as docs/product.md §12 describes: `sandbox` (test mode inside the shop) or
 * `stripe`. Routes and the payment service see only this.
 */
export interface PaymentProvider extends Refunder {
  readonly name: PaymentProviderName;
  /** Stripe's publishable key for Stripe.js; the sandbox has none. */
  readonly publishableKey?: string;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** The provider's current word on an intent; undefined when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | undefined>;
  /**
   * A provider whose intents are the shop's own rows (the sandbox): its word on an intent from the
   * row the caller has just read, without reading it again. Absent for a provider that must be asked.
   */
  intentFromRow?(row: PaymentIntentRow): ProviderIntent;
  /**
   * The same, with the client secret the browser confirms with: for the payment page to reuse an
   * open intent. The shop keeps no secret of Stripe's, so it asks Stripe for it each time.
   */
  retrieveWithSecret(id: string): Promise<CreatedIntent | undefined>;
  /**
   * Cancels an intent so that it can no longer be confirmed, and answers the provider's word on
   * it afterwards: 'canceled', or 'succeeded' when the money was taken before the cancellation
   * arrived (the caller records it then). Undefined when the provider does not know the id.
   * Cancelling a cancelled intent answers it as it is.
   */
  cancel(id: string): Promise<ProviderIntent | undefined>;
}
