/**
 * The one route table (decision 0016): links, the router (src/web/app/router.tsx) and the
 * server's 200-or-404 and page hints all derive from it, so a new page is one line here.
 */
export interface AppRoute {
  readonly pattern: string;
  /** Under src/web, exporting `Page`. */
  readonly page: string;
  /** `public` pages are rendered by the server; `dashboard` ones are for signed-in users. */
  readonly layout: 'public' | 'dashboard' | 'none';
  readonly adminOnly?: boolean;
  /** Its first screen depends on the query (a mailed token), which the server's one drawing per path can't know. */
  readonly browserOnly?: boolean;
}

export const APP_ROUTES = {
  home: { pattern: '/', page: 'storefront/pages/home-page.tsx', layout: 'public' },
  about: { pattern: '/about', page: 'storefront/pages/about-page.tsx', layout: 'public' },
  detailAbout: { pattern: '/detail_about', page: 'storefront/pages/detail-about-page.tsx', layout: 'public' },
  review: { pattern: '/review', page: 'storefront/pages/review-page.tsx', layout: 'public' },
  items: { pattern: '/items', page: 'storefront/pages/items-page.tsx', layout: 'public' },
  /** The menu with its category tabs; the path keeps the word "order" that visitors know. */
  menu: { pattern: '/order/:category?', page: 'menu/pages/menu-page.tsx', layout: 'public' },
  dish: { pattern: '/item/:id', page: 'menu/pages/dish-page.tsx', layout: 'public' },
  playStore: { pattern: '/play-store', page: 'storefront/pages/play-store-page.tsx', layout: 'public' },
  login: { pattern: '/login', page: 'auth/pages/login-page.tsx', layout: 'public' },
  signUp: { pattern: '/signUp', page: 'auth/pages/sign-up-page.tsx', layout: 'public' },
  forgotPassword: { pattern: '/forgot-password', page: 'auth/pages/forgot-password-page.tsx', layout: 'public', browserOnly: true },
  resetPassword: { pattern: '/reset-password', page: 'auth/pages/reset-password-page.tsx', layout: 'public', browserOnly: true },
  verifyEmail: { pattern: '/verify-email', page: 'account/pages/verify-email-page.tsx', layout: 'public', browserOnly: true },
  confirmEmail: { pattern: '/confirm-email', page: 'account/pages/confirm-email-page.tsx', layout: 'public', browserOnly: true },
  socialDone: { pattern: '/auth/social-done', page: 'auth/pages/social-done-page.tsx', layout: 'none' },
  dashboard: { pattern: '/dashboard', page: 'dashboard/pages/dashboard-index-page.tsx', layout: 'dashboard' },
  userHome: { pattern: '/dashboard/userHome', page: 'dashboard/pages/user-home-page.tsx', layout: 'dashboard' },
  adminHome: { pattern: '/dashboard/adminHome', page: 'stats/pages/admin-home-page.tsx', layout: 'dashboard', adminOnly: true },
  myCart: { pattern: '/dashboard/my/cart', page: 'cart/pages/cart-page.tsx', layout: 'dashboard' },
  payment: { pattern: '/dashboard/payment', page: 'payments/pages/payment-page.tsx', layout: 'dashboard' },
  allUsers: { pattern: '/dashboard/all/users', page: 'users/pages/manage-users-page.tsx', layout: 'dashboard', adminOnly: true },
  addItem: { pattern: '/dashboard/add/item', page: 'menu/admin/pages/add-item-page.tsx', layout: 'dashboard', adminOnly: true },
  manageItems: { pattern: '/dashboard/manage/item', page: 'menu/admin/pages/manage-items-page.tsx', layout: 'dashboard', adminOnly: true },
  manageReviews: { pattern: '/dashboard/manage/reviews', page: 'reviews/pages/manage-reviews-page.tsx', layout: 'dashboard', adminOnly: true },
  updateItem: { pattern: '/dashboard/update/item/:id', page: 'menu/admin/pages/update-item-page.tsx', layout: 'dashboard', adminOnly: true },
  /** The staff's live order board (the page checks the staff role itself). */
  orderBoard: { pattern: '/dashboard/orders', page: 'orders/pages/order-board-page.tsx', layout: 'dashboard' },
  /** A kitchen ticket prints without the dashboard's frame. */
  orderTicket: { pattern: '/dashboard/orders/ticket/:id', page: 'orders/pages/order-ticket-page.tsx', layout: 'none' },
  myOrders: { pattern: '/dashboard/my/orders', page: 'orders/pages/my-orders-page.tsx', layout: 'dashboard' },
  myOrder: { pattern: '/dashboard/my/orders/:id', page: 'orders/pages/my-order-page.tsx', layout: 'dashboard' },
  profile: { pattern: '/dashboard/profile', page: 'account/pages/profile-page.tsx', layout: 'dashboard' },
  promotions: { pattern: '/dashboard/promotions', page: 'promotions/pages/promotions-page.tsx', layout: 'dashboard', adminOnly: true },
  settings: { pattern: '/dashboard/settings', page: 'settings/pages/settings-page.tsx', layout: 'dashboard', adminOnly: true },
  /** The sheet of the tables' QR codes, to print on A4 without the dashboard's frame. */
  tableCodes: { pattern: '/dashboard/settings/table-codes', page: 'settings/pages/table-codes-page.tsx', layout: 'none', adminOnly: true },
  /** A table's QR code opens this: the menu, ordering to that table (src/shared/tables.ts). */
  tableLink: { pattern: '/t/:token', page: 'tables/pages/table-link-page.tsx', layout: 'public', browserOnly: true },
  /** A guest's order through its signed link, shown after paying and in the receipt mail (decision 0047). */
  guestOrder: { pattern: '/o/:token', page: 'orders/pages/guest-order-page.tsx', layout: 'public', browserOnly: true },
} as const satisfies Record<string, AppRoute>;

export type RouteName = keyof typeof APP_ROUTES;
export const ROUTE_NAMES = Object.keys(APP_ROUTES) as RouteName[];

type PathTo<Pattern extends string> = Pattern extends `${string}:${string}?`
  ? (param?: string) => string
  : Pattern extends `${string}:${string}`
    ? (param: string) => string
    : Pattern;

/** A parameter is the last segment of its pattern, and a pattern has one at most. */
const LAST_PARAMETER = /\/:[^/]+$/;

function pathTo(pattern: string): string | ((param?: string) => string) {
  const parameter = LAST_PARAMETER.exec(pattern);
  if (pattern.slice(0, parameter?.index).includes(':')) throw new Error(`${pattern}: only the last segment may be a parameter`);
  if (!parameter) return pattern;
  const base = pattern.slice(0, parameter.index);
  return (param) => (param ? `${base}/${encodeURIComponent(param)}` : base);
}

export const paths = Object.fromEntries(ROUTE_NAMES.map((name) => [name, pathTo(APP_ROUTES[name].pattern)])) as {
  readonly [Name in RouteName]: PathTo<(typeof APP_ROUTES)[Name]['pattern']>;
};

export function matchesRoute(pattern: string, pathname: string): boolean {
  const parts = pathname.replace(/\/+$/, '').split('/');
  const patternParts = pattern.replace(/\/+$/, '').split('/');
  if (patternParts.at(-1)?.endsWith('?') && parts.length === patternParts.length - 1) patternParts.pop();
  if (patternParts.length !== parts.length) return false;
  return patternParts.every((p, i) => (p.startsWith(':') ? parts[i] !== '' : p === parts[i]));
}

export function routeOf(pathname: string): AppRoute | undefined {
  return Object.values(APP_ROUTES).find((route) => matchesRoute(route.pattern, pathname));
}

export function isAppRoute(pathname: string): boolean {
  return routeOf(pathname) !== undefined;
}

/** The page of an address no route has (under src/web, as a route's `page`): the public frame's. */
export const NOT_FOUND_PAGE = 'storefront/pages/not-found-page.tsx';
