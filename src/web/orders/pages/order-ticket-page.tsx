import { Link, useParams } from 'react-router';
import { FULFILMENT_LABELS, ORDER_STATUS_LABELS } from '../../../shared/order-workflow.ts';
import { scheduledTimeOf, type Fulfilment, type Order } from '../../../shared/orders.ts';
import { slotDateWords } from '../../../shared/order-slots.ts';
import { RequireUser } from '../../dashboard/require-user.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useOrder } from '../api/orders-api.ts';
import { RequireStaff } from '../components/require-staff.tsx';
import { paths } from '../../../shared/paths.ts';
import { addressLine, formatTime, money, orderNumber } from '../order-format.ts';
import { LineOptions } from '../components/line-options.tsx';

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
  const { id = '' } = useParams();
  const order = useOrder(id);
  usePageTitle(order.data ? `Ticket ${orderNumber(order.data)}` : 'Ticket');
  return (
    <main className="mx-auto max-w-md p-4 text-black print:max-w-none print:p-0">
      <nav aria-label="Ticket" className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={paths.orderBoard} className="font-semibold text-brand-800 underline">
          ← Order board
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          disabled={!order.data}
          className="rounded-md bg-brand-800 px-5 py-2 font-bold text-white hover:bg-brand-900 disabled:bg-stone-300 disabled:text-stone-600"
        >
          Print
        </button>
      </nav>
      {order.isPending && <LoadingScreen />}
      {order.isError && (
        <p role="alert" className="text-red-700">
          {order.error instanceof ApiRequestError && order.error.status === 404 ? 'There is no such order.' : `The order could not be loaded: ${order.error.message}`}
        </p>
      )}
      {order.data && <TicketBody order={order.data} />}
    </main>
  );
}

function TicketBody({ order }: { order: Order }) {
  const { fulfilment } = order;
  return (
    <article aria-labelledby="ticket-number" className="border-2 border-dashed border-black p-4 font-mono print:border-0">
      <header className="border-b-2 border-black pb-2 text-center">
        <h1 id="ticket-number" className="text-5xl font-bold">
          {orderNumber(order)}
        </h1>
        <p className="mt-1 text-xl font-bold uppercase">
          {FULFILMENT_LABELS[fulfilment.type]}
          {fulfilment.type === 'table' && ` · Table ${fulfilment.table}`}
          {fulfilment.type === 'pickup' && !scheduledTimeOf(fulfilment) && ' · ASAP'}
        </p>
        {/* An order for a later slot: its day and time, read on another day than the one it was placed. */}
        {scheduledTimeOf(fulfilment) && <p className="text-xl font-bold">For {scheduledTicketText(fulfilment)}</p>}
        <p>
          Placed {formatTime(order.createdAt)}
          {order.readyBy && ` · Ready by ${formatTime(order.readyBy)}`}
        </p>
        <p>{order.customer.name}</p>
      </header>
      <ul className="my-3 space-y-1 text-xl">
        {order.lines.map((line, index) => (
          <li key={index} className="flex gap-3">
            <span className="w-10 shrink-0 text-right font-bold">{line.quantity}×</span>
            <span>
              {line.name}
              <LineOptions line={line} prices={false} className="text-lg font-bold" />
            </span>
          </li>
        ))}
      </ul>
      {order.note && (
        <p className="my-3 border-2 border-black p-2 text-lg font-bold break-words">NOTE: {order.note}</p>
      )}
      {fulfilment.type === 'delivery' && (
        <p className="my-3 break-words">
          {fulfilment.address && addressLine(fulfilment.address)}
          {fulfilment.phone && <span className="block">{fulfilment.phone}</span>}
        </p>
      )}
      <footer className="flex justify-between border-t-2 border-black pt-2">
        <span>{ORDER_STATUS_LABELS[order.status]}</span>
        <span className="font-bold">{money(order.total)}</span>
      </footer>
    </article>
  );
}

/** "Sunday 29 November at 12:30", on the restaurant's clock (the browser's until its settings are read). */
function scheduledTicketText(fulfilment: Fulfilment, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  return slotDateWords(scheduledTimeOf(fulfilment)!, timeZone);
}
