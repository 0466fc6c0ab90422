import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMyOrders } from '../api/orders-api.ts';
import { useShopTimeZone } from '../use-shop-time-zone.ts';
import { useOrderEvents } from '../api/use-order-events.ts';
import { LiveIndicator } from '../components/live-indicator.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { itemCount, orderNumber } from '../order-format.ts';
import { useOrderWords } from '../use-order-words.ts';
import { useT } from '../../i18n/i18n.ts';

const PAGE_SIZE = 10;

/** My Orders: the customer's orders, newest first, a page at a time, their status kept live. */
export function Page() {
  const t = useT();
  const words = useOrderWords();
  usePageTitle(t('order.myOrders'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const orders = useMyOrders(page, PAGE_SIZE);
  const timeZone = useShopTimeZone();
  const live = useOrderEvents();
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize)) : 1;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <section aria-labelledby="my-orders-heading" className="mx-auto max-w-4xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="my-orders-heading" className="font-display text-3xl font-bold text-brand-900">
          {t('order.myOrders')}
        </h1>
        <LiveIndicator state={live} />
      </div>

      {orders.isPending && (
        <div role="status" className="mt-6 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden="true" className="h-6 animate-pulse rounded bg-stone-200" />
          ))}
          <p className="sr-only">{t('order.list.loading')}</p>
        </div>
      )}
      {orders.isError && <QueryError title={t('order.list.loadFailed')} error={orders.error} onRetry={orders.refetch} />}
      {orders.isSuccess && orders.data.total === 0 && (
        <div className="mt-6 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-lg text-stone-700">{t('order.list.none')}</p>
          <Link to={paths.menu('offered')} className="mt-3 inline-block font-semibold text-brand-800 underline">
            {t('order.list.chooseFromMenu')}
          </Link>
        </div>
      )}
      {orders.isSuccess && orders.data.total > 0 && orders.data.orders.length === 0 && (
        <p className="mt-6 text-stone-700">
          {t('order.list.noSuchPage', { page })}{' '}
          <button type="button" onClick={() => goTo(1)} className="font-semibold text-brand-800 underline">
            {t('order.list.firstPage')}
          </button>
        </p>
      )}
      {orders.isSuccess && orders.data.orders.length > 0 && (
        <>
          <div className="mt-6 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200" tabIndex={0} role="region" aria-label={t('order.list.region')}>
            <table className="w-full text-left text-sm">
              <thead className="bg-brand-800 text-white">
                <tr>
                  <th scope="col" className="px-3 py-3">{t('order.list.order')}</th>
                  <th scope="col" className="px-3 py-3">{t('order.list.date')}</th>
                  <th scope="col" className="px-3 py-3">{t('order.list.status')}</th>
                  <th scope="col" className="px-3 py-3 text-right">{t('order.list.total')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.orders.map((order) => (
                  <tr key={order._id} className="border-t border-stone-200">
                    <td className="px-3 py-3">
                      <Link to={paths.myOrder(order._id)} className="font-bold text-brand-800 underline">
                        {orderNumber(order)}
                      </Link>
                      <span className="block text-xs text-stone-600">
                        {t('order.list.items', { count: itemCount(order) })}
                      </span>
                    </td>
                    <td className="px-3 py-3">{words.format.dateTime(order.createdAt, timeZone)}</td>
                    <td className="px-3 py-3">
                      <StatusBadge status={order.status} label={words.status(order.status)} />
                    </td>
                    <td className="whitespace-nowrap px-3 py-3 text-right font-semibold">{words.format.money(order.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav aria-label={t('order.list.pages')} className="mt-4 flex items-center justify-between gap-3">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
                className="rounded-md bg-white px-4 py-2 font-semibold text-brand-800 ring-1 ring-stone-300 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-stone-500"
              >
                {t('order.list.previous')}
              </button>
              <p aria-live="polite" className="text-sm text-stone-700">
                {t('order.list.pageOf', { page, pages })}
              </p>
              <button
                type="button"
                disabled={page >= pages}
                onClick={() => goTo(page + 1)}
                className="rounded-md bg-white px-4 py-2 font-semibold text-brand-800 ring-1 ring-stone-300 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-stone-500"
              >
                {t('order.list.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
