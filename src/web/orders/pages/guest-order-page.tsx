import { Link, useLocation, useParams } from 'react-router';
import { FINAL_STATUSES, ORDER_STATUS_LABELS } from '../../../shared/order-workflow.ts';
import type { Order } from '../../../shared/orders.ts';
import { paths } from '../../../shared/paths.ts';
import { GUEST_TEXTS } from '../../../shared/table-constants.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useOrderByLink } from '../api/orders-api.ts';
import { useOrderEvents } from '../api/use-order-events.ts';
import { FulfilmentDetails } from '../components/fulfilment-details.tsx';
import { LiveIndicator } from '../components/live-indicator.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDateTime, formatTime, orderNumber } from '../order-format.ts';
import { useShopTimeZone } from '../use-shop-time-zone.ts';

/**
 * A guest's order through its signed link (/o/<token>, decision 0047): where it is, kept live
 * without a session, what was paid, and "Create an account", which keeps the order.
 */
export function Page() {
  const { token = '' } = useParams();
  const order = useOrderByLink(token);
  const live = useOrderEvents({ linkToken: token, enabled: order.isSuccess });
  usePageTitle(order.data ? `Order ${orderNumber(order.data)}` : 'Order');

  if (order.isPending) return <LoadingScreen />;
  if (order.isError) {
    if (order.error instanceof ApiRequestError && order.error.status === 404) {
      return (
        <section className="mx-auto max-w-2xl rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
          <h1 className="font-display text-2xl font-bold text-brand-900">{GUEST_TEXTS.orderNotFound}</h1>
          <p className="mt-2 text-stone-700">{GUEST_TEXTS.orderNotFoundText}</p>
          <Link to={paths.menu()} className="mt-3 inline-block font-semibold text-brand-800 underline">
            Open the menu
          </Link>
        </section>
      );
    }
    return <QueryError title="This order could not be loaded" error={order.error} onRetry={order.refetch} />;
  }
  return <GuestOrderView order={order.data} live={live} />;
}

function GuestOrderView({ order, live }: { order: Order; live: Parameters<typeof LiveIndicator>[0]['state'] }) {
  const timeZone = useShopTimeZone();
  const ended = FINAL_STATUSES.includes(order.status);
  const waitingFor = order.readyBy && !ended && order.status !== 'placed';
  return (
    <section aria-labelledby="order-heading" className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="order-heading" className="font-display text-3xl font-bold text-brand-900">
          Order {orderNumber(order)}
        </h1>
        <LiveIndicator state={live} />
      </div>
      <p className="text-sm text-stone-600">
        Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, timeZone)}</time>
      </p>
      {/* Read out when the kitchen moves the order. */}
      <p className="text-lg" aria-live="polite">
        <span className="sr-only">Status: </span>
        <StatusBadge status={order.status} />
        {waitingFor && (
          <span data-testid="ready-by" className="ml-3 font-semibold text-brand-900">
            Ready by {formatTime(order.readyBy!, timeZone)}
          </span>
        )}
      </p>
      {order.status === 'placed' && <p className="text-stone-700">The kitchen will confirm your order in a moment.</p>}
      {order.reason && (order.status === 'rejected' || order.status === 'cancelled') && (
        <p className="rounded-lg bg-red-50 p-3 text-red-900">
          <span className="font-semibold">{ORDER_STATUS_LABELS[order.status]}:</span> {order.reason}
        </p>
      )}
      <KeepTheOrder />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200">
          <h2 className="font-display text-lg font-bold text-brand-900">What you ordered</h2>
          <div className="mt-2">
            <OrderLines lines={order.lines} total={order.total} deliveryFee={order.deliveryFee} taxes={order.taxes} />
          </div>
        </div>
        <div className="space-y-4">
          <div className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200">
            <h2 className="font-display text-lg font-bold text-brand-900">Where you eat</h2>
            <FulfilmentDetails fulfilment={order.fulfilment} timeZone={timeZone} className="mt-2 space-y-1" />
          </div>
          <div className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200">
            <h2 className="font-display text-lg font-bold text-brand-900">Timeline</h2>
            <ol className="mt-2 space-y-2 border-l-2 border-brand-100 pl-4">
              {order.timeline.map((entry, index) => (
                <li key={`${entry.status}-${index}`}>
                  <span className="font-semibold">{ORDER_STATUS_LABELS[entry.status]}</span>{' '}
                  <time dateTime={entry.at} className="text-stone-600">
                    {formatTime(entry.at, timeZone)}
                  </time>
                </li>
              ))}
            </ol>
            <p className="mt-3 break-all font-semibold text-brand-800">
              Transaction ID: <span data-testid="transaction-id">{order.transactionId}</span>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * "Create an account": the sign-up page, back here after. The guest's session goes with the sign-up,
 * and the server moves the guest's orders to the new account (decision 0047).
 */
function KeepTheOrder() {
  const { user, loading, role } = useAuth();
  const location = useLocation();
  if (loading) return null;
  if (user && role !== undefined && role !== 'guest') {
    return (
      <p role="status" className="rounded-lg bg-brand-50 p-3 text-brand-900 ring-1 ring-brand-100">
        {GUEST_TEXTS.inAccount}{' '}
        <Link to={paths.myOrders} className="font-semibold underline">
          My Orders
        </Link>
      </p>
    );
  }
  return (
    <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
      <p className="text-stone-800">{GUEST_TEXTS.keepLink}</p>
      <p className="mt-2 text-stone-800">{GUEST_TEXTS.createAccountText}</p>
      <Link
        to={paths.signUp}
        state={{ from: location }}
        className="mt-3 inline-block rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {GUEST_TEXTS.createAccount}
      </Link>
    </div>
  );
}
