import type { OrderStatus } from '../../shared/orders.ts';

/**
 * The orders' types that their files share, and the words in which the orders speak of the card
 * provider. Payments depend on orders (a payment places its order), never the other way round, so
 * the provider's refunds and disputes are defined here and payments/payment-provider.ts uses them.
 */

/** A change to publish once its transaction has committed. */
export interface OrderChange {
  eventId: number;
  orderId: string;
  userId: string | null;
  status: OrderStatus;
}

export interface Logger {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/** The provider's word on a refund, in the shop's three words. */
export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export interface ProviderRefund {
  id: string;
  status: RefundStatus;
  amountCents: number;
}

/** A card holder's dispute as the provider reports it (Stripe's `charge.dispute.*` events). */
export interface ProviderDispute {
  /** The provider's id of the dispute (Stripe's `dp_…`): one dispute, however often reported. */
  id: string;
  amountCents: number;
  reason: string;
  status: string;
}

/** What a refund needs of the card provider (every PaymentProvider is one). */
export interface Refunder {
  /**
   * Gives back `amountCents` of a succeeded intent. Asked again with the same `idempotencyKey`, it
   * answers the same refund (so a retry after a lost answer never pays back twice). Throws
   * RefundRefusedError when the provider refuses; any other error is worth asking again.
   */
  refund(intentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund>;
}

/** The provider said no (nothing to refund, an amount too large, a refused card): asking again changes nothing. */
export class RefundRefusedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RefundRefusedError';
  }
}
