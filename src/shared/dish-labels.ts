/**
 * The labels of a dish (docs/product.md §18): its dietary tags and the EU's 14 allergens
 * (Regulation (EU) No 1169/2011, Annex II), each with its words and its icon. One list, read by
 * the server's schema, the admin form, the cards, the dish page and the menu's filters.
 * Without Zod, so the public pages that draw the labels do not download the schema library.
 *
 * The icon is a short code drawn in a badge, as printed menus mark their dishes ("VG", "GF"): it
 * needs no picture or emoji font, reads the same on every device, and the words always go beside it.
 */

export const DISH_TAGS = ['vegan', 'vegetarian', 'gluten-free', 'dairy-free', 'nut-free', 'spicy'] as const;
export type DishTag = (typeof DISH_TAGS)[number];

export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export interface DishLabel {
  /** The words shown beside the icon and read by screen readers. */
  label: string;
  /** The badge's code. */
  icon: string;
}

export const DISH_TAG_LABELS: Record<DishTag, DishLabel> = {
  vegan: { label: 'Vegan', icon: 'VG' },
  vegetarian: { label: 'Vegetarian', icon: 'V' },
  'gluten-free': { label: 'Gluten-free', icon: 'GF' },
  'dairy-free': { label: 'Dairy-free', icon: 'DF' },
  'nut-free': { label: 'Nut-free', icon: 'NF' },
  spicy: { label: 'Spicy', icon: 'HOT' },
};

/** The words are the regulation's, shortened where a diner knows them better so. */
export const ALLERGEN_LABELS: Record<Allergen, DishLabel> = {
  gluten: { label: 'Cereals with gluten', icon: 'Gl' },
  crustaceans: { label: 'Crustaceans', icon: 'Cr' },
  eggs: { label: 'Eggs', icon: 'Eg' },
  fish: { label: 'Fish', icon: 'Fi' },
  peanuts: { label: 'Peanuts', icon: 'Pe' },
  soybeans: { label: 'Soybeans', icon: 'So' },
  milk: { label: 'Milk', icon: 'Mi' },
  nuts: { label: 'Tree nuts', icon: 'Nu' },
  celery: { label: 'Celery', icon: 'Ce' },
  mustard: { label: 'Mustard', icon: 'Mu' },
  sesame: { label: 'Sesame', icon: 'Se' },
  sulphites: { label: 'Sulphites', icon: 'Su' },
  lupin: { label: 'Lupin', icon: 'Lu' },
  molluscs: { label: 'Molluscs', icon: 'Mo' },
};

export function isDishTag(value: string): value is DishTag {
  return (DISH_TAGS as readonly string[]).includes(value);
}

export function isAllergen(value: string): value is Allergen {
  return (ALLERGENS as readonly string[]).includes(value);
}

/** Labels in the list's order, each once: how they are stored and answered, whatever order they came in. */
export function inListOrder<T extends string>(list: readonly T[], chosen: readonly T[]): T[] {
  const set = new Set(chosen);
  return list.filter((value) => set.has(value));
}

/** Stored as the keys joined by commas ('' for none): a short text column on both databases. */
export function labelsToColumn(values: readonly string[]): string {
  return values.join(',');
}

/** The stored column back to known keys (a key this version does not know is left out). */
export function labelsFromColumn<T extends string>(column: string, known: (value: string) => value is T): T[] {
  return column ? column.split(',').filter(known) : [];
}

/**
 * Whether a dish passes the menu's filters: it carries every chosen tag and none of the chosen
 * allergens. The order page filters with it; `GET /api/items?q=` takes the same filters.
 */
export function passesFilters(
  dish: { tags?: readonly DishTag[]; allergens?: readonly Allergen[] },
  filters: { tags?: readonly DishTag[]; without?: readonly Allergen[] },
): boolean {
  const tags = dish.tags ?? [];
  const allergens = dish.allergens ?? [];
  return (filters.tags ?? []).every((tag) => tags.includes(tag)) && !(filters.without ?? []).some((a) => allergens.includes(a));
}
