/**
 * The order workflow, in one table that both sides read: the server checks every move against it
 * inside the transaction that makes the move (`UPDATE … WHERE id = ? AND status = ?`, zero rows is
 * a 409), and the web app draws only the buttons it allows. Zod-free, so the board and the
 * customer's pages can import it without the schema library.
 */

export const ORDER_STATUSES = [
  'placed',
  'accepted',
  'preparing',
  'ready',
  'out_for_delivery',
  'completed',
  'rejected',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const FULFILMENT_TYPES = ['table', 'pickup', 'delivery'] as const;
export type FulfilmentType = (typeof FULFILMENT_TYPES)[number];

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  /** The button's words on the board. */
  label: string;
  /** Only for these ways of fulfilment; every way when absent. */
  onlyFor?: readonly FulfilmentType[];
  /** What the move must carry: a ready-in time (accept) or a reason shown to the customer. */
  needs?: 'readyInMinutes' | 'reason';
  /** The move gives the money back through the payment provider. */
  refunds?: boolean;
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: 'placed', to: 'accepted', label: 'Accept', needs: 'readyInMinutes' },
  { from: 'placed', to: 'rejected', label: 'Reject', needs: 'reason', refunds: true },
  { from: 'accepted', to: 'preparing', label: 'Start preparing' },
  { from: 'accepted', to: 'cancelled', label: 'Cancel', needs: 'reason', refunds: true },
  { from: 'preparing', to: 'ready', label: 'Mark ready' },
  { from: 'preparing', to: 'cancelled', label: 'Cancel', needs: 'reason', refunds: true },
  { from: 'ready', to: 'completed', label: 'Complete', onlyFor: ['table', 'pickup'] },
  { from: 'ready', to: 'out_for_delivery', label: 'Out for delivery', onlyFor: ['delivery'] },
  { from: 'ready', to: 'cancelled', label: 'Cancel', needs: 'reason', refunds: true },
  { from: 'out_for_delivery', to: 'completed', label: 'Delivered' },
];

/** The moves open to an order in `status` fulfilled by `fulfilment`. */
export function allowedTransitions(status: OrderStatus, fulfilment: FulfilmentType): OrderTransition[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === status && (!t.onlyFor || t.onlyFor.includes(fulfilment)));
}

export function findTransition(from: OrderStatus, to: OrderStatus, fulfilment: FulfilmentType): OrderTransition | undefined {
  return allowedTransitions(from, fulfilment).find((t) => t.to === to);
}

/** Statuses after which nothing moves any more. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['completed', 'rejected', 'cancelled'];

/** Words for a status, as customers and staff read them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  accepted: 'Accepted',
  preparing: 'Preparing',
  ready: 'Ready',
  out_for_delivery: 'Out for delivery',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const FULFILMENT_LABELS: Record<FulfilmentType, string> = {
  table: 'Eat here',
  pickup: 'Pickup',
  delivery: 'Delivery',
};

/** Staff give a ready-in time when they accept: 5 to 120 minutes. */
export const READY_IN_MIN = 5;
export const READY_IN_MAX = 120;
/** Pickup times are offered in steps of this many minutes. */
export const PICKUP_STEP_MINUTES = 15;
export const NOTE_MAX = 500;
export const REASON_MAX = 300;
/** The first order's number; each next one counts up. */
export const FIRST_ORDER_NUMBER = 1001;
/** The board marks an order not yet accepted after this many minutes amber, then red. */
export const LATE_AMBER_MINUTES = 5;
export const LATE_RED_MINUTES = 10;

/**
 * The live stream, GET /api/orders/events (Server-Sent Events). `order` frames carry an Order as
 * GET /api/orders/:id answers it; a `resync` frame (after a long absence) says: reload the list,
 * then go on with this stream. Resume with the Last-Event-ID header, or `?lastEventId=` on the
 * first connection (EventSource cannot set headers).
 */
export const ORDER_STREAM_EVENTS = { order: 'order', resync: 'resync' } as const;
/** The browser waits this long before reconnecting a dropped stream (the stream's `retry:`). */
export const ORDER_STREAM_RETRY_MS = 3000;
/** At most this many orders are replayed on a reconnection; beyond, a `resync` frame. */
export const ORDER_STREAM_REPLAY_LIMIT = 500;
