import type { Category } from '../../shared/categories.ts';
import type { MenuItem } from '../../shared/menu.ts';

/** The items of one category, in the menu's order; `limit` keeps the first few. */
export function itemsOfCategory(items: readonly MenuItem[], category: Category, limit?: number): MenuItem[] {
  const found = items.filter((item) => item.category === category);
  return limit === undefined ? found : found.slice(0, limit);
}
