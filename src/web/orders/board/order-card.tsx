import { allowedTransitions, LATE_AMBER_MINUTES, LATE_RED_MINUTES, type OrderTransition } from '../../../shared/order-workflow.ts';
import type { Order } from '../../../shared/orders.ts';
import { DisputeNotice } from '../components/dispute-notice.tsx';
import { FulfilmentDetails } from '../components/fulfilment-details.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { paths } from '../../../shared/paths.ts';
import { formatTime, minutesSince, orderNumber } from '../order-format.ts';

/** How late an order that nobody has accepted yet is: amber, then red. */
function lateness(order: Order, now: number): 'ok' | 'amber' | 'red' {
  if (order.status !== 'placed') return 'ok';
  const minutes = minutesSince(order.createdAt, now);
  return minutes >= LATE_RED_MINUTES ? 'red' : minutes >= LATE_AMBER_MINUTES ? 'amber' : 'ok';
}

const FRAME = {
  ok: 'ring-stone-200',
  amber: 'ring-2 ring-amber-500',
  red: 'ring-2 ring-red-600',
} as const;
const CLOCK = {
  ok: 'bg-stone-100 text-stone-800',
  amber: 'bg-amber-100 text-amber-950',
  red: 'bg-red-700 text-white',
} as const;

/**
 * One order on the board: its number, how long ago it came in, how it reaches the customer, the
 * dishes, the note and the total, and a button for each move the workflow table allows from here
 * (never typed here: `allowedTransitions`, with the table's labels).
 */
export function OrderCard({
  order,
  now,
  busy,
  onMove,
}: {
  order: Order;
  now: number;
  busy: boolean;
  onMove: (order: Order, transition: OrderTransition) => void;
}) {
  const late = lateness(order, now);
  const minutes = minutesSince(order.createdAt, now);
  const moves = allowedTransitions(order.status, order.fulfilment.type);
  return (
    <article
      aria-labelledby={`order-${order._id}`}
      data-testid="order-card"
      data-order={order._id}
      data-late={late}
      // The board puts the focus here after a move, when the card has gone to its next column.
      tabIndex={-1}
      className={`rounded-lg bg-white p-3 text-sm shadow-sm ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${FRAME[late]}`}
    >
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`order-${order._id}`} className="text-lg font-bold text-stone-900">
            {orderNumber(order)}
          </h3>
          <p className="truncate text-stone-600">{order.customer.name}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className={`rounded-full px-2 py-0.5 text-xs font-bold ${CLOCK[late]}`}>
            <span aria-hidden="true">{minutes} min</span>
            <span className="sr-only">
              placed {minutes} {minutes === 1 ? 'minute' : 'minutes'} ago{late !== 'ok' ? ', waiting to be accepted' : ''}
            </span>
          </p>
          <a href={paths.orderTicket(order._id)} target="_blank" rel="noreferrer" className="rounded px-1.5 py-1 text-sm font-semibold text-brand-800 underline hover:bg-brand-50">
            Ticket<span className="sr-only"> of {orderNumber(order)} (opens in a new tab)</span>
          </a>
        </div>
      </header>

      <FulfilmentDetails fulfilment={order.fulfilment} className="mt-2 break-words" />
      {order.readyBy && order.status !== 'placed' && <p className="mt-1 font-semibold text-brand-900">Ready by {formatTime(order.readyBy)}</p>}
      <div className="mt-2 border-t border-stone-200 pt-2">
        <OrderLines lines={order.lines} total={order.total} compact />
      </div>
      {order.note && (
        <p className="mt-2 break-words rounded bg-amber-50 p-2 text-amber-950">
          <span className="font-semibold">Note:</span> {order.note}
        </p>
      )}
      <DisputeNotice disputes={order.disputes} className="mt-2" />

      <div className="mt-3 flex flex-wrap items-center gap-2 empty:hidden">
        {moves.map((move) => (
          <button
            key={move.to}
            type="button"
            disabled={busy}
            onClick={() => onMove(order, move)}
            aria-describedby={`order-${order._id}`}
            className={
              move.needs === 'reason'
                ? 'rounded-md px-3 py-2 font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-60'
                : 'rounded-md bg-brand-800 px-3 py-2 font-bold text-white hover:bg-brand-900 disabled:opacity-60'
            }
          >
            {move.label}
          </button>
        ))}
      </div>
    </article>
  );
}
