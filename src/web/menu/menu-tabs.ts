import { CATEGORIES, CATEGORY_LABELS, type Category } from '../../shared/category-list.ts';
import type { MessageId } from '../../shared/i18n/catalogue.ts';

/** 'favourites' is the signed-in customer's saved dishes (favourites/, docs/product.md §21). */
export type MenuTabKey = Category | 'all' | 'favourites';

/**
 * The spec's own tab keys, in its order (docs/product.md §14): they open their tabs too, so an
 * address written from the spec (/order/rawSpecial) works as well as the category's value.
 */
const SPEC_TAB_KEYS: Record<MenuTabKey, string> = {
  offered: 'offered',
  'raw-special': 'rawSpecial',
  spicy: 'spicy',
  dessert: 'dessert',
  foodbread: 'foodbread',
  grilled: 'grilled',
  pickles: 'pickles',
  honey: 'honey',
  fruits: 'fruits',
  juice: 'juice',
  all: 'all',
  // Not a tab of the spec: the shop's own key.
  favourites: 'favourites',
};

/**
 * Keys are the category values, which items and links use, so every 'More Items' link opens its
 * tab (docs/product.md §14); the spec's own key (`specKey`, 'rawSpecial') opens it too. `label` is
 * the English name (the server's words); `labelId` the catalogue's, which the tab shows.
 */
export const MENU_TABS: readonly { key: MenuTabKey; specKey: string; label: string; labelId: MessageId }[] = [
  ...CATEGORIES.map((category) => ({ key: category, specKey: SPEC_TAB_KEYS[category], label: CATEGORY_LABELS[category], labelId: `menu.tab.${category}` as const })),
  { key: 'all', specKey: SPEC_TAB_KEYS.all, label: 'All Items', labelId: 'menu.tab.all' },
  { key: 'favourites', specKey: SPEC_TAB_KEYS.favourites, label: 'Favourites', labelId: 'menu.tab.favourites' },
];

/** The tab a route's category opens: its own (by category value or the spec's key), or 'All Items' when it names no tab. */
export function initialMenuTab(category: string | undefined): MenuTabKey {
  return MENU_TABS.find((tab) => tab.key === category || tab.specKey === category)?.key ?? 'all';
}
