import type { ConfirmResult } from '../api/payments-api.ts';

/** The few parts of Stripe.js the shop uses (Stripe Elements' split card fields). */
export interface StripeElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'ready' | 'change', handler: (event: { error?: { message: string } }) => void): void;
}
export interface StripeJs {
  elements(): { create(type: 'cardNumber' | 'cardExpiry' | 'cardCvc', options?: object): StripeElement };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeElement; billing_details: { email: string; name: string } } },
  ): Promise<ConfirmResult>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
let loading: Promise<StripeJs> | undefined;

/**
 * Stripe.js must come from Stripe itself (it is what keeps card data off the shop), so it is
 * loaded here, on the payment page of a Stripe shop only, rather than bundled. The CSP allows its
 * host only when PAYMENT_PROVIDER=stripe.
 */
export function loadStripeJs(publishableKey: string): Promise<StripeJs> {
  loading ??= new Promise<StripeJs>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe(publishableKey)) : reject(new Error('Stripe.js did not start')));
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}
