import { allowedTransitions, FULFILMENT_LABELS, LATE_AMBER_MINUTES, LATE_RED_MINUTES, type OrderTransition } from '../../../shared/order-workflow.ts';
import type { Order } from '../../../shared/orders.ts';
import { DisputeNotice } from '../components/dispute-notice.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { PrintAgainButton } from '../components/print-again-button.tsx';
import { paths } from '../../../shared/paths.ts';
import { addressLine, formatTime, mapLink, minutesSince, orderNumber, scheduledText, telLink } from '../order-format.ts';

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

/** When the order is due: its quoted ready time, else a pickup's chosen time; none while it waits to be accepted. */
function dueAt(order: Order): string | undefined {
  if (order.status === 'placed') return undefined;
  return order.readyBy ?? (order.fulfilment.type === 'pickup' ? order.fulfilment.pickupAt : undefined);
}

/** Still in the kitchen's hands past its due time: marked in words and with a sign, not only in red. */
function overdueMinutes(order: Order, now: number): number {
  const due = dueAt(order);
  if (!due || !(order.status === 'accepted' || order.status === 'preparing')) return 0;
  return Math.max(0, Math.floor((now - Date.parse(due)) / 60_000));
}

/** "Eat here · Table 12", "Pickup · at 12:30", "Delivery": the kind in one line. */
function kindLine(order: Order): string {
  const f = order.fulfilment;
  if (f.type === 'table') return `${FULFILMENT_LABELS.table} · Table ${f.table ?? ''}`.trim();
  // A chosen time has its own line (scheduledText), with its day.
  if (f.type === 'pickup') return f.pickupAt ? FULFILMENT_LABELS.pickup : `${FULFILMENT_LABELS.pickup} · asap`;
  return FULFILMENT_LABELS.delivery;
}

/**
 * One order on the board, compact so a lane holds many: its number and kind, minutes since placed
 * and until due (overdue in words), the dishes with their options, the note, the total, and a
 * button for each move the workflow table allows from here (never typed here:
 * `allowedTransitions`, with the table's labels), plus "Push back" while it has a ready time.
 */
export function OrderCard({
  order,
  now,
  busy,
  onMove,
  onDelay,
  timeZone,
}: {
  order: Order;
  now: number;
  /** The restaurant's (settings): its times are on its clock, not the tablet's. */
  timeZone: string | undefined;
  busy: boolean;
  onMove: (order: Order, transition: OrderTransition) => void;
  onDelay: (order: Order) => void;
}) {
  const overdue = overdueMinutes(order, now);
  const late = overdue > 0 ? 'red' : lateness(order, now);
  const minutes = minutesSince(order.createdAt, now);
  const moves = allowedTransitions(order.status, order.fulfilment.type);
  const due = dueAt(order);
  const dueIn = due ? Math.round((Date.parse(due) - now) / 60_000) : 0;
  const delayable = order.readyBy !== null && (order.status === 'accepted' || order.status === 'preparing');
  const f = order.fulfilment;
  return (
    <article
      aria-labelledby={`order-${order._id}`}
      data-testid="order-card"
      data-order={order._id}
      data-late={late}
      data-overdue={overdue > 0 || undefined}
      // The board puts the focus here after a move, when the card has gone to its next column.
      tabIndex={-1}
      className={`rounded-lg bg-white p-2 text-sm shadow-sm ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${FRAME[late]}`}
    >
      <header className="flex min-w-0 items-baseline gap-1">
        <h3 id={`order-${order._id}`} className="text-base font-bold text-stone-900">
          {orderNumber(order)}
        </h3>
        <a href={paths.orderTicket(order._id)} target="_blank" rel="noreferrer" className="rounded px-0.5 text-xs font-semibold text-brand-800 underline hover:bg-brand-50">
          Ticket<span className="sr-only"> of {orderNumber(order)} (opens in a new tab)</span>
        </a>
        <PrintAgainButton order={order} className="rounded px-0.5 text-xs font-semibold text-brand-800 underline hover:bg-brand-50 disabled:text-stone-500" />
        <p className={`ml-auto shrink-0 whitespace-nowrap rounded-full px-1.5 py-0.5 text-xs font-bold ${CLOCK[late]}`}>
          <span aria-hidden="true">{minutes} min</span>
          <span className="sr-only">
            placed {minutes} {minutes === 1 ? 'minute' : 'minutes'} ago{late !== 'ok' && order.status === 'placed' ? ', waiting to be accepted' : ''}
          </span>
        </p>
      </header>
      <p className="break-words font-semibold text-stone-800">{kindLine(order)}</p>
      {scheduledText(order.fulfilment, timeZone) && (
        <p data-testid="scheduled-time" className="font-semibold text-brand-900">
          {scheduledText(order.fulfilment, timeZone)}
        </p>
      )}
      {/* One line each, cut short (the whole address is on the ticket and behind the map link), 24 px high to be tapped. */}
      {f.type === 'delivery' && f.address && (
        <a href={mapLink(f.address)} target="_blank" rel="noreferrer" title={addressLine(f.address)} className="block min-h-6 truncate text-xs leading-6 text-brand-800 underline">
          {addressLine(f.address)}
          <span className="sr-only"> (map, opens in a new tab)</span>
        </a>
      )}
      {f.type === 'delivery' && f.phone && (
        <a href={telLink(f.phone)} className="block min-h-6 truncate text-xs leading-6 text-brand-800 underline">
          {f.phone}
        </a>
      )}
      <p className="truncate text-xs text-stone-600">{order.customer.name}</p>
      {order.status === 'placed' && late !== 'ok' && (
        <p className="mt-1 text-xs font-bold text-red-800">
          <span aria-hidden="true">⚠ </span>Waiting {minutes} min to be accepted
        </p>
      )}
      {due && (
        <p data-testid="order-due" className={`mt-1 text-xs font-semibold ${overdue > 0 ? 'rounded bg-red-700 px-1.5 py-0.5 text-white' : 'text-brand-900'}`}>
          {overdue > 0 && (
            <>
              <span aria-hidden="true">⚠ </span>Overdue {overdue} min ·{' '}
            </>
          )}
          Ready by {formatTime(due, timeZone)}
          {overdue === 0 && order.status !== 'ready' && order.status !== 'out_for_delivery' && ` · in ${Math.max(0, dueIn)} min`}
        </p>
      )}
      <div className="mt-1.5 border-t border-stone-200 pt-1.5">
        <OrderLines lines={order.lines} total={order.total} taxes={order.taxes} tip={order.tip} discount={order.discount} promoCode={order.promoCode} compact />
      </div>
      {order.note && (
        <p className="mt-1.5 break-words rounded bg-amber-50 px-1.5 py-1 text-amber-950">
          <span className="font-semibold">Note:</span> {order.note}
        </p>
      )}
      <DisputeNotice disputes={order.disputes} className="mt-2" />

      <div className="mt-2 flex flex-wrap items-center gap-1.5 empty:hidden">
        {moves.map((move) => (
          <button
            key={move.to}
            type="button"
            disabled={busy}
            onClick={() => onMove(order, move)}
            aria-describedby={`order-${order._id}`}
            className={
              move.needs === 'reason'
                ? 'rounded-md px-2 py-1.5 font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-60'
                : 'rounded-md bg-brand-800 px-2 py-1.5 font-bold text-white hover:bg-brand-900 disabled:opacity-60'
            }
          >
            {move.label}
          </button>
        ))}
        {delayable && (
          <button
            type="button"
            disabled={busy}
            onClick={() => onDelay(order)}
            aria-describedby={`order-${order._id}`}
            className="rounded-md px-2 py-1.5 font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60"
          >
            Push back
          </button>
        )}
      </div>
    </article>
  );
}
