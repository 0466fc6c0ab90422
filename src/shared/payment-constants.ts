/** Zod-free, for web pages that need only these. */

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Stripe's bounds for a USD charge, so both providers refuse the same amounts. */
export const MIN_AMOUNT_CENTS = 50;
export const MAX_AMOUNT_CENTS = 99_999_999;

/** The spec's status of a newly saved payment record (docs/product.md §9). */
export const PAYMENT_STATUS_PENDING = 'service pending';

export const PAYMENT_SUCCESS_MESSAGE = 'Payment success';
export const PAYMENT_UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

export const PAYMENT_CANCELED_MESSAGE =
  'This payment was cancelled because your cart changed, and nothing was charged. Reload the page to pay for your cart as it is now.';

/** Stripe's public test cards, so tests and demos behave alike on both providers. */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** Stripe's `return_url` after 3-D Secure or a wallet; the server checks the intent with Stripe, never the query. */
export const PAYMENT_RETURN_PATH = '/api/payment/return';

/** The return passes a code, never text: anyone can write a link, so only these words are shown. */
export const PAYMENT_RETURN_MESSAGES = {
  failed: 'Your bank or wallet did not confirm the payment, so nothing was charged. Try again, or use another card.',
  processing: 'Your bank is still processing the payment. Your order appears in My orders as soon as it confirms; you need not pay again.',
  canceled: PAYMENT_CANCELED_MESSAGE,
  refunded: 'These dishes were already paid by another payment, so this payment was refunded in full.',
} as const;
export type PaymentReturnOutcome = keyof typeof PAYMENT_RETURN_MESSAGES;
export const PAYMENT_RETURN_QUERY = 'payment';
