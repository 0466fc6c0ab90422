import { useState } from 'react';
import type { CreateIntentAnswer } from '../../../shared/payments.ts';
import { useT } from '../../i18n/i18n.ts';
import { confirmSandboxPayment, type PaidAnswer } from '../api/payments-api.ts';
import { inputClass, PaymentForm, type TermsWatch } from './payment-form.tsx';

/** Groups of four digits as people read a card number. */
function formatCardNumber(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The card only picks the outcome of Stripe's test numbers and is never stored. Autocomplete
 * tokens (`cc-number`…) are required of a card form by WCAG 1.3.5.
 */
export function SandboxPaymentForm({ intent, onPaid, terms }: { intent: CreateIntentAnswer; onPaid: (answer: PaidAnswer) => void; terms?: TermsWatch }) {
  const t = useT();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');

  const cardFields = (
    <fieldset className="space-y-4">
      <legend className="sr-only">{t('payment.card.legend')}</legend>
      <div role="note" className="rounded-lg border border-accent-500 bg-accent-400/20 p-3 text-sm text-stone-800">
        <p className="font-bold uppercase tracking-wide">{t('payment.testMode.title')}</p>
        <p>{t('payment.testMode.text')}</p>
      </div>
      <label className="block text-sm font-semibold text-stone-700">
        {t('payment.card.number')}
        <input
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          className={inputClass}
        />
      </label>
      <div className="grid grid-cols-2 gap-4">
        <label className="block text-sm font-semibold text-stone-700">
          {t('payment.card.expiry')}
          <input
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('payment.card.expiryPlaceholder')}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            className={inputClass}
          />
        </label>
        <label className="block text-sm font-semibold text-stone-700">
          {t('payment.card.cvc')}
          <input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))}
            className={inputClass}
          />
        </label>
      </div>
    </fieldset>
  );

  return (
    <PaymentForm
      {...terms}
      cardFields={cardFields}
      ready
      confirm={(billing) =>
        confirmSandboxPayment(intent.intentId, {
          clientSecret: intent.clientSecret,
          card: { number, expiry, cvc },
          billingDetails: billing,
        })
      }
      onPaid={(answer) => {
        // The card has done its job: it does not stay on the screen.
        setNumber('');
        setExpiry('');
        setCvc('');
        onPaid(answer);
      }}
    />
  );
}
