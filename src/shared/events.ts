import { z } from 'zod';
import { ORDER_STATUSES } from './order-workflow.ts';

/**
 * Payloads are checked when published and again when they arrive from another process, so a
 * subscriber only sees its event's shape. They stay small (NOTIFY carries at most 8,000 bytes):
 * an event names what changed, and subscribers read the rest by id.
 */
export const SHOP_EVENTS = {
  'menu.changed': z.object({}),
  'reviews.changed': z.object({}),
  /** Sent by PostgreSQL itself (migration 013), so writers outside the shop are heard too. */
  'sessions.changed': z.object({}),
  /** No `customerId`: the menu changed, which concerns everyone. Sent by PostgreSQL itself (migration 014). */
  'answers.changed': z.object({ customerId: z.string().optional() }),
  'settings.changed': z.object({}),
  /** `eventId` (order_events.id) is the live stream's `id:`, so a reconnecting client resumes after it. */
  'order.changed': z.object({
    eventId: z.number().int().positive(),
    orderId: z.string(),
    /** Lets a customer's stream filter without a read. */
    userId: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
  }),
} as const;

export type ShopEventName = keyof typeof SHOP_EVENTS;
export type ShopEventPayload<N extends ShopEventName> = z.infer<(typeof SHOP_EVENTS)[N]>;

export function isShopEventName(name: string): name is ShopEventName {
  return Object.hasOwn(SHOP_EVENTS, name);
}
