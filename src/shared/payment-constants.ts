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

/**
 * Where Stripe sends the browser back after a 3-D Secure check or a wallet's own page
 * (`return_url` of `confirmPayment`), with `?payment_intent=…&redirect_status=…`. The server checks
 * the intent with Stripe, records it, and sends the customer on (docs/product.md §12).
 */
export const PAYMENT_RETURN_PATH = '/api/payment/return';

/**
 * Why the return sent the customer back to the payment page, as `?payment=<outcome>`: a code,
 * never a text from the address (anyone can write a link), shown as these words.
 */
export const PAYMENT_RETURN_MESSAGES = {
  failed: 'Your bank or wallet did not confirm the payment, so nothing was charged. Try again, or use another card.',
  processing: 'Your bank is still processing the payment. Your order appears in My orders as soon as it confirms; you need not pay again.',
  canceled: PAYMENT_CANCELED_MESSAGE,
  refunded: 'These dishes were already paid by another payment, so this payment was refunded in full.',
} as const;
export type PaymentReturnOutcome = keyof typeof PAYMENT_RETURN_MESSAGES;
export const PAYMENT_RETURN_QUERY = 'payment';
