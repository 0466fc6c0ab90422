/**
 * The order workflow in one table: the server checks each move against it inside the moving
 * transaction (`… AND status = ?`, zero rows is a 409), and the web app draws only the buttons it
 * allows. Zod-free, so the board and the customer's pages needn't load the schema library.
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
  label: string;
  onlyFor?: readonly FulfilmentType[];
  needs?: 'readyInMinutes' | 'reason';
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

export function allowedTransitions(status: OrderStatus, fulfilment: FulfilmentType): OrderTransition[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === status && (!t.onlyFor || t.onlyFor.includes(fulfilment)));
}

export function findTransition(from: OrderStatus, to: OrderStatus, fulfilment: FulfilmentType): OrderTransition | undefined {
  return allowedTransitions(from, fulfilment).find((t) => t.to === to);
}

export const FINAL_STATUSES: readonly OrderStatus[] = ['completed', 'rejected', 'cancelled'];

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

export const READY_IN_MIN = 5;
export const READY_IN_MAX = 120;
export const PICKUP_STEP_MINUTES = 15;
export const NOTE_MAX = 500;
export const REASON_MAX = 300;
export const FIRST_ORDER_NUMBER = 1001;
/** Minutes unaccepted before the board marks an order amber, then red. */
export const LATE_AMBER_MINUTES = 5;
export const LATE_RED_MINUTES = 10;

/**
 * `resync` (after a long absence) means: reload the list, then keep this stream. `reconnect`: the
 * server ends this stream on purpose (its lifetime is up); connect again at once, it is no failure.
 * A first connection resumes with `?lastEventId=`, since EventSource cannot set headers.
 */
export const ORDER_STREAM_EVENTS = { order: 'order', resync: 'resync', reconnect: 'reconnect' } as const;
/** Sent as the stream's `retry:`. */
export const ORDER_STREAM_RETRY_MS = 3000;
/** Beyond this many missed orders a reconnection gets `resync` instead of a replay. */
export const ORDER_STREAM_REPLAY_LIMIT = 500;
