import { ticketAddressLine } from '../../shared/order-facts.ts';
import type { DeliveryAddress, Order } from '../../shared/orders.ts';

// Apart from order-format.ts so the customer's order view carries only what it reads.

/** "#1001": the short number the staff call out. */
export function orderNumber(order: Pick<Order, 'number'>): string {
  return `#${order.number}`;
}

/** A map search for the address: the rider opens it on their phone. */
export function mapLink(address: DeliveryAddress): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(ticketAddressLine(address))}`;
}

export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
