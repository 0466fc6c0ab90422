import { scheduledTimeOf, ticketAddressLine } from '../../shared/order-facts.ts';
import { slotWords } from '../../shared/order-slots.ts';
import type { DeliveryAddress, Fulfilment, Order } from '../../shared/orders.ts';

export { mapLink, orderNumber, telLink } from './order-links.ts';

export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
}

/** One line, as the kitchen ticket writes it. */
export function addressLine(address: DeliveryAddress): string {
  return ticketAddressLine(address);
}

/**
 * An order's time slot (the checkout's, in English; the order pages' is useOrderWords().scheduled)
 * as the reader's day sees it, on the restaurant's clock when its zone is
 * known: "Today at 12:30", "Tomorrow at 11:00", "On Friday at 18:30"; undefined for as soon as possible.
 */
export function scheduledText(fulfilment: Pick<Fulfilment, 'type' | 'pickupAt' | 'scheduledAt'>, timeZone?: string, now = new Date()): string | undefined {
  const at = scheduledTimeOf(fulfilment);
  if (!at) return undefined;
  const words = slotWords(new Date(at), now, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  return words.charAt(0).toUpperCase() + words.slice(1);
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
