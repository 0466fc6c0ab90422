import { ALLERGENS, DISH_TAGS, isAllergen, isDishTag, type Allergen, type DishTag } from './dish-labels.ts';

/**
 * The menu's search (docs/product.md §18): `GET /api/items?q=` with optional `tags=` and
 * `without=` (comma-separated keys). The order page asks the server as the customer types, so
 * one matcher answers both (src/server/menu/menu-search.ts).
 */
export const SEARCH_QUERY_MAX = 100;
/** The most dishes one search answers, best first: a customer reads the first few screens. */
export const SEARCH_RESULTS_MAX = 60;

export interface MenuFilters {
  tags: DishTag[];
  without: Allergen[];
}

export const NO_FILTERS: MenuFilters = { tags: [], without: [] };

/** The filters as a query string's values ('' when none). */
export function filtersToQuery({ tags, without }: MenuFilters): string {
  const params = new URLSearchParams();
  if (tags.length > 0) params.set('tags', tags.join(','));
  if (without.length > 0) params.set('without', without.join(','));
  return params.toString();
}

/** A query's `tags` / `without` value to keys, or the first unknown key as an error. */
export function parseLabelList<T extends string>(
  value: string | undefined,
  known: (value: string) => value is T,
): { keys: T[] } | { unknown: string } {
  if (!value) return { keys: [] };
  const keys: T[] = [];
  for (const key of value.split(',')) {
    if (!known(key)) return { unknown: key };
    if (!keys.includes(key)) keys.push(key);
  }
  return { keys };
}

export const parseTags = (value: string | undefined) => parseLabelList(value, isDishTag);
export const parseWithout = (value: string | undefined) => parseLabelList(value, isAllergen);
export const KNOWN_LABELS = { tags: DISH_TAGS, without: ALLERGENS };
