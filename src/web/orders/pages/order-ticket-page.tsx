import { Link, useParams } from 'react-router';
import { kitchenTicket } from '../../../shared/kitchen-ticket.ts';
import type { Order } from '../../../shared/orders.ts';
import { RequireUser } from '../../dashboard/require-user.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useOrder } from '../api/orders-api.ts';
import { RequireStaff } from '../components/require-staff.tsx';
import { paths } from '../../../shared/paths.ts';
import { orderNumber } from '../order-format.ts';
import { useFormat } from '../../i18n/format.ts';
import { PrintAgainButton } from '../components/print-again-button.tsx';
import { useShopTimeZone } from '../use-shop-time-zone.ts';
import { useRestaurantSettings } from '../../settings/api/settings-api.ts';
import { useT } from '../../i18n/i18n.ts';
import { sellerLines } from '../../../shared/order-totals.ts';
import { receiptSeller } from '../../../shared/restaurant-settings.ts';

/**
 * The kitchen's ticket of one order, to print: outside the dashboard's frame, large and plain, in
 * black on white. The buttons do not print.
 */
export function Page() {
  return (
    <RequireUser>
      <RequireStaff>
        <Ticket />
      </RequireStaff>
    </RequireUser>
  );
}

function Ticket() {
  const t = useT();
  const { id = '' } = useParams();
  const order = useOrder(id);
  // The ticket's times are the restaurant's: it waits for its time zone rather than print the device's.
  const timeZone = useShopTimeZone();
  usePageTitle(order.data ? t('ticket.title', { number: orderNumber(order.data) }) : t('ticket.titlePlain'));
  return (
    <main className="mx-auto max-w-md p-4 text-black print:max-w-none print:p-0">
      <nav aria-label={t('ticket.nav')} className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={paths.orderBoard} className="font-semibold text-brand-800 underline">
          {t('ticket.back')}
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          disabled={!order.data}
          className="rounded-md bg-brand-800 px-5 py-2 font-bold text-white hover:bg-brand-900 disabled:bg-stone-300 disabled:text-stone-600"
        >
          {t('ticket.print')}
        </button>
        {order.data && (
          <PrintAgainButton
            order={order.data}
            className="rounded-md px-5 py-2 font-bold text-brand-800 ring-1 ring-brand-800 hover:bg-brand-50 disabled:text-stone-500"
          />
        )}
      </nav>
      {(order.isPending || (order.data && !timeZone)) && <LoadingScreen />}
      {order.isError && (
        <p role="alert" className="text-red-700">
          {order.error instanceof ApiRequestError && order.error.status === 404 ? t('ticket.notFound') : t('ticket.loadFailed', { error: order.error.message })}
        </p>
      )}
      {order.data && timeZone && <TicketBody order={order.data} timeZone={timeZone} />}
    </main>
  );
}

function TicketBody({ order, timeZone }: { order: Order; timeZone: string }) {
  // The same content the kitchen printer gets (src/shared/kitchen-ticket.ts), on the restaurant's clock.
  const settings = useRestaurantSettings().data;
  const format = useFormat();
  const ticket = kitchenTicket(order, (iso) => format.time(iso, timeZone), timeZone, settings ? sellerLines(receiptSeller(settings)) : []);
  return (
    <article aria-labelledby="ticket-number" className="border-2 border-dashed border-black p-4 font-mono print:border-0">
      <header className="border-b-2 border-black pb-2 text-center">
        <h1 id="ticket-number" className="text-5xl font-bold">
          {ticket.number}
        </h1>
        <p className="mt-1 text-xl font-bold uppercase">{ticket.heading}</p>
        {ticket.scheduled && <p className="text-xl font-bold">{ticket.scheduled}</p>}
        <p>{ticket.placed}</p>
        <p>{ticket.customer}</p>
      </header>
      <ul className="my-3 space-y-1 text-xl">
        {ticket.lines.map((line, index) => (
          <li key={index} className="flex gap-3">
            <span className="w-10 shrink-0 text-right font-bold">{line.quantity}×</span>
            <span>
              {line.name}
              {line.options.length > 0 && (
                <ul data-testid="order-line-options" className="text-lg font-bold">
                  {line.options.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              )}
            </span>
          </li>
        ))}
      </ul>
      {ticket.note && <p className="my-3 border-2 border-black p-2 text-lg font-bold break-words">{ticket.note}</p>}
      {ticket.delivery.length > 0 && (
        <p className="my-3 break-words">
          {ticket.delivery.map((text, index) => (
            <span key={index} className="block">
              {text}
            </span>
          ))}
        </p>
      )}
      {ticket.discount && (
        <p data-testid="ticket-discount" className="flex justify-between gap-3 border-t-2 border-black py-1">
          <span>{ticket.discount.label}</span>
          <span>{ticket.discount.amount}</span>
        </p>
      )}
      {ticket.taxes.length > 0 && (
        <ul data-testid="ticket-taxes" className="border-t-2 border-black py-1">
          {ticket.taxes.map((tax) => (
            <li key={tax.label} className="flex justify-between gap-3">
              <span>{tax.label}</span>
              <span>{tax.amount}</span>
            </li>
          ))}
        </ul>
      )}
      {ticket.tip && (
        <p data-testid="ticket-tip" className="flex justify-between gap-3 border-t-2 border-black py-1">
          <span>{ticket.tip.label}</span>
          <span>{ticket.tip.amount}</span>
        </p>
      )}
      <footer className="flex justify-between border-t-2 border-black pt-2">
        <span>{ticket.status}</span>
        <span className="font-bold">{ticket.total}</span>
      </footer>
      {ticket.seller.length > 0 && (
        <address data-testid="ticket-seller" className="mt-2 text-center text-sm not-italic">
          {ticket.seller.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      )}
    </article>
  );
}
