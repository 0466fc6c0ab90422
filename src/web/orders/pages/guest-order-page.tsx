import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { useT } from '../../i18n/i18n.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useOrderByLink } from '../api/orders-api.ts';
import { useOrderEvents } from '../api/use-order-events.ts';
import { LiveIndicator } from '../components/live-indicator.tsx';
import { OrderNotFound, OrderView } from '../components/order-view.tsx';
import { orderNumber } from '../order-links.ts';

/**
 * A guest's order through its signed link (/o/<token>, decision 0047): where it is, kept live
 * without a session, what was paid, and "Create an account", which keeps the order.
 */
export function Page() {
  const t = useT();
  const { token = '' } = useParams();
  const order = useOrderByLink(token);
  const live = useOrderEvents({ linkToken: token, enabled: order.isSuccess });
  usePageTitle(order.data ? t('order.title', { number: orderNumber(order.data) }) : t('order.titlePlain'));

  if (order.isPending) return <LoadingScreen />;
  if (order.isError) {
    if (order.error instanceof ApiRequestError && order.error.status === 404) {
      return <OrderNotFound text={t('order.guest.notFoundText')} to={paths.menu()} linkText={t('order.guest.openMenu')} />;
    }
    return <QueryError title={t('order.loadFailed')} error={order.error} onRetry={order.refetch} />;
  }
  return (
    <OrderView
      order={order.data}
      live={<LiveIndicator state={live} />}
      className="mx-auto max-w-3xl space-y-4 px-4 py-6"
      notices={<KeepTheOrder />}
      fulfilmentHeading={t('order.whereYouEat')}
    />
  );
}

/**
 * "Create an account": the sign-up page, back here after. The guest's session goes with the sign-up,
 * and the server moves the guest's orders to the new account (decision 0047).
 */
function KeepTheOrder() {
  const t = useT();
  const { user, loading, role } = useAuth();
  const location = useLocation();
  if (loading) return null;
  if (user && role !== undefined && role !== 'guest') {
    return (
      <p role="status" className="rounded-lg bg-brand-50 p-3 text-brand-900 ring-1 ring-brand-100">
        {t('order.guest.inAccount')}{' '}
        <Link to={paths.myOrders} className="font-semibold underline">
          {t('order.myOrders')}
        </Link>
      </p>
    );
  }
  return (
    <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
      <p className="text-stone-800">{t('order.guest.keepLink')}</p>
      <p className="mt-2 text-stone-800">{t('order.guest.createAccountText')}</p>
      <Link
        to={paths.signUp}
        state={{ from: location }}
        className="mt-3 inline-block rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {t('order.guest.createAccount')}
      </Link>
    </div>
  );
}
