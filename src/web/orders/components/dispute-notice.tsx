import type { Order } from '../../../shared/orders.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';

/** Stripe's codes in words: 'product_not_received' → 'product not received'. */
const words = (code: string) => code.replaceAll('_', ' ');

/**
 * The card holder's disputes of the order's payment (chargebacks), as staff see them on the board:
 * the money is held back by the bank until the dispute is settled in the Stripe dashboard.
 */
export function DisputeNotice({ disputes, className = '' }: { disputes: Order['disputes']; className?: string }) {
  const t = useT();
  const format = useFormat();
  if (!disputes?.length) return null;
  return (
    <ul className={`space-y-1 ${className}`} data-testid="disputes">
      {disputes.map((dispute) => (
        <li key={dispute.at} className="rounded bg-red-50 p-2 font-semibold text-red-800">
          {t('order.dispute', { amount: format.money(dispute.amount), reason: words(dispute.reason), status: words(dispute.status) })}
        </li>
      ))}
    </ul>
  );
}
