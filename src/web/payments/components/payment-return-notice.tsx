import { useSearchParams } from 'react-router';
import type { MessageId } from '../../../shared/i18n/catalogue.ts';
import { PAYMENT_RETURN_QUERY, type PaymentReturnOutcome } from '../../../shared/payment-constants.ts';
import { useT } from '../../i18n/i18n.ts';

/** Each outcome's words in the catalogue. */
const RETURN_MESSAGES: Record<PaymentReturnOutcome, MessageId> = {
  failed: 'payment.return.failed',
  processing: 'payment.return.processing',
  canceled: 'payment.return.canceled',
  refunded: 'payment.return.refunded',
  'terms-changed': 'payment.return.termsChanged',
};

/**
 * Why the customer is back on the payment page after a 3-D Secure check or a wallet's page
 * (`GET /api/payment/return` sends `?payment=<outcome>`): the shop's own words for the code, so
 * a link cannot put its own text on the page.
 */
export function PaymentReturnNotice() {
  const t = useT();
  const [params] = useSearchParams();
  const outcome = params.get(PAYMENT_RETURN_QUERY);
  if (!outcome || !Object.hasOwn(RETURN_MESSAGES, outcome)) return null;
  return (
    <p role="alert" data-testid="payment-return" className="rounded-lg bg-red-50 p-3 ring-1 ring-red-200 font-semibold text-red-800">
      {t(RETURN_MESSAGES[outcome as PaymentReturnOutcome])}
    </p>
  );
}
