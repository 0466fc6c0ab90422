import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TERMS_CHANGED_CODE } from '../../../shared/payment-constants.ts';
import { useT } from '../../i18n/i18n.ts';
import { useToast } from '../../ui/toast.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { ApiRequestError, OFFLINE_CODE } from '../../lib/api-client.ts';
import { NEEDS_CONNECTION } from '../../lib/offline.ts';
import { useOnline } from '../../ui/use-online.ts';
import { savePayment, type BillingDetails, type ConfirmResult, type PaidAnswer } from '../api/payments-api.ts';

const inputClass =
  'mt-1 w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700';

/** The page's part in keeping a payment at today's terms (payment-page.tsx). */
export interface TermsWatch {
  /** Asked before the card is charged: false when the intent's terms changed (the page says so). */
  checkTerms: () => Promise<boolean>;
  /** The server refused or refunded a payment of old terms: the page shows why and asks for a new intent. */
  onTermsChanged: (message: string) => void;
}

interface PaymentFormProps extends Partial<TermsWatch> {
  /** The provider's card fields (number, expiry, CVC). */
  cardFields: ReactNode;
  /** The provider is loaded and a client secret has arrived. */
  ready: boolean;
  confirm: (billing: BillingDetails) => Promise<ConfirmResult>;
  onPaid: (answer: PaidAnswer) => void;
}

/**
 * The spec's form around any provider's card fields. Its ZIP code and contact number are asked
 * in the fulfilment step instead, and no country: the restaurant delivers in its own town.
 */
export function PaymentForm({ cardFields, ready, confirm, onPaid, checkTerms, onTermsChanged }: PaymentFormProps) {
  const { user } = useAuth();
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const online = useOnline();
  const [transactionId, setTransactionId] = useState('');
  const [processing, setProcessing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || processing) return;
    setError('');
    setProcessing(true);
    try {
      if (checkTerms && !(await checkTerms())) return;
      const result = await confirm({ email: user?.email ?? 'unknown', name: user?.displayName ?? 'anonymous' });
      if (result.error) {
        setError(result.error.message ?? t('payment.unexpectedError'));
        return;
      }
      if (result.paymentIntent?.status !== 'succeeded') {
        setError(t('payment.unexpectedError'));
        return;
      }
      setTransactionId(result.paymentIntent.id);
      const saved = await savePayment(result.paymentIntent.id);
      // The paid entries left the cart on the server: the badge and the cart page follow.
      await queryClient.invalidateQueries({ queryKey: ['cart'] });
      if (saved.result.insertedId) {
        toast.success(t('payment.success'));
        onPaid(saved);
      }
    } catch (error) {
      // A 409 is the shop's own refusal, in words meant for the customer: the cart changed since
      // the payment was prepared, or its dishes were paid already (and this payment refunded).
      const refused = error instanceof ApiRequestError && error.status === 409;
      if (refused && error.body?.code === TERMS_CHANGED_CODE && onTermsChanged) {
        onTermsChanged(error.message);
        void queryClient.invalidateQueries({ queryKey: ['cart'] });
        return;
      }
      const offline = error instanceof ApiRequestError && error.body?.code === OFFLINE_CODE;
      setError(refused || offline ? error.message : t('payment.unexpectedError'));
      if (refused) void queryClient.invalidateQueries({ queryKey: ['cart'] });
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-busy={processing}>
      {cardFields}
      <button
        type="submit"
        disabled={!ready || processing || transactionId !== '' || !online}
        title={online ? undefined : NEEDS_CONNECTION}
        className="w-full rounded-md bg-brand-800 px-6 py-3 font-bold uppercase tracking-wide text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 sm:w-auto"
      >
        {processing ? t('payment.paying') : t('payment.pay')}
      </button>
      <p role="alert" className="min-h-6 font-semibold text-red-700">
        {error}
      </p>
      {transactionId && (
        <p className="break-all font-semibold text-brand-800">
          {t('payment.transactionId')} <span data-testid="transaction-id">{transactionId}</span>
        </p>
      )}
    </form>
  );
}

export { inputClass };
