// Zod-free so the menu page's tabs don't pull zod into the first load; src/shared/categories.ts
// adds the schema.

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

/** One label per category for the tabs and both admin forms, so they can't disagree (docs/product.md §14). */
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
