import { z } from 'zod';
import { ORDER_STATUSES } from './order-workflow.ts';

/**
 * The shop's events: facts in the past tense, each a name and a payload schema. The server's event
 * bus checks every payload against its schema when it is published and again when it arrives from
 * another process, so a subscriber only ever sees a payload of its event's shape.
 *
 * Payloads are small on purpose (PostgreSQL's NOTIFY carries at most 8,000 bytes): an event names
 * what changed, and a subscriber that needs the whole thing reads it by its id.
 */
export const SHOP_EVENTS = {
  /** An administrator changed the menu: every process rebuilds its snapshot. */
  'menu.changed': z.object({}),
  /** The reviews were written: every process rebuilds their snapshot (src/server/reviews/review-catalog.ts). */
  'reviews.changed': z.object({}),
  /**
   * A session or a user was updated or deleted (a sign-out, a password change, a role, e-mail or
   * name changed, an account deleted): every process forgets the callers it had kept. Sent by the
   * database itself on PostgreSQL (migration 013), so every writer is heard.
   */
  'sessions.changed': z.object({}),
  /**
   * A customer's cart, payment intent or orders were written (`customerId`), or the menu they are
   * priced from (no id: everyone's): every process forgets the answers it kept for them
   * (src/server/http/kept-answers.ts). Sent by the database itself on PostgreSQL (migration 014).
   */
  'answers.changed': z.object({ customerId: z.string().optional() }),
  /** An administrator saved the restaurant's settings: every process reads them again. */
  'settings.changed': z.object({}),
  /**
   * An order was placed or moved. `eventId` is the row of the order's timeline (order_events.id),
   * the `id:` of the live stream, so a client that reconnects asks for what came after it.
   */
  'order.changed': z.object({
    eventId: z.number().int().positive(),
    orderId: z.string(),
    /** The customer's id, so a stream of one customer's orders filters without a read. */
    userId: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
  }),
} as const;

export type ShopEventName = keyof typeof SHOP_EVENTS;
export type ShopEventPayload<N extends ShopEventName> = z.infer<(typeof SHOP_EVENTS)[N]>;

export function isShopEventName(name: string): name is ShopEventName {
  return Object.hasOwn(SHOP_EVENTS, name);
}
