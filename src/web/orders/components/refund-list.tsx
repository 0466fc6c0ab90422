import type { MessageId } from '../../../shared/i18n/catalogue.ts';
import type { Order } from '../../../shared/orders.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { useShopTimeZone } from '../use-shop-time-zone.ts';

const REFUND_STATUSES = new Set(['pending', 'succeeded', 'failed']);

/** Each refund of the order, oldest first: amount, the dishes it gave back, where it stands, when. */
export function RefundList({ refunds }: { refunds: NonNullable<Order['refunds']> }) {
  const timeZone = useShopTimeZone();
  const t = useT();
  const format = useFormat();
  return (
    <div className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200">
      <h2 className="font-display text-lg font-bold text-brand-900">{t('order.refunds.title')}</h2>
      <ul className="mt-2 divide-y divide-stone-100" data-testid="refund-list">
        {refunds.map((refund) => (
          <li key={refund.id} className="py-2">
            <span className="font-semibold">{format.money(refund.amount, { spaced: false })}</span> · {REFUND_STATUSES.has(refund.status) ? t(`order.refunds.status.${refund.status}` as MessageId) : refund.status} ·{' '}
            <time dateTime={refund.at} className="text-stone-600">
              {format.dateTime(refund.at, timeZone)}
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
