import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useCustomerSummary } from '../api/stats-api.ts';
import { StatusBadge } from '../../orders/components/status-badge.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { count, counted, money, ORDERS } from '../stats-format.ts';

const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200';

/** The customer's own figures on their home: orders, money spent, favourite dish, the last order. */
export function CustomerSummary() {
  const summary = useCustomerSummary();
  if (summary.isError) return <QueryError title="Your figures could not be loaded" error={summary.error} onRetry={summary.refetch} />;
  if (summary.isPending) {
    return (
      <div role="status" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-stone-200" />
        ))}
        <p className="sr-only">Loading your figures…</p>
      </div>
    );
  }
  const data = summary.data;
  if (data.orders === 0 && data.refundedOrders === 0) {
    return (
      <div className={`mt-6 text-center ${card}`}>
        <p className="text-stone-700">No orders yet.</p>
        <Link to={paths.menu('offered')} className="mt-2 inline-block font-semibold text-brand-800 underline">
          Choose something from the menu
        </Link>
      </div>
    );
  }
  const last = data.lastOrder;
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <div className={card}>
        <dt className="text-sm font-semibold uppercase tracking-wide text-stone-600">Orders</dt>
        <dd className="text-3xl font-extrabold text-brand-900" data-testid="summary-orders">
          {count(data.orders)}
        </dd>
        {/* Counted as the statistics count: an order given back in full is named apart. */}
        {data.refundedOrders > 0 && (
          <dd className="text-sm text-stone-600" data-testid="summary-refunded">
            {counted(data.refundedOrders, ORDERS)} refunded in full
          </dd>
        )}
      </div>
      <div className={card}>
        <dt className="text-sm font-semibold uppercase tracking-wide text-stone-600">Money spent</dt>
        <dd className="text-3xl font-extrabold text-brand-900" data-testid="summary-spent">
          {money(data.spent)}
        </dd>
        <dd className="text-sm text-stone-600">net of refunds</dd>
      </div>
      <div className={card}>
        <dt className="text-sm font-semibold uppercase tracking-wide text-stone-600">Favourite dish</dt>
        <dd className="mt-1 font-bold text-brand-900" data-testid="summary-favourite">
          {data.favouriteDish ? (
            <>
              {data.favouriteDish.name}
              <span className="block text-sm font-normal text-stone-600">{count(data.favouriteDish.quantity)} ordered</span>
            </>
          ) : (
            'None yet'
          )}
        </dd>
      </div>
      {last && (
        <div className={card}>
          <dt className="text-sm font-semibold uppercase tracking-wide text-stone-600">Last order</dt>
          <dd className="mt-1">
            <Link to={paths.myOrder(last._id)} className="font-bold text-brand-800 underline">
              Order #{last.number}
            </Link>{' '}
            <StatusBadge status={last.status} />
            <span className="block text-sm text-stone-600">
              {money(last.total)} · {new Date(last.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
            </span>
          </dd>
        </div>
      )}
    </dl>
  );
}
