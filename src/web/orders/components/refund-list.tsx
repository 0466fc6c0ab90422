import { formatPrice } from '../../../shared/money.ts';
import { REFUND_TEXTS, type Order } from '../../../shared/orders.ts';
import { formatDateTime } from '../order-format.ts';
import { useShopTimeZone } from '../use-shop-time-zone.ts';

/** Each refund of the order, oldest first: amount, the dishes it gave back, where it stands, when. */
export function RefundList({ refunds }: { refunds: NonNullable<Order['refunds']> }) {
  const timeZone = useShopTimeZone();
  return (
    <div className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200">
      <h2 className="font-display text-lg font-bold text-brand-900">{REFUND_TEXTS.listTitle}</h2>
      <ul className="mt-2 divide-y divide-stone-100" data-testid="refund-list">
        {refunds.map((refund) => (
          <li key={refund.id} className="py-2">
            <span className="font-semibold">${formatPrice(refund.amount)}</span> · {REFUND_TEXTS.status[refund.status] ?? refund.status} ·{' '}
            <time dateTime={refund.at} className="text-stone-600">
              {formatDateTime(refund.at, timeZone)}
            </time>
            {refund.lines && refund.lines.length > 0 && (
              <span className="block text-stone-700">{refund.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
