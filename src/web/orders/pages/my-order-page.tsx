import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Order } from '../../../shared/orders.ts';
import { paths } from '../../../shared/paths.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { useT } from '../../i18n/i18n.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useOrder } from '../api/orders-api.ts';
import { useOrderAgain } from '../api/use-order-again.ts';
import { useOrderEvents } from '../api/use-order-events.ts';
import { LiveIndicator } from '../components/live-indicator.tsx';
import { OrderNotFound, OrderView } from '../components/order-view.tsx';
import { RefundDialog } from '../components/refund-dialog.tsx';
import { RefundList } from '../components/refund-list.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { SellerDetails } from '../components/seller-details.tsx';
import { orderNumber, refundLeftCents } from '../order-format.ts';
import { useOrderWords } from '../use-order-words.ts';

/** One order of the customer: where it is (kept live), what was paid, how it comes, and "Order again". */
export function Page() {
  const t = useT();
  const { id = '' } = useParams();
  const order = useOrder(id);
  const live = useOrderEvents();
  usePageTitle(order.data ? t('order.title', { number: orderNumber(order.data) }) : t('order.titlePlain'));

  if (order.isPending) return <LoadingScreen />;
  if (order.isError) {
    if (order.error instanceof ApiRequestError && order.error.status === 404) {
      return <OrderNotFound text={t('order.notFoundMine')} to={paths.myOrders} linkText={t('order.backToMyOrders')} />;
    }
    return <QueryError title={t('order.loadFailed')} error={order.error} onRetry={order.refetch} />;
  }
  const data = order.data;
  return (
    <OrderView
      order={data}
      live={<LiveIndicator state={live} />}
      className="mx-auto max-w-3xl space-y-4"
      top={
        <Link to={paths.myOrders} className="text-sm font-semibold text-brand-800 underline">
          {t('order.backLink')}
        </Link>
      }
      notices={
        <>
          {data.refund && <RefundNotice refund={data.refund} />}
          <AdminRefund order={data} />
        </>
      }
      showsArrival
      fullReceipt
      afterLines={
        <>
          <SellerDetails />
          <OrderAgain order={data} />
        </>
      }
      asideTop={data.refunds && data.refunds.length > 0 && <RefundList refunds={data.refunds} />}
      fulfilmentHeading={t('order.howItReachesYou')}
      showsNotes
    />
  );
}

function RefundNotice({ refund }: { refund: NonNullable<Order['refund']> }) {
  const words = useOrderWords();
  return (
    <p data-testid="refund" className="rounded-lg bg-brand-50 p-3 font-semibold text-brand-900" aria-live="polite">
      {words.refund(refund)}
    </p>
  );
}

/** An administrator's "Refund" button on any order with money left to give back (the server decides). */
function AdminRefund({ order }: { order: Order }) {
  const t = useT();
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
        {t('order.refund.button')}
      </button>
      {open && <RefundDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function OrderAgain({ order }: { order: Order }) {
  const t = useT();
  const again = useOrderAgain();
  return (
    <div className="mt-4">
      <button
        type="button"
        disabled={again.isPending}
        onClick={() => again.mutate(order)}
        className="rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900 disabled:cursor-wait disabled:bg-stone-300 disabled:text-stone-600"
      >
        {again.isPending ? t('order.again.adding') : t('order.again')}
      </button>
      <div role="status" className="mt-2 text-sm">
        {again.isSuccess && (
          <>
            {again.data.added > 0 && (
              <p className="text-brand-900">
                {t('order.again.added', { count: again.data.added })}{' '}
                <Link to={paths.myCart} className="font-semibold underline">
                  {t('order.again.openCart')}
                </Link>
              </p>
            )}
            {again.data.missing.length > 0 && (
              <p className="text-amber-900">{t('order.again.missing', { names: again.data.missing.join(', ') })}</p>
            )}
          </>
        )}
        {again.isError && <p className="text-red-700">{t('order.again.failed', { error: again.error.message })}</p>}
      </div>
    </div>
  );
}
