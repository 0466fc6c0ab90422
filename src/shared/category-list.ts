// The category list without zod: a page that needs only the list and its labels (the menu
// page's tabs) must not pull zod's ~24 KB gzipped into its first load (docs/product.md §15).
// src/shared/categories.ts adds the schema and re-exports this.

/** The ten menu categories of the spec, as stored on each item. */
export const CATEGORIES = [
  'offered',
  'raw-special',
  'spicy',
  'dessert',
  'foodbread',
  'grilled',
  'pickles',
  'honey',
  'fruits',
  'juice',
] as const;

export type Category = (typeof CATEGORIES)[number];

/**
 * One label per category, used by the menu page's tabs and by the admin forms. The spec's
 * add and edit forms offered different, partly duplicated choices; docs/product.md §14
 * fixes that: both forms offer these ten, labelled once.
 */
export const CATEGORY_LABELS: Record<Category, string> = {
  offered: "Today's offer",
  'raw-special': 'Raw Special',
  spicy: 'Spicy',
  dessert: 'Dessert',
  foodbread: 'R.S Bread',
  grilled: 'grilled',
  pickles: 'Pickles Mix',
  honey: 'With Honey',
  fruits: 'Raw Fruits',
  juice: 'Juice',
};

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}
