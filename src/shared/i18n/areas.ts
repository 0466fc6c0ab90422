import type { Messages } from '@lingui/core';

/**
 * The catalogues are cut by area so a page's first load carries only its own words
 * (docs/i18n.md): `common` is the frame every page has, each other area one group of pages. A
 * message's area is its id's first segment, so one catalogue file per language stays the rule.
 */
export const MESSAGE_AREAS = {
  /**
   * The header, the footer, the cart bar and the hearts' toasts, drawn on every page; the not-found
   * page's, which the dish page shows too; the app's banners (offline, a new version), the
   * opening hours' strip, and the dashboard's banner asking to confirm the e-mail; the shared
   * ui's (toasts, loading, a failed load's retry).
   */
  common: ['language', 'nav', 'plates', 'price', 'footer', 'cartBar', 'favourites', 'notFound', 'verifyEmail', 'appBanner', 'openNow', 'ui'],
  /** The home, about, reviews, items and app pages, and the sentences of the restaurant's settings. */
  storefront: ['home', 'about', 'detailAbout', 'items', 'reviews', 'app', 'facts'],
  /** The menu, its dish cards and search, the dish page and the cart page; a table link's guest form on the menu. */
  menu: ['menu', 'dish', 'cart', 'tableGuest'],
  /** Log-in, sign-up, the password and e-mail pages, and the customer's profile. */
  account: ['auth', 'account', 'profile'],
  /** The payment page: its fulfilment step (checkout), the promo code, the tip, the card forms and the receipt. */
  payment: ['payment', 'checkout'],
  /** The dish options' dialog, which the frame opens from any page: loaded with its chunk (LAZY_PART_AREAS). */
  options: ['dishOptions'],
  /** The dashboard's frame (loaded with it, app/router.tsx), the homes and the owner's pages. */
  dashboard: ['dashboard', 'stats', 'settings', 'promotions', 'admin', 'users'],
  /** An order as its customer reads it (my orders, an order, a guest's link), and its words the staff's pages share. */
  orders: ['order'],
  /** The staff's order board and the printable ticket: apart, so a guest's order page does not carry them. */
  board: ['board', 'ticket'],
} as const satisfies Record<string, readonly string[]>;

export type MessageArea = keyof typeof MESSAGE_AREAS;
export const AREA_NAMES = Object.keys(MESSAGE_AREAS) as MessageArea[];

const AREA_OF_PREFIX = new Map<string, MessageArea>(AREA_NAMES.flatMap((area) => MESSAGE_AREAS[area].map((prefix): [string, MessageArea] => [prefix, area])));

/** The area of a message id ("menu.search.label" is the menu's); undefined for a prefix no area names. */
export function areaOfMessage(id: string): MessageArea | undefined {
  return AREA_OF_PREFIX.get(id.split('.', 1)[0]!);
}

/** The messages of one area, out of a whole catalogue. */
export function messagesOfArea<T extends Record<string, unknown> | Messages>(messages: T, area: MessageArea): T {
  return Object.fromEntries(Object.entries(messages).filter(([id]) => areaOfMessage(id) === area)) as T;
}

/**
 * The areas a page needs besides `common`, by the folder of its module under src/web (the route
 * table's `page`): its own group's, and the menu's where it shows dish rows (the item list).
 */
const AREAS_OF_FOLDER: Readonly<Record<string, readonly MessageArea[]>> = {
  storefront: ['storefront'],
  menu: ['menu'],
  cart: ['menu'],
  tables: ['menu'],
  auth: ['account'],
  account: ['account'],
  // The payment page shows the cart's price-change notice (the menu area's `cart.` words).
  payments: ['payment', 'menu'],
  dashboard: ['dashboard'],
  stats: ['dashboard'],
  settings: ['dashboard'],
  promotions: ['dashboard'],
  users: ['dashboard'],
  orders: ['orders'],
};
const AREAS_OF_PAGE: Readonly<Record<string, readonly MessageArea[]>> = {
  'storefront/pages/items-page.tsx': ['storefront', 'menu'],
  'menu/admin/pages/add-item-page.tsx': ['dashboard'],
  'menu/admin/pages/manage-items-page.tsx': ['dashboard', 'menu'],
  'menu/admin/pages/update-item-page.tsx': ['dashboard'],
  'reviews/pages/manage-reviews-page.tsx': ['dashboard'],
  // The categories' tax rates are named by the menu's tabs.
  'settings/pages/settings-page.tsx': ['dashboard', 'menu'],
  'orders/pages/order-board-page.tsx': ['orders', 'board'],
  'orders/pages/order-ticket-page.tsx': ['orders', 'board'],
};

/**
 * Parts of the frame it loads only when used (an `import()`), by module under src/web: their
 * words load with their chunk (loadPageAreas), not in every page's first load.
 */
export const LAZY_PART_AREAS: Readonly<Record<string, readonly MessageArea[]>> = {
  'menu/options/dish-options-dialog.tsx': ['options'],
};
/** The areas the dashboard's frame (dashboard/dashboard-layout.tsx) loads with its chunk, whatever its page. */
export const DASHBOARD_FRAME_AREAS: readonly MessageArea[] = ['dashboard'];

export function areasOfPage(page: string): readonly MessageArea[] {
  return AREAS_OF_PAGE[page] ?? AREAS_OF_FOLDER[page.split('/', 1)[0]!] ?? [];
}
