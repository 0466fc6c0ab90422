import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';
import { PAYMENT_RETURN_PATH } from '../../../shared/payment-constants.ts';
import type { CreateIntentAnswer } from '../../../shared/payments.ts';
import type { BillingDetails, ConfirmResult, PaidAnswer } from '../api/payments-api.ts';
import { useT } from '../../i18n/i18n.ts';
import { PaymentForm, type TermsWatch } from './payment-form.tsx';

/** Stripe.js, once per publishable key: `/pure` fetches it from js.stripe.com only when asked. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let loading = stripeByKey.get(publishableKey);
  if (!loading) {
    loading = loadStripe(publishableKey);
    // A failed load (offline, blocked) may be tried again by reopening the form.
    loading.catch(() => stripeByKey.delete(publishableKey));
    stripeByKey.set(publishableKey, loading);
  }
  return loading;
}

/** The Payment Element in the shop's colours and font (src/web/styles.css). */
const appearance: StripeElementsOptions['appearance'] = {
  theme: 'stripe',
  variables: { colorPrimary: '#3f6212', colorDanger: '#b91c1c', borderRadius: '6px', fontFamily: 'system-ui, sans-serif' },
};

/**
 * A chunk of its own with the Stripe packages, fetched only when the intent says `provider:
 * 'stripe'`. Pay is enabled once Stripe.js and the element are ready.
 */
export function StripePaymentForm({ intent, onPaid, terms }: { intent: CreateIntentAnswer; onPaid: (answer: PaidAnswer) => void; terms?: TermsWatch }) {
  const t = useT();
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState('');

  useEffect(() => {
    let cancelled = false;
    stripeFor(intent.publishableKey ?? '').then(
      (loaded) => {
        if (cancelled) return;
        if (loaded) setStripe(loaded);
        else setLoadError(t('payment.stripe.notStarted'));
      },
      () => {
        if (!cancelled) setLoadError(t('payment.stripe.notLoaded'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [intent.publishableKey, t]);

  if (!stripe) {
    return (
      <>
        {loadError ? (
          <p role="alert" className="text-red-700">
            {loadError}
          </p>
        ) : (
          <p role="status" className="text-stone-600">
            {t('payment.card.loading')}
          </p>
        )}
        <PaymentForm cardFields={null} ready={false} confirm={() => Promise.reject(new Error('not ready'))} onPaid={onPaid} />
      </>
    );
  }
  // A new client secret (the fulfilment changed) is a new intent: the element starts afresh.
  return (
    <Elements key={intent.clientSecret} stripe={stripe} options={{ clientSecret: intent.clientSecret, appearance }}>
      <PaymentElementForm onPaid={onPaid} terms={terms} />
    </Elements>
  );
}

function PaymentElementForm({ onPaid, terms }: { onPaid: (answer: PaidAnswer) => void; terms?: TermsWatch | undefined }) {
  const t = useT();
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [loadError, setLoadError] = useState('');

  async function confirm(billing: BillingDetails): Promise<ConfirmResult> {
    if (!stripe || !elements) return { error: { message: t('payment.stripe.notReady') } };
    // A card without 3-D Secure answers here; a check by the bank or a wallet's own page leaves the
    // shop and comes back to PAYMENT_RETURN_PATH, where the server records the payment.
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: new URL(PAYMENT_RETURN_PATH, window.location.origin).href,
        payment_method_data: { billing_details: billing },
      },
    });
    if (result.error) return { error: { message: result.error.message } };
    return { paymentIntent: { id: result.paymentIntent.id, status: result.paymentIntent.status } };
  }

  const cardFields = (
    <fieldset className="space-y-2">
      <legend className="sr-only">{t('payment.card.legend')}</legend>
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setElementReady(true)}
        onLoadError={(event) => setLoadError(t('payment.stripe.loadFailed', { reason: event.error.message ?? t('payment.stripe.loadFailedReason') }))}
      />
      {loadError && (
        <p role="alert" className="text-red-700">
          {loadError}
        </p>
      )}
    </fieldset>
  );

  return <PaymentForm {...terms} cardFields={cardFields} ready={stripe !== null && elements !== null && elementReady} confirm={confirm} onPaid={onPaid} />;
}
