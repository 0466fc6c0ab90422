/**
 * Every route of the web app, built in one place. The server uses `APP_ROUTE_PATTERNS` to
 * answer the app's own routes with index.html (200) and everything else with the 404 page.
 */
export const paths = {
  home: '/',
  about: '/about',
  detailAbout: '/detail_about',
  review: '/review',
  items: '/items',
  order: (category?: string) => (category ? `/order/${category}` : '/order'),
  login: '/login',
  signUp: '/signUp',
  playStore: '/play-store',
  /** The last page of the social sign-in popup. */
  socialDone: '/auth/social-done',
  dashboard: {
    root: '/dashboard',
    userHome: '/dashboard/userHome',
    adminHome: '/dashboard/adminHome',
    myCart: '/dashboard/my/cart',
    payment: '/dashboard/payment',
    allUsers: '/dashboard/all/users',
    addItem: '/dashboard/add/item',
    manageItems: '/dashboard/manage/item',
    updateItem: (id: string) => `/dashboard/update/item/${id}`,
    /** The order board (staff and administrators) and an order's kitchen ticket. */
    orders: '/dashboard/orders',
    orderTicket: (id: string) => `/dashboard/orders/${encodeURIComponent(id)}/ticket`,
    /** The customer's own orders, and one of them. */
    myOrders: '/dashboard/my/orders',
    myOrder: (id: string) => `/dashboard/my/orders/${encodeURIComponent(id)}`,
  },
} as const;

/** Path patterns of the web app's routes (":param" matches one segment). */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/about',
  '/detail_about',
  '/review',
  '/items',
  '/order',
  '/order/:category',
  '/login',
  '/signUp',
  '/play-store',
  '/auth/social-done',
  '/dashboard',
  '/dashboard/userHome',
  '/dashboard/adminHome',
  '/dashboard/my/cart',
  '/dashboard/payment',
  '/dashboard/all/users',
  '/dashboard/add/item',
  '/dashboard/manage/item',
  '/dashboard/update/item/:id',
  '/dashboard/orders',
  '/dashboard/orders/:id/ticket',
  '/dashboard/my/orders',
  '/dashboard/my/orders/:id',
] as const;

export function isAppRoute(pathname: string): boolean {
  const parts = pathname.replace(/\/+$/, '').split('/');
  return APP_ROUTE_PATTERNS.some((pattern) => {
    const patternParts = pattern.replace(/\/+$/, '').split('/');
    if (patternParts.length !== parts.length) return false;
    return patternParts.every((p, i) => p.startsWith(':') ? parts[i] !== '' : p === parts[i]);
  });
}
