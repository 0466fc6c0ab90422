import { useEffect, useRef, useState } from 'react';
import type { CreateIntentAnswer } from '../../../shared/payments.ts';
import type { PaidAnswer } from '../api/payments-api.ts';
import { loadStripeJs, type StripeElement, type StripeJs } from '../stripe/load-stripe-js.ts';
import { PaymentForm } from './payment-form.tsx';

const fieldClass = 'mt-1 rounded-md border border-stone-300 bg-white px-3 py-3';

/**
 * Stripe Elements' card number, expiry and CVC fields (loaded only on this page, only for a
 * Stripe shop). Pay is enabled once Stripe.js and its fields are ready and the client secret is here.
 */
export function StripePaymentForm({ intent, onPaid }: { intent: CreateIntentAnswer; onPaid: (answer: PaidAnswer) => void }) {
  const numberRef = useRef<HTMLDivElement>(null);
  const expiryRef = useRef<HTMLDivElement>(null);
  const cvcRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<StripeJs | null>(null);
  const [card, setCard] = useState<StripeElement | null>(null);
  const [loadError, setLoadError] = useState('');

  useEffect(() => {
    let cancelled = false;
    const mounted: StripeElement[] = [];
    loadStripeJs(intent.publishableKey ?? '').then(
      (stripeJs) => {
        if (cancelled) return;
        const elements = stripeJs.elements();
        const number = elements.create('cardNumber', { showIcon: true });
        const expiry = elements.create('cardExpiry');
        const cvc = elements.create('cardCvc');
        number.mount(numberRef.current!);
        expiry.mount(expiryRef.current!);
        cvc.mount(cvcRef.current!);
        mounted.push(number, expiry, cvc);
        number.on('ready', () => {
          if (!cancelled) setCard(number);
        });
        setStripe(stripeJs);
      },
      (error: Error) => {
        if (!cancelled) setLoadError(`${error.message}. Check your connection and reload the page.`);
      },
    );
    return () => {
      cancelled = true;
      for (const element of mounted) element.destroy();
    };
  }, [intent.publishableKey]);

  const cardFields = (
    <fieldset className="space-y-4">
      <legend className="sr-only">Card</legend>
      <div className="block text-sm font-semibold text-stone-700">
        <span id="stripe-number-label">Card number</span>
        <div ref={numberRef} aria-labelledby="stripe-number-label" className={fieldClass} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="block text-sm font-semibold text-stone-700">
          <span id="stripe-expiry-label">Expiry</span>
          <div ref={expiryRef} aria-labelledby="stripe-expiry-label" className={fieldClass} />
        </div>
        <div className="block text-sm font-semibold text-stone-700">
          <span id="stripe-cvc-label">CVC</span>
          <div ref={cvcRef} aria-labelledby="stripe-cvc-label" className={fieldClass} />
        </div>
      </div>
      {loadError && (
        <p role="alert" className="text-red-700">
          {loadError}
        </p>
      )}
    </fieldset>
  );

  return (
    <PaymentForm
      cardFields={cardFields}
      ready={stripe !== null && card !== null}
      confirm={(billing) =>
        stripe!.confirmCardPayment(intent.clientSecret, { payment_method: { card: card!, billing_details: billing } })
      }
      onPaid={onPaid}
    />
  );
}


