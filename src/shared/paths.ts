/**
 * The web app's route table: every page once, with its path pattern, its page module and its
 * frame. Everything else comes from it: `paths` (the links), the server's answer to a page
 * request (`isAppRoute`: 200 with the app, else 404; the public pages' rendering and script
 * hints) and the router (src/web/app/router.tsx). A new page is one line here and its module.
 * docs/decisions/0016-import-zones-and-route-table.md; the routes themselves: docs/product.md §2.
 */
export interface AppRoute {
  /** React Router's pattern: ":name" is one segment, and a "?" after the last one makes it optional. */
  readonly pattern: string;
  /** The page's module under src/web (it exports `Page`): the router's lazy chunk, the server's hints. */
  readonly page: string;
  /**
   * The frame around the page: `public` has the header and footer, and the server renders these
   * pages; `dashboard` has the side menu and is for signed-in users; `none` is the page alone.
   */
  readonly layout: 'public' | 'dashboard' | 'none';
  /** For administrators only: anyone else goes to / (docs/product.md §6). */
  readonly adminOnly?: boolean;
  /**
   * A public page drawn in the browser only, not by the server: its first screen depends on the
   * address's query (a mailed link's token), which the server's one drawing per path cannot know.
   */
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
  /** One dish: its picture, description, prices, labels and Add to cart; an unknown or hidden id is a 404. */
  dish: { pattern: '/item/:id', page: 'menu/pages/dish-page.tsx', layout: 'public' },
  playStore: { pattern: '/play-store', page: 'storefront/pages/play-store-page.tsx', layout: 'public' },
  login: { pattern: '/login', page: 'auth/pages/login-page.tsx', layout: 'public' },
  signUp: { pattern: '/signUp', page: 'auth/pages/sign-up-page.tsx', layout: 'public' },
  /** Accounts: asking for a reset link, and the pages the mails' links open (with ?token=). */
  forgotPassword: { pattern: '/forgot-password', page: 'auth/pages/forgot-password-page.tsx', layout: 'public', browserOnly: true },
  resetPassword: { pattern: '/reset-password', page: 'auth/pages/reset-password-page.tsx', layout: 'public', browserOnly: true },
  verifyEmail: { pattern: '/verify-email', page: 'account/pages/verify-email-page.tsx', layout: 'public', browserOnly: true },
  confirmEmail: { pattern: '/confirm-email', page: 'account/pages/confirm-email-page.tsx', layout: 'public', browserOnly: true },
  /** The last page of the social sign-in popup. */
  socialDone: { pattern: '/auth/social-done', page: 'auth/pages/social-done-page.tsx', layout: 'none' },
  /** /dashboard itself opens the home of the caller's role. */
  dashboard: { pattern: '/dashboard', page: 'dashboard/pages/dashboard-index-page.tsx', layout: 'dashboard' },
  userHome: { pattern: '/dashboard/userHome', page: 'dashboard/pages/user-home-page.tsx', layout: 'dashboard' },
  adminHome: { pattern: '/dashboard/adminHome', page: 'stats/pages/admin-home-page.tsx', layout: 'dashboard', adminOnly: true },
  myCart: { pattern: '/dashboard/my/cart', page: 'cart/pages/cart-page.tsx', layout: 'dashboard' },
  payment: { pattern: '/dashboard/payment', page: 'payments/pages/payment-page.tsx', layout: 'dashboard' },
  allUsers: { pattern: '/dashboard/all/users', page: 'users/pages/manage-users-page.tsx', layout: 'dashboard', adminOnly: true },
  addItem: { pattern: '/dashboard/add/item', page: 'menu/admin/pages/add-item-page.tsx', layout: 'dashboard', adminOnly: true },
  manageItems: { pattern: '/dashboard/manage/item', page: 'menu/admin/pages/manage-items-page.tsx', layout: 'dashboard', adminOnly: true },
  updateItem: { pattern: '/dashboard/update/item/:id', page: 'menu/admin/pages/update-item-page.tsx', layout: 'dashboard', adminOnly: true },
  /** The staff's live order board (the page checks the staff role itself). */
  orderBoard: { pattern: '/dashboard/orders', page: 'orders/pages/order-board-page.tsx', layout: 'dashboard' },
  /** A kitchen ticket prints without the dashboard's frame. */
  orderTicket: { pattern: '/dashboard/orders/ticket/:id', page: 'orders/pages/order-ticket-page.tsx', layout: 'none' },
  myOrders: { pattern: '/dashboard/my/orders', page: 'orders/pages/my-orders-page.tsx', layout: 'dashboard' },
  myOrder: { pattern: '/dashboard/my/orders/:id', page: 'orders/pages/my-order-page.tsx', layout: 'dashboard' },
  profile: { pattern: '/dashboard/profile', page: 'account/pages/profile-page.tsx', layout: 'dashboard' },
  /** The restaurant's hours, pause, ways of fulfilment and delivery terms (docs/product.md §20). */
  settings: { pattern: '/dashboard/settings', page: 'settings/pages/settings-page.tsx', layout: 'dashboard', adminOnly: true },
} as const satisfies Record<string, AppRoute>;

export type RouteName = keyof typeof APP_ROUTES;
export const ROUTE_NAMES = Object.keys(APP_ROUTES) as RouteName[];

/** A route's link: the path itself, or a function of the one parameter (optional when the pattern says so). */
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

/** The links of the app: `paths.home`, `paths.menu('juice')`, `paths.updateItem(id)`. */
export const paths = Object.fromEntries(ROUTE_NAMES.map((name) => [name, pathTo(APP_ROUTES[name].pattern)])) as {
  readonly [Name in RouteName]: PathTo<(typeof APP_ROUTES)[Name]['pattern']>;
};

/** Whether `pathname` is one of `pattern` (a trailing slash is ignored). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const parts = pathname.replace(/\/+$/, '').split('/');
  const patternParts = pattern.replace(/\/+$/, '').split('/');
  if (patternParts.at(-1)?.endsWith('?') && parts.length === patternParts.length - 1) patternParts.pop();
  if (patternParts.length !== parts.length) return false;
  return patternParts.every((p, i) => (p.startsWith(':') ? parts[i] !== '' : p === parts[i]));
}

/** The route a path opens, if any. */
export function routeOf(pathname: string): AppRoute | undefined {
  return Object.values(APP_ROUTES).find((route) => matchesRoute(route.pattern, pathname));
}

/** Whether the app has a page at `pathname`: the server answers it with 200, any other path with 404. */
export function isAppRoute(pathname: string): boolean {
  return routeOf(pathname) !== undefined;
}
