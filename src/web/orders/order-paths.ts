/**
 * The order pages' routes. They belong in src/shared/paths.ts (with APP_ROUTE_PATTERNS, so the
 * server answers them with 200 rather than the app's page under a 404 status); they live here until
 * that file takes them.
 */
export const orderPaths = {
  board: '/dashboard/orders',
  ticket: (id: string) => `/dashboard/orders/${encodeURIComponent(id)}/ticket`,
  myOrders: '/dashboard/my/orders',
  myOrder: (id: string) => `/dashboard/my/orders/${encodeURIComponent(id)}`,
} as const;

/** The same routes as React Router patterns. */
export const ORDER_ROUTE_PATTERNS = {
  board: '/dashboard/orders',
  ticket: '/dashboard/orders/:id/ticket',
  myOrders: '/dashboard/my/orders',
  myOrder: '/dashboard/my/orders/:id',
} as const;
