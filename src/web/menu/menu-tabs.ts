import { CATEGORIES, CATEGORY_LABELS, type Category } from '../../shared/category-list.ts';

/** 'favourites' is the signed-in customer's saved dishes (favourites/, docs/product.md §18). */
export type MenuTabKey = Category | 'all' | 'favourites';

/**
 * The menu page's 11 tabs in the spec's order. The spec keyed them 'rawSpecial', 'foodbread'…
 * while items and links say 'raw-special': docs/product.md §14 makes the keys the category
 * values, so every 'More Items' link opens its own tab.
 */
export const MENU_TABS: readonly { key: MenuTabKey; label: string }[] = [
  ...CATEGORIES.map((category) => ({ key: category, label: CATEGORY_LABELS[category] })),
  { key: 'all', label: 'All Items' },
  { key: 'favourites', label: 'Favourites' },
];

/** The tab a route's category opens: its own, or 'All Items' when it names no tab. */
export function initialMenuTab(category: string | undefined): MenuTabKey {
  return MENU_TABS.find((tab) => tab.key === category)?.key ?? 'all';
}
