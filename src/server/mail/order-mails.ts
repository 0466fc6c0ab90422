import { slotDateWords } from '../../shared/order-slots.ts';
import { chosenFromApi, chosenOptionLines } from '../../shared/dish-option-rules.ts';
import { formatPrice } from '../../shared/money.ts';
import { taxLineWords } from '../../shared/order-totals.ts';
import { arrivesAround, type Fulfilment, type Order, type OrderStatus } from '../../shared/orders.ts';
import { paths } from '../../shared/paths.ts';
import { isGuest } from '../../shared/roles.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { OrderService } from '../orders/order-service.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Mail, OrderMailBase } from './mail-kinds.ts';
import type { MailQueue } from './mail-queue.ts';
import { findMailRecipient } from './mail-repository.ts';

interface Logger {
  warn(obj: unknown, msg: string): void;
}

/** Which step of the timeline mails the customer; the receipt goes whatever they chose in their profile. */
const MAILED: Partial<Record<OrderStatus, { template: Mail['template']; always: boolean }>> = {
  placed: { template: 'order-receipt', always: true },
  accepted: { template: 'order-accepted', always: false },
  ready: { template: 'order-ready', always: false },
  out_for_delivery: { template: 'order-on-its-way', always: false },
  cancelled: { template: 'order-cancelled', always: false },
  rejected: { template: 'order-cancelled', always: false },
};

/** A later ready time (busy mode) is news of the order's progress: mailed unless the customer turned those off. */
const DELAY_MAIL = { template: 'order-delayed', always: false } as const;

/**
 * Every process hears every 'order.changed' and queues its mail under the event's id, which the
 * queue keeps unique: one mail per event however many processes heard or replayed it.
 */
export function subscribeOrderMails(options: {
  db: Kysely<Database>;
  events: EventBus;
  orders: OrderService;
  mail: MailQueue;
  origin: () => string;
  /** The restaurant's time zone at the moment of the mail (its settings can change it). */
  timeZone: () => string;
  /** The setting deliveryMinutes: a delivery's mails say when it arrives, not when it is ready. */
  deliveryMinutes: () => number;
  /** The receipt's seller lines (legal name, address, phone, tax number) from the settings now. */
  seller?: () => string[];
  log: Logger;
}): () => void {
  const { db, events, orders, mail, origin, log } = options;
  return events.subscribe('order.changed', (change) => {
    if (!change.userId || !mail.enabled) return;
    const userId = change.userId;
    void (async () => {
      const event = await orders.event(change.eventId);
      // An administrator's refund confirmed by the provider is mailed, always (it is money); the
      // other refund news is not: the cancellation mail already said it. A delay mails the new time.
      const refundMail = event?.kind === 'refund' && event.refund?.origin === 'admin' && event.refund.status === 'succeeded';
      if (!event || (event.kind !== 'status' && event.kind !== 'delay' && !refundMail)) return;
      const rule = refundMail ? { always: true } : event.kind === 'delay' ? DELAY_MAIL : MAILED[event.status];
      if (!rule) return;
      const recipient = await findMailRecipient(db, userId);
      if (!recipient || (!rule.always && !recipient.order_status_mails)) return;
      // A guest's `email` is the anonymous plugin's placeholder: it is mailed only at the address it
      // gave, and its links open the order's signed page, as it has no account (decision 0047).
      const guest = isGuest(recipient.role);
      const to = guest ? recipient.guest_email : recipient.email;
      if (!to) return;
      const order = (await orders.readForStaff([change.orderId])).get(change.orderId);
      if (!order) return;
      const timeZone = options.timeZone();
      const arrival = arrivesAround(order, options.deliveryMinutes());
      const arrives = arrival ? { arrivesAround: clock(arrival, timeZone) } : {};
      const base: OrderMailBase = {
        name: recipient.name,
        number: order.number,
        fulfilmentType: order.fulfilment.type,
        fulfilment: fulfilmentLine(order.fulfilment, timeZone),
        orderLink: `${origin()}${guest ? orders.linkOf(order._id) : paths.myOrder(order._id)}`,
        profileLink: `${origin()}${paths.profile}`,
      };
      const queued: Mail | undefined = refundMail
        ? refundMailFor(order, event.refund!.id, base)
        : event.kind === 'delay'
          ? { template: 'order-delayed', data: { ...base, readyBy: clock(order.readyBy ?? order.createdAt, timeZone), ...arrives } }
          : mailFor(event.status, order, base, timeZone, arrives, options.seller?.() ?? []);
      // One mail per refund, however many of its news entries (pending, then succeeded) are heard.
      const key = refundMail ? `order-refund:${event.refund!.id}` : `order-event:${change.eventId}`;
      if (queued) await mail.enqueue({ key, userId, to, mail: queued });
    })().catch((error: unknown) => log.warn({ err: error, change }, 'order mail not queued'));
  });
}

export function mailFor(status: OrderStatus, order: Order, base: OrderMailBase, timeZone: string, arrives: { arrivesAround?: string }, seller: string[]): Mail {
  switch (status) {
    case 'placed':
      return {
        template: 'order-receipt',
        data: {
          ...base,
          placedAt: new Date(order.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }),
          lines: order.lines.map((line) => ({
            name: line.name,
            quantity: line.quantity,
            unitPrice: money(line.price),
            lineTotal: money(line.price * line.quantity),
            ...(line.options && { options: chosenOptionLines(chosenFromApi(line.options)) }),
          })),
          ...(order.deliveryFee !== undefined ? { deliveryFee: money(order.deliveryFee) } : {}),
          ...(order.discount !== undefined && order.promoCode !== undefined ? { discount: { code: order.promoCode, amount: `−${money(order.discount)}` } } : {}),
          // The server's tax rows as the order has them, in the order page's words.
          ...(order.taxes ? { taxes: order.taxes.lines.map((line) => ({ label: taxLineWords(line, order.taxes!.mode, money), amount: money(line.tax) })) } : {}),
          ...(order.tip !== undefined ? { tip: money(order.tip) } : {}),
          ...(seller.length > 0 ? { seller } : {}),
          total: money(order.total),
          note: order.note,
          transactionId: order.transactionId,
        },
      };
    case 'accepted':
      return { template: 'order-accepted', data: { ...base, readyBy: order.readyBy ? clock(order.readyBy, timeZone) : null, ...arrives } };
    case 'ready':
      return { template: 'order-ready', data: base };
    case 'out_for_delivery':
      return { template: 'order-on-its-way', data: { ...base, ...arrives } };
    default:
      return {
        template: 'order-cancelled',
        data: {
          ...base,
          status: status === 'rejected' ? 'rejected' : 'cancelled',
          reason: order.reason,
          refund: order.refund ? refundLine(order.refund) : null,
        },
      };
  }
}

/** The mail of one refund, from the order's list of refunds; none when the order no longer lists it. */
function refundMailFor(order: Order, refundId: string, base: OrderMailBase): Mail | undefined {
  const refund = order.refunds?.find((r) => r.id === refundId);
  if (!refund) return undefined;
  const refunded = (order.refunds ?? []).filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
  return {
    template: 'order-refund',
    data: {
      ...base,
      amount: money(refund.amount),
      lines: (refund.lines ?? []).map((line) => `${line.quantity} × ${line.name}`),
      refundedOfPaid: `${money(refunded / 100)} of ${money(order.total)}`,
    },
  };
}

function money(price: number): string {
  return `$ ${formatPrice(price)}`;
}

function clock(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
}

function refundLine(refund: NonNullable<Order['refund']>): string {
  const amount = `$${formatPrice(refund.amount)}`;
  if (refund.status === 'succeeded') return `We refunded ${amount} to your card.`;
  if (refund.status === 'failed') return `The refund of ${amount} did not go through yet: we are on it and will pay it back.`;
  return `The refund of ${amount} is on its way to your card (it can take a few days to show).`;
}

/**
 * One line for the mail, in the restaurant's time: "Table 4", "Pickup at 12:30", "Delivery to …";
 * an order for a later slot names its day too, as the mail may be read on another day.
 */
export function fulfilmentLine(fulfilment: Fulfilment, timeZone: string): string {
  const later = fulfilment.type !== 'pickup' && fulfilment.scheduledAt ? ` on ${slotDateWords(fulfilment.scheduledAt, timeZone)}` : '';
  switch (fulfilment.type) {
    case 'table':
      return `Eat here${later}, table ${fulfilment.table ?? ''}`.trim();
    case 'pickup':
      return fulfilment.pickupAt ? `Pickup on ${slotDateWords(fulfilment.pickupAt, timeZone)}` : 'Pickup as soon as possible';
    case 'delivery': {
      const a = fulfilment.address;
      return a ? `Delivery${later} to ${[a.line1, a.line2, `${a.postalCode} ${a.city}`].filter(Boolean).join(', ')}` : `Delivery${later}`;
    }
  }
}
