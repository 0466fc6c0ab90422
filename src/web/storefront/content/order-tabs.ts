import { CATEGORIES, CATEGORY_LABELS, type Category } from '../../../shared/category-list.ts';

export type OrderTabKey = Category | 'all';

/**
 * The order page's 11 tabs in the spec's order. The spec keyed them 'rawSpecial', 'foodbread'…
 * while items and links say 'raw-special': DESIGN.md section 5 makes the keys the category
 * values, so every 'More Items' link opens its own tab.
 */
export const ORDER_TABS: readonly { key: OrderTabKey; label: string }[] = [
  ...CATEGORIES.map((category) => ({ key: category, label: CATEGORY_LABELS[category] })),
  { key: 'all', label: 'All Items' },
];

/** The tab a route's category opens: its own, or 'All Items' when it names no tab. */
export function initialOrderTab(category: string | undefined): OrderTabKey {
  return ORDER_TABS.find((tab) => tab.key === category)?.key ?? 'all';
}
