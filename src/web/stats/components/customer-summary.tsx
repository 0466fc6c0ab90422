import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useCustomerSummary } from '../api/stats-api.ts';
import { StatusBadge } from '../../orders/components/status-badge.tsx';
import { useFormat } from '../../i18n/format.ts';
import { useLanguage, useT } from '../../i18n/i18n.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { count, money } from '../stats-format.ts';

const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200';

/** The customer's own figures on their home: orders, money spent, favourite dish, the last order. */
export function CustomerSummary() {
  const summary = useCustomerSummary();
  const t = useT();
  const language = useLanguage();
  const format = useFormat();
  if (summary.isError) return <QueryError title={t('stats.mine.loadFailed')} error={summary.error} onRetry={summary.refetch} />;
  if (summary.isPending) {
    return (
      <div role="status" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-stone-200" />
        ))}
        <p className="sr-only">{t('stats.mine.loading')}</p>
      </div>
    );
  }
  const data = summary.data;
  if (data.orders === 0 && data.refundedOrders === 0) {
    return (
      <div className={`mt-6 text-center ${card}`}>
        <p className="text-stone-700">{t('stats.mine.none')}</p>
        <Link to={paths.menu('offered')} className="mt-2 inline-block font-semibold text-brand-800 underline">
          {t('stats.mine.chooseSomething')}
        </Link>
      </div>
    );
  }
  const last = data.lastOrder;
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <div className={card}>
        <dt className="text-sm font-semibold uppercase tracking-wide text-stone-600">{t('stats.mine.orders')}</dt>
        <dd className="text-3xl font-extrabold text-brand-900" data-testid="summary-orders">
          {count(data.orders, language)}
        </dd>
        {/* Counted as the statistics count: an order given back in full is named apart. */}
        {data.refundedOrders > 0 && (
          <dd className="text-sm text-stone-600" data-testid="summary-refunded">
            {t('stats.mine.refunded', { count: data.refundedOrders, shown: count(data.refundedOrders, language) })}
          </dd>
        )}
      </div>
      <div className={card}>
        <dt className="text-sm font-semibold uppercase tracking-wide text-stone-600">{t('stats.mine.spent')}</dt>
        <dd className="text-3xl font-extrabold text-brand-900" data-testid="summary-spent">
          {money(data.spent, language)}
        </dd>
        <dd className="text-sm text-stone-600">{t('stats.mine.spentNote')}</dd>
      </div>
      <div className={card}>
        <dt className="text-sm font-semibold uppercase tracking-wide text-stone-600">{t('stats.mine.favourite')}</dt>
        <dd className="mt-1 font-bold text-brand-900" data-testid="summary-favourite">
          {data.favouriteDish ? (
            <>
              {data.favouriteDish.name}
              <span className="block text-sm font-normal text-stone-600">{t('stats.mine.ordered', { count: count(data.favouriteDish.quantity, language) })}</span>
            </>
          ) : (
            t('stats.mine.favouriteNone')
          )}
        </dd>
      </div>
      {last && (
        <div className={card}>
          <dt className="text-sm font-semibold uppercase tracking-wide text-stone-600">{t('stats.mine.last')}</dt>
          <dd className="mt-1">
            <Link to={paths.myOrder(last._id)} className="font-bold text-brand-800 underline">
              {t('stats.mine.order', { number: last.number })}
            </Link>{' '}
            <StatusBadge status={last.status} />
            <span className="block text-sm text-stone-600">
              {money(last.total, language)} · {format.dateTime(last.createdAt)}
            </span>
          </dd>
        </div>
      )}
    </dl>
  );
}
