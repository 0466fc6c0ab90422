import type { MessageId } from '../../../shared/i18n/catalogue.ts';
import { allowedTransitions, LATE_AMBER_MINUTES, LATE_RED_MINUTES, type OrderTransition } from '../../../shared/order-workflow.ts';
import type { Order } from '../../../shared/orders.ts';
import { DisputeNotice } from '../components/dispute-notice.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { PrintAgainButton } from '../components/print-again-button.tsx';
import { paths } from '../../../shared/paths.ts';
import { useT } from '../../i18n/i18n.ts';
import { mapLink, minutesSince, orderNumber, telLink } from '../order-format.ts';
import { useOrderWords, type OrderWords } from '../use-order-words.ts';

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

/** "Eat here · Table 12", "Pickup · asap", "Delivery": the kind in one line. */
function kindLine(order: Order, words: OrderWords, t: ReturnType<typeof useT>): string {
  const f = order.fulfilment;
  const label = words.fulfilment(f.type);
  if (f.type === 'table') return t('board.card.table', { label, table: f.table ?? '' }).trim();
  // A chosen time has its own line (words.scheduled), with its day.
  if (f.type === 'pickup') return f.pickupAt ? label : t('board.card.asap', { label });
  return label;
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
  const t = useT();
  const words = useOrderWords();
  const when = words.scheduled(order.fulfilment, timeZone);
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
          {t('board.card.ticket')}
          <span className="sr-only">{t('board.card.ticketOf', { number: orderNumber(order) })}</span>
        </a>
        <PrintAgainButton order={order} className="rounded px-0.5 text-xs font-semibold text-brand-800 underline hover:bg-brand-50 disabled:text-stone-500" />
        <p className={`ml-auto shrink-0 whitespace-nowrap rounded-full px-1.5 py-0.5 text-xs font-bold ${CLOCK[late]}`}>
          <span aria-hidden="true">{t('board.card.minutes', { minutes })}</span>
          <span className="sr-only">
            {t('board.card.placedAgo', { minutes })}
            {late !== 'ok' && order.status === 'placed' ? t('board.card.waitingSr') : ''}
          </span>
        </p>
      </header>
      <p className="break-words font-semibold text-stone-800">{kindLine(order, words, t)}</p>
      {when && (
        <p data-testid="scheduled-time" className="font-semibold text-brand-900">
          {when}
        </p>
      )}
      {/* One line each, cut short (the whole address is on the ticket and behind the map link), 24 px high to be tapped. */}
      {f.type === 'delivery' && f.address && (
        <a href={mapLink(f.address)} target="_blank" rel="noreferrer" title={words.addressLine(f.address)} className="block min-h-6 truncate text-xs leading-6 text-brand-800 underline">
          {words.addressLine(f.address)}
          <span className="sr-only">{t('board.card.mapHint')}</span>
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
          <span aria-hidden="true">⚠ </span>
          {t('board.card.waiting', { minutes })}
        </p>
      )}
      {due && (
        <p data-testid="order-due" className={`mt-1 text-xs font-semibold ${overdue > 0 ? 'rounded bg-red-700 px-1.5 py-0.5 text-white' : 'text-brand-900'}`}>
          {overdue > 0 && (
            <>
              <span aria-hidden="true">⚠ </span>
              {t('board.card.overdue', { minutes: overdue })}{' '}
            </>
          )}
          {t('board.card.readyBy', { time: words.format.time(due, timeZone) })}
          {overdue === 0 && order.status !== 'ready' && order.status !== 'out_for_delivery' && t('board.card.readyIn', { minutes: Math.max(0, dueIn) })}
        </p>
      )}
      <div className="mt-1.5 border-t border-stone-200 pt-1.5">
        <OrderLines lines={order.lines} total={order.total} taxes={order.taxes} tip={order.tip} discount={order.discount} promoCode={order.promoCode} compact />
      </div>
      {order.note && (
        <p className="mt-1.5 break-words rounded bg-amber-50 px-1.5 py-1 text-amber-950">
          <span className="font-semibold">{t('board.card.note')}</span> {order.note}
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
            {t(`board.move.${move.from}.${move.to}` as MessageId)}
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
            {t('board.card.pushBack')}
          </button>
        )}
      </div>
    </article>
  );
}
