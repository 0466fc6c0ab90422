import type { DeliveryAddress, Order } from './orders.ts';

/*
 * Facts read off an order without its Zod schemas (types only): the order pages' chunks import
 * these, so a guest's order page stays within the first-load budget (docs/performance.md).
 */

/** The order's time slot whichever the way (a pickup's `pickupAt`, the others' `scheduledAt`), or undefined for as soon as possible. */
export function scheduledTimeOf(fulfilment: { type: string; pickupAt?: string; scheduledAt?: string }): string | undefined {
  return fulfilment.type === 'pickup' ? fulfilment.pickupAt : fulfilment.scheduledAt;
}

/**
 * When a delivery should reach the door (issue 43, point 4): the ride (the setting deliveryMinutes)
 * after it left with the rider, or after its ready time while it has not; undefined for a table or
 * pickup, and while the kitchen has quoted no time. The customer reads it, not "ready by".
 */
export function arrivesAround(order: Pick<Order, 'fulfilment' | 'readyBy' | 'timeline'>, deliveryMinutes: number): string | undefined {
  if (order.fulfilment.type !== 'delivery') return undefined;
  const from = order.timeline.findLast((entry) => entry.status === 'out_for_delivery')?.at ?? order.readyBy;
  if (!from) return undefined;
  return new Date(Date.parse(from) + deliveryMinutes * 60_000).toISOString();
}

/** A delivery address on one line, as the ticket, the board and the order pages write it. */
export function ticketAddressLine(address: DeliveryAddress): string {
  return [address.line1, address.line2, `${address.postalCode} ${address.city}`].filter(Boolean).join(', ');
}
