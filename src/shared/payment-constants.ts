/**
 * The payment constants and texts without Zod, for the web pages that need only these.
 */

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Card payments are bounded as Stripe bounds a USD charge: $0.50 to $999,999.99. */
export const MIN_AMOUNT_CENTS = 50;
export const MAX_AMOUNT_CENTS = 99_999_999;

/** docs/product.md §9: the status of a payment record when it is saved. */
export const PAYMENT_STATUS_PENDING = 'service pending';

/** Texts of the payment screen (docs/product.md §8). */
export const PAYMENT_SUCCESS_MESSAGE = 'Payment success';
export const PAYMENT_UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/** An intent cancelled because the cart changed (or a newer one replaced it): confirming it is refused. */
export const PAYMENT_CANCELED_MESSAGE =
  'This payment was cancelled because your cart changed, and nothing was charged. Reload the page to pay for your cart as it is now.';

/** Stripe's public test card numbers, accepted by the sandbox with Stripe's outcomes. */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
