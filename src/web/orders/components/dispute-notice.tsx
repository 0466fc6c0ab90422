import type { Order } from '../../../shared/orders.ts';
import { money } from '../order-format.ts';

/** Stripe's codes in words: 'product_not_received' → 'product not received'. */
const words = (code: string) => code.replaceAll('_', ' ');

/**
 * The card holder's disputes of the order's payment (chargebacks), as staff see them on the board:
 * the money is held back by the bank until the dispute is settled in the Stripe dashboard.
 */
export function DisputeNotice({ disputes, className = '' }: { disputes: Order['disputes']; className?: string }) {
  if (!disputes?.length) return null;
  return (
    <ul className={`space-y-1 ${className}`} data-testid="disputes">
      {disputes.map((dispute) => (
        <li key={dispute.at} className="rounded bg-red-50 p-2 font-semibold text-red-800">
          Disputed by the card holder: {money(dispute.amount)}, {words(dispute.reason)} ({words(dispute.status)})
        </li>
      ))}
    </ul>
  );
}
