import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { arrivesAround } from '../../../shared/order-facts.ts';
import { FINAL_STATUSES } from '../../../shared/order-workflow.ts';
import type { Order } from '../../../shared/orders.ts';
import { useT } from '../../i18n/i18n.ts';
import { useRestaurantSettings } from '../../settings/api/settings-api.ts';
import { orderNumber } from '../order-links.ts';
import { useOrderWords } from '../use-order-words.ts';
import { FulfilmentDetails } from './fulfilment-details.tsx';
import { OrderLines } from './order-lines.tsx';
import { StatusBadge } from './status-badge.tsx';

/*
 * One order as its customer reads it, shared by the signed-in customer's page and the guest's
 * signed link (/o/<token>). Zod-free (types only), so the guest's page stays within its budget.
 */

const CARD = 'rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200';
const HEADING = 'font-display text-lg font-bold text-brand-900';

/** The 404's card: a title, a sentence and a way on. */
export function OrderNotFound({ text, to, linkText }: { text: string; to: string; linkText: string }) {
  const t = useT();
  return (
    <section className="mx-auto max-w-2xl rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
      <h1 className="font-display text-2xl font-bold text-brand-900">{t('order.notFound')}</h1>
      <p className="mt-2 text-stone-700">{text}</p>
      <Link to={to} className="mt-3 inline-block font-semibold text-brand-800 underline">
        {linkText}
      </Link>
    </section>
  );
}

export interface OrderViewProps {
  order: Order;
  live: ReactNode;
  className: string;
  /** Above the heading (the way back to the list). */
  top?: ReactNode;
  /** Under the status: the refund's notice, the administrator's button, the guest's "Create an account". */
  notices?: ReactNode;
  /** A delivery shows when it should reach the door instead of the kitchen's ready time (issue 43). */
  showsArrival?: boolean;
  /** The receipt's fuller lines: tip, promo code, and the seller beneath. */
  fullReceipt?: boolean;
  /** Under the order's lines ("Order again"). */
  afterLines?: ReactNode;
  /** Above the way the order comes (the refunds). */
  asideTop?: ReactNode;
  fulfilmentHeading: string;
  /** The customer's note and each step's reason, which the signed-in page shows. */
  showsNotes?: boolean;
}

export function OrderView({ order, live, className, top, notices, showsArrival, fullReceipt, afterLines, asideTop, fulfilmentHeading, showsNotes }: OrderViewProps) {
  const t = useT();
  const words = useOrderWords();
  const settings = useRestaurantSettings().data;
  const timeZone = settings?.timeZone;
  const ended = FINAL_STATUSES.includes(order.status);
  const waitingFor = order.readyBy && !ended && order.status !== 'placed';
  // A delivery's customer waits for the door, not the counter: its time is the ride after the kitchen.
  const arrival = showsArrival && settings ? arrivesAround(order, settings.deliveryMinutes) : undefined;
  const readyByShown = waitingFor && !(showsArrival && order.fulfilment.type === 'delivery');
  return (
    <section aria-labelledby="order-heading" className={className}>
      {top}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="order-heading" className="font-display text-3xl font-bold text-brand-900">
          {t('order.title', { number: orderNumber(order) })}
        </h1>
        {live}
      </div>
      <p className="text-sm text-stone-600">
        {t('order.placed')} <time dateTime={order.createdAt}>{words.format.dateTime(order.createdAt, timeZone)}</time>
      </p>
      {/* Read out when the kitchen moves the order. */}
      <p className="text-lg" aria-live="polite">
        <span className="sr-only">{t('order.statusLabel')} </span>
        <StatusBadge status={order.status} label={words.status(order.status)} />
        {readyByShown && (
          <span data-testid="ready-by" className="ml-3 font-semibold text-brand-900">
            {t('order.readyBy', { time: words.format.time(order.readyBy!, timeZone) })}
          </span>
        )}
        {waitingFor && arrival && (
          <span data-testid="arrives-around" className="ml-3 font-semibold text-brand-900">
            {t('order.arrivesAround', { time: words.format.time(arrival, timeZone) })}
          </span>
        )}
      </p>
      {order.status === 'placed' && <p className="text-stone-700">{t('order.confirmSoon')}</p>}
      {order.reason && (order.status === 'rejected' || order.status === 'cancelled') && (
        <p className="rounded-lg bg-red-50 p-3 text-red-900">
          <span className="font-semibold">{words.status(order.status)}:</span> {order.reason}
        </p>
      )}
      {notices}

      <div className="grid gap-4 md:grid-cols-2">
        <div className={CARD}>
          <h2 className={HEADING}>{t('order.whatYouOrdered')}</h2>
          <div className="mt-2">
            {fullReceipt ? (
              <OrderLines lines={order.lines} total={order.total} deliveryFee={order.deliveryFee} taxes={order.taxes} tip={order.tip} discount={order.discount} promoCode={order.promoCode} />
            ) : (
              <OrderLines lines={order.lines} total={order.total} deliveryFee={order.deliveryFee} taxes={order.taxes} />
            )}
          </div>
          {afterLines}
        </div>
        <div className="space-y-4">
          {asideTop}
          <div className={CARD}>
            <h2 className={HEADING}>{fulfilmentHeading}</h2>
            <FulfilmentDetails fulfilment={order.fulfilment} timeZone={timeZone} className="mt-2 space-y-1" />
            {showsNotes && order.note && (
              <p className="mt-2 break-words">
                <span className="font-semibold">{t('order.note')}</span> {order.note}
              </p>
            )}
          </div>
          <div className={CARD}>
            <h2 className={HEADING}>{t('order.timeline')}</h2>
            <ol className="mt-2 space-y-2 border-l-2 border-brand-100 pl-4">
              {order.timeline.map((entry, index) => (
                <li key={`${entry.status}-${index}`}>
                  <span className="font-semibold">{words.status(entry.status)}</span>{' '}
                  <time dateTime={entry.at} className="text-stone-600">
                    {words.format.time(entry.at, timeZone)}
                  </time>
                  {showsNotes && entry.reason && <span className="block text-stone-700">{entry.reason}</span>}
                </li>
              ))}
            </ol>
            <p className="mt-3 break-all font-semibold text-brand-800">
              {t('order.transactionId')} <span data-testid="transaction-id">{order.transactionId}</span>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
