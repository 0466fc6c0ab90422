/** Zod-free, for web pages that need only these. */

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Stripe's bounds for a USD charge, so both providers refuse the same amounts. */
export const MIN_AMOUNT_CENTS = 50;
export const MAX_AMOUNT_CENTS = 99_999_999;

/** The spec's status of a newly saved payment record (docs/product.md §9). */
export const PAYMENT_STATUS_PENDING = 'service pending';

export const PAYMENT_CANCELED_MESSAGE =
  'This payment was cancelled because your cart changed, and nothing was charged. Reload the page to pay for your cart as it is now.';

/** The code of a 409 that says the payment's terms changed since its intent was made (the page then asks for a new one). */
export const TERMS_CHANGED_CODE = 'TERMS_CHANGED';

/**
 * A payment whose prices, delivery fee, minimum, area or the restaurant's rules changed after it
 * was prepared: it is never placed at the old terms. `what` says what changed, in the shop's words.
 */
export function termsChangedMessage(what: string, outcome: 'not-charged' | 'refunded' | 'refund-pending', amount: string): string {
  const happened = {
    'not-charged': 'Nothing was charged',
    refunded: `No order was placed and the ${amount} charged was refunded in full`,
    'refund-pending': `No order was placed; the ${amount} charged could not be refunded yet, and the shop will try again`,
  }[outcome];
  return `This payment was prepared under terms that have changed: ${what}. ${happened}. Your cart is kept: check the new total and pay again.`;
}

/** Account deletion waits for a payment the provider may have taken and the shop has not settled (docs/accounts.md). */
export const ACCOUNT_PAYMENT_UNSETTLED_MESSAGE =
  'A payment of this account is still being settled with the card provider, so the account was not deleted. Try again in a few minutes; if this stays, ask the restaurant.';

/** Stripe's public test cards, so tests and demos behave alike on both providers. */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** Stripe's `return_url` after 3-D Secure or a wallet; the server checks the intent with Stripe, never the query. */
export const PAYMENT_RETURN_PATH = '/api/payment/return';

/**
 * The return passes a code, never text: anyone can write a link, so only the shop's words for
 * these are shown (the catalogues' `payment.return.*`, src/web/payments/components/payment-return-notice.tsx).
 */
export type PaymentReturnOutcome = 'failed' | 'processing' | 'canceled' | 'refunded' | 'terms-changed';
export const PAYMENT_RETURN_QUERY = 'payment';
