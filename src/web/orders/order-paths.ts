import { paths } from '../../shared/paths.ts';

/**
 * The order pages' routes (src/shared/paths.ts lists their patterns, so the server answers them
 * with 200; the order mails link to a customer's order from there).
 */
export const orderPaths = {
  board: '/dashboard/orders',
  ticket: (id: string) => `/dashboard/orders/${encodeURIComponent(id)}/ticket`,
  myOrders: '/dashboard/my/orders',
  myOrder: paths.dashboard.myOrder,
} as const;

/** The same routes as React Router patterns. */
export const ORDER_ROUTE_PATTERNS = {
  board: '/dashboard/orders',
  ticket: '/dashboard/orders/:id/ticket',
  myOrders: '/dashboard/my/orders',
  myOrder: '/dashboard/my/orders/:id',
} as const;
