import { scheduledTimeOf, ticketAddressLine } from '../../shared/order-facts.ts';
import { formatPrice } from '../../shared/money.ts';
import { slotWords } from '../../shared/order-slots.ts';
import type { DeliveryAddress, Fulfilment, Order } from '../../shared/orders.ts';

export { mapLink, orderNumber, telLink } from './order-links.ts';

/** Prices as the shop shows them everywhere: "$ 14.50". */
export function money(price: number): string {
  return `$ ${formatPrice(price)}`;
}

/** "12:45", on the restaurant's clock when its time zone is known, else on the browser's. */
export function formatTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone });
}

/** "28 Nov 2026, 12:45", on the restaurant's clock when its time zone is known. */
export function formatDateTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
}

/** One line, as the kitchen ticket writes it. */
export function addressLine(address: DeliveryAddress): string {
  return ticketAddressLine(address);
}


/**
 * An order's time slot as the reader's day sees it, on the restaurant's clock when its zone is
 * known: "Today at 12:30", "Tomorrow at 11:00", "On Friday at 18:30"; undefined for as soon as possible.
 */
export function scheduledText(fulfilment: Pick<Fulfilment, 'type' | 'pickupAt' | 'scheduledAt'>, timeZone?: string, now = new Date()): string | undefined {
  const at = scheduledTimeOf(fulfilment);
  if (!at) return undefined;
  const words = slotWords(new Date(at), now, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One line for lists: "Table 12", "Pickup today at 12:30", "Pickup as soon as possible", "Delivery to …". */
export function fulfilmentSummary(fulfilment: Fulfilment, timeZone?: string): string {
  const when = scheduledText(fulfilment, timeZone);
  const later = when ? ` ${when.charAt(0).toLowerCase()}${when.slice(1)}` : '';
  switch (fulfilment.type) {
    case 'table':
      return `Table ${fulfilment.table ?? ''}${later}`.trim();
    case 'pickup':
      return later ? `Pickup${later}` : 'Pickup as soon as possible';
    case 'delivery':
      return `Delivery${later}${fulfilment.address ? ` to ${addressLine(fulfilment.address)}` : ''}`;
  }
}

/** What a refund means to the customer: "Refunded $14.50" once the provider has paid it back. */
export function refundText(refund: NonNullable<Order['refund']>): string {
  const amount = `$${formatPrice(refund.amount)}`;
  if (refund.status === 'succeeded') return `Refunded ${amount}`;
  if (refund.status === 'failed') return `The refund of ${amount} did not go through yet: we are on it.`;
  return `Refund of ${amount} on its way`;
}

/** Cents still refundable: paid less every refund not failed (the server checks the same). */
export function refundLeftCents(order: Pick<Order, 'total' | 'refunds'>): number {
  const asked = (order.refunds ?? []).filter((r) => r.status !== 'failed').reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
  return Math.max(0, Math.round(order.total * 100) - asked);
}

/** How many of each line can still be refunded, by the line's position. */
export function lineQuantitiesLeft(order: Pick<Order, 'lines' | 'refunds'>): number[] {
  const given = new Map<number, number>();
  for (const refund of order.refunds ?? []) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines ?? []) given.set(line.lineId, (given.get(line.lineId) ?? 0) + line.quantity);
  }
  return order.lines.map((line, i) => Math.max(0, line.quantity - (given.get(i) ?? 0)));
}

export function itemCount(order: Pick<Order, 'lines'>): number {
  return order.lines.reduce((sum, line) => sum + line.quantity, 0);
}
