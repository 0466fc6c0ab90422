import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { FINAL_STATUSES, ORDER_STATUS_LABELS } from '../../../shared/order-workflow.ts';
import { arrivesAround, REFUND_TEXTS, type Order } from '../../../shared/orders.ts';
import { paths } from '../../../shared/paths.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { useRestaurantSettings } from '../../settings/api/settings-api.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useOrder } from '../api/orders-api.ts';
import { useOrderAgain } from '../api/use-order-again.ts';
import { useOrderEvents } from '../api/use-order-events.ts';
import { FulfilmentDetails } from '../components/fulfilment-details.tsx';
import { LiveIndicator } from '../components/live-indicator.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { RefundDialog } from '../components/refund-dialog.tsx';
import { RefundList } from '../components/refund-list.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { SellerDetails } from '../components/seller-details.tsx';
import { formatDateTime, formatTime, orderNumber, refundLeftCents, refundText } from '../order-format.ts';
import { useShopTimeZone } from '../use-shop-time-zone.ts';

/** One order of the customer: where it is (kept live), what was paid, how it comes, and "Order again". */
export function Page() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const live = useOrderEvents();
  usePageTitle(order.data ? `Order ${orderNumber(order.data)}` : 'Order');

  if (order.isPending) return <LoadingScreen />;
  if (order.isError) {
    if (order.error instanceof ApiRequestError && order.error.status === 404) {
      return (
        <section className="mx-auto max-w-2xl rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
          <h1 className="font-display text-2xl font-bold text-brand-900">Order not found</h1>
          <p className="mt-2 text-stone-700">There is no order of yours at this address.</p>
          <Link to={paths.myOrders} className="mt-3 inline-block font-semibold text-brand-800 underline">
            Back to My Orders
          </Link>
        </section>
      );
    }
    return <QueryError title="This order could not be loaded" error={order.error} onRetry={order.refetch} />;
  }
  return <OrderView order={order.data} live={<LiveIndicator state={live} />} />;
}

function OrderView({ order, live }: { order: Order; live: ReactNode }) {
  const timeZone = useShopTimeZone();
  const ended = FINAL_STATUSES.includes(order.status);
  const waitingFor = order.readyBy && !ended && order.status !== 'placed';
  // A delivery's customer waits for the door, not the counter: its time is the ride after the kitchen.
  const deliveryMinutes = useRestaurantSettings().data?.deliveryMinutes;
  const arrival = deliveryMinutes === undefined ? undefined : arrivesAround(order, deliveryMinutes);
  return (
    <section aria-labelledby="order-heading" className="mx-auto max-w-3xl space-y-4">
      <Link to={paths.myOrders} className="text-sm font-semibold text-brand-800 underline">
        ← My Orders
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="order-heading" className="font-display text-3xl font-bold text-brand-900">
          Order {orderNumber(order)}
        </h1>
        {live}
      </div>
      <p className="text-sm text-stone-600">
        Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, timeZone)}</time>
      </p>
      {/* Read out when the kitchen moves the order. */}
      <p className="text-lg" aria-live="polite">
        <span className="sr-only">Status: </span>
        <StatusBadge status={order.status} />
        {waitingFor && order.fulfilment.type !== 'delivery' && (
          <span data-testid="ready-by" className="ml-3 font-semibold text-brand-900">
            Ready by {formatTime(order.readyBy!, timeZone)}
          </span>
        )}
        {waitingFor && arrival && (
          <span data-testid="arrives-around" className="ml-3 font-semibold text-brand-900">
            Arrives around {formatTime(arrival, timeZone)}
          </span>
        )}
      </p>
      {order.status === 'placed' && <p className="text-stone-700">The kitchen will confirm your order in a moment.</p>}
      {order.reason && (order.status === 'rejected' || order.status === 'cancelled') && (
        <p className="rounded-lg bg-red-50 p-3 text-red-900">
          <span className="font-semibold">{ORDER_STATUS_LABELS[order.status]}:</span> {order.reason}
        </p>
      )}
      {order.refund && (
        <p data-testid="refund" className="rounded-lg bg-brand-50 p-3 font-semibold text-brand-900" aria-live="polite">
          {refundText(order.refund)}
        </p>
      )}
      <AdminRefund order={order} />

      <div className="grid gap-4 md:grid-cols-2">
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <h2 className="font-display text-lg font-bold text-brand-900">What you ordered</h2>
          <div className="mt-2 text-sm">
            <OrderLines lines={order.lines} total={order.total} deliveryFee={order.deliveryFee} taxes={order.taxes} tip={order.tip} discount={order.discount} promoCode={order.promoCode} />
            <SellerDetails />
          </div>
          <OrderAgain order={order} />
        </div>
        <div className="space-y-4">
          {order.refunds && order.refunds.length > 0 && <RefundList refunds={order.refunds} />}
          <div className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200">
            <h2 className="font-display text-lg font-bold text-brand-900">How it reaches you</h2>
            <FulfilmentDetails fulfilment={order.fulfilment} timeZone={timeZone} className="mt-2 space-y-1" />
            {order.note && (
              <p className="mt-2 break-words">
                <span className="font-semibold">Note:</span> {order.note}
              </p>
            )}
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
                  {entry.reason && <span className="block text-stone-700">{entry.reason}</span>}
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

/** An administrator's "Refund" button on any order with money left to give back (the server decides). */
function AdminRefund({ order }: { order: Order }) {
  const { isAdmin } = useAuth();
  const [open, setOpen] = useState(false);
  if (!isAdmin || refundLeftCents(order) === 0) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md bg-red-700 px-4 py-2 font-bold text-white hover:bg-red-800"
        aria-haspopup="dialog"
      >
        {REFUND_TEXTS.button}
      </button>
      {open && <RefundDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function OrderAgain({ order }: { order: Order }) {
  const again = useOrderAgain();
  return (
    <div className="mt-4">
      <button
        type="button"
        disabled={again.isPending}
        onClick={() => again.mutate(order)}
        className="rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900 disabled:cursor-wait disabled:bg-stone-300 disabled:text-stone-600"
      >
        {again.isPending ? 'Adding…' : 'Order again'}
      </button>
      <div role="status" className="mt-2 text-sm">
        {again.isSuccess && (
          <>
            {again.data.added > 0 && (
              <p className="text-brand-900">
                {again.data.added} {again.data.added === 1 ? 'dish is' : 'dishes are'} in your cart at today's prices.{' '}
                <Link to={paths.myCart} className="font-semibold underline">
                  Open your cart
                </Link>
              </p>
            )}
            {again.data.missing.length > 0 && (
              <p className="text-amber-900">No longer on the menu: {again.data.missing.join(', ')}.</p>
            )}
          </>
        )}
        {again.isError && <p className="text-red-700">Not all dishes could be added: {again.error.message}</p>}
      </div>
    </div>
  );
}
