import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../shared/orders.ts';
import { useT } from '../../i18n/i18n.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { useRetryRefund } from '../api/orders-api.ts';
import { DisputeNotice } from '../components/dispute-notice.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { paths } from '../../../shared/paths.ts';
import { orderNumber } from '../order-format.ts';
import { useOrderWords } from '../use-order-words.ts';
import { useShopTimeZone } from '../use-shop-time-zone.ts';

/** Whether an order matches the search: its number ("1001" or "#1001") or a part of the customer's name. */
function matches(order: Order, search: string): boolean {
  const text = search.trim().toLowerCase().replace(/^#/, '');
  if (!text) return true;
  return String(order.number).includes(text) || order.customer.name.toLowerCase().includes(text);
}

/** Below the columns: today's completed, rejected and cancelled orders, newest first, searchable. */
export function FinishedOrders({ orders }: { orders: Order[] }) {
  const t = useT();
  const words = useOrderWords();
  const [search, setSearch] = useState('');
  const id = useId();
  const timeZone = useShopTimeZone();
  const shown = orders.filter((order) => matches(order, search));
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="font-display text-xl font-bold text-brand-900">
          {t('board.done.title')} <span className="text-base font-normal text-stone-600">({orders.length})</span>
        </h2>
        <div>
          <label htmlFor={`${id}-search`} className="block text-sm font-semibold text-stone-700">
            {t('board.done.search')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="mt-1 w-56 rounded-md border border-stone-500 bg-white px-3 py-2"
          />
        </div>
      </div>
      {orders.length === 0 ? (
        <p className="mt-3 text-stone-600">{t('board.done.none')}</p>
      ) : shown.length === 0 ? (
        <p className="mt-3 text-stone-600" role="status">
          {t('board.done.noMatch', { search })}
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200" tabIndex={0} role="region" aria-label={t('board.done.region')}>
          <table className="w-full min-w-[34rem] text-left text-sm">
            <thead className="bg-stone-100 text-stone-800">
              <tr>
                <th scope="col" className="px-3 py-2">{t('board.done.order')}</th>
                <th scope="col" className="px-3 py-2">{t('board.done.customer')}</th>
                <th scope="col" className="px-3 py-2">{t('board.done.status')}</th>
                <th scope="col" className="px-3 py-2">{t('board.done.placed')}</th>
                <th scope="col" className="px-3 py-2 text-right">{t('board.done.total')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((order) => (
                <tr key={order._id} className="border-t border-stone-200 align-top">
                  <td className="px-3 py-2">
                    <a href={paths.orderTicket(order._id)} target="_blank" rel="noreferrer" className="font-bold text-brand-800 underline">
                      {orderNumber(order)}
                      <span className="sr-only">{t('board.done.ticketSr')}</span>
                    </a>
                    <RefundLink order={order} />
                  </td>
                  <td className="px-3 py-2">{order.customer.name}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={order.status} label={words.status(order.status)} />
                    {order.reason && <span className="block text-stone-600">{order.reason}</span>}
                    {order.refund && <span className="block text-stone-600">{words.refund(order.refund)}</span>}
                    {order.refund && (order.refund.status === 'failed' || order.refund.attempt > 1) && <RetryRefund order={order} />}
                    <DisputeNotice disputes={order.disputes} className="mt-1" />
                  </td>
                  <td className="px-3 py-2">{words.format.time(order.createdAt, timeZone)}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">{words.format.money(order.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Administrators refund on the order's own page (its "Refund" dialog); staff do not see the way there. */
function RefundLink({ order }: { order: Order }) {
  const t = useT();
  const { isAdmin } = useAuth();
  if (!isAdmin) return null;
  return (
    <Link to={paths.myOrder(order._id)} className="mt-1 block text-sm font-semibold text-brand-800 underline">
      {t('order.refund.button')}
      <span className="sr-only"> {orderNumber(order)}</span>
    </Link>
  );
}

/**
 * A refund the provider refused: staff ask again (a new request through the refund worker). It
 * stays after a retry, so that the outcome is announced once the button is gone.
 */
function RetryRefund({ order }: { order: Order }) {
  const t = useT();
  const retry = useRetryRefund();
  const number = orderNumber(order);
  return (
    <span className="mt-1 block">
      {order.refund?.status === 'failed' && (
        <button
          type="button"
          onClick={() => retry.mutate(order)}
          disabled={retry.isPending}
          aria-label={t('board.refund.retryLabel', { number })}
          className="rounded-md border border-brand-800 px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
        >
          {retry.isPending ? t('board.refund.asking') : t('board.refund.retry')}
        </button>
      )}
      <span role="status" className="block text-stone-700">
        {retry.error ? retry.error.message : retry.data ? t('board.refund.done', { number, status: retry.data.refund?.status ?? '' }) : ''}
      </span>
    </span>
  );
}
