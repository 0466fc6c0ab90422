/**
 * Dietary tags and the EU's 14 allergens (Regulation (EU) No 1169/2011, Annex II), one list for
 * server and web; Zod-free so the public pages needn't load the schema library. Icons are short
 * badge codes as on printed menus ("VG"): no picture or emoji font, the same on every device.
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
  /** Always shown beside the icon, and what screen readers read. */
  label: string;
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

/** The regulation's words, shortened where diners know them better so. */
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

/** Canonical order and no repeats, so storage and answers don't depend on input order. */
export function inListOrder<T extends string>(list: readonly T[], chosen: readonly T[]): T[] {
  const set = new Set(chosen);
  return list.filter((value) => set.has(value));
}

/** A comma-joined text column works the same on both databases. */
export function labelsToColumn(values: readonly string[]): string {
  return values.join(',');
}

/** Keys this version doesn't know are dropped. */
export function labelsFromColumn<T extends string>(column: string, known: (value: string) => value is T): T[] {
  return column ? column.split(',').filter(known) : [];
}

/** Every chosen tag and none of the excluded allergens; shared so the page and `GET /api/items?q=` agree. */
export function passesFilters(
  dish: { tags?: readonly DishTag[]; allergens?: readonly Allergen[] },
  filters: { tags?: readonly DishTag[]; without?: readonly Allergen[] },
): boolean {
  const tags = dish.tags ?? [];
  const allergens = dish.allergens ?? [];
  return (filters.tags ?? []).every((tag) => tags.includes(tag)) && !(filters.without ?? []).some((a) => allergens.includes(a));
}
