import MiniSearch from 'minisearch';
import { CATEGORY_LABELS } from '../../shared/category-list.ts';
import { DISH_TAG_LABELS, passesFilters } from '../../shared/dish-labels.ts';
import type { MenuItem } from '../../shared/menu.ts';
import { SEARCH_RESULTS_MAX, type MenuFilters } from '../../shared/menu-search.ts';

interface SearchDocument {
  id: number;
  name: string;
  recipe: string;
  labels: string;
  category: string;
}

/**
 * The menu's full-text index: names, descriptions (the recipe), tags and categories, each word
 * forgiving a small typo (one wrong letter in a short word, two in a long one) and matching as a
 * prefix while the customer is still typing. Built once per menu snapshot, on its first search:
 * about 0.3 s for 10,000 dishes, then a search takes a few milliseconds (docs/performance.md).
 * MiniSearch is a small, well-kept library (no dependencies) that does exactly this.
 */
export class MenuSearch {
  private readonly items: readonly MenuItem[];
  private readonly index: MiniSearch<SearchDocument>;

  /**
   * `english`: the same dishes in English, in the same order, when `items` are another language's:
   * each is found by its words in either ("Gurke" and "cucumber"), and answered in `items`' language.
   */
  constructor(items: readonly MenuItem[], english?: readonly MenuItem[]) {
    this.items = items;
    this.index = new MiniSearch<SearchDocument>({
      fields: ['name', 'recipe', 'labels', 'category'],
      searchOptions: {
        // A name that matches counts most, then the dish's labels and category, then its recipe.
        boost: { name: 3, labels: 2, category: 2 },
        // Every word typed must match (a typo forgiven): "vegan salad" is not every vegan dish.
        combineWith: 'AND',
        prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2,
        fuzzy: (term) => (term.length < 4 ? 0 : term.length < 6 ? 1 : 2),
        maxFuzzy: 2,
      },
    });
    this.index.addAll(
      items.map((item, id) => ({
        id,
        name: alsoEnglish(item.name, english?.[id]?.name),
        recipe: alsoEnglish(item.recipe, english?.[id]?.recipe),
        // The words a customer types for a tag: "vegan", "gluten-free" ("gluten free"), "spicy".
        labels: (item.tags ?? []).map((tag) => `${tag} ${DISH_TAG_LABELS[tag].label}`).join(' '),
        category: `${item.category} ${CATEGORY_LABELS[item.category]}`,
      })),
    );
  }

  /** The dishes that match, best first, that pass the filters; at most SEARCH_RESULTS_MAX. */
  search(query: string, filters: MenuFilters): MenuItem[] {
    const found: MenuItem[] = [];
    for (const result of this.index.search(query)) {
      const item = this.items[result.id as number]!;
      if (passesFilters(item, filters)) found.push(item);
      if (found.length === SEARCH_RESULTS_MAX) break;
    }
    return found;
  }
}

/** A translated text with its English one after it, once: an untranslated dish's words count once. */
function alsoEnglish(text: string, english: string | undefined): string {
  return english === undefined || english === text ? text : `${text} ${english}`;
}
