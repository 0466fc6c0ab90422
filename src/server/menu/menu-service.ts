import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { groupsToApi, readOptionGroups } from '../../shared/dish-option-rules.ts';
import { centsToPrice } from '../../shared/money.ts';
import { menuItemSchema, type AdminMenuItem, type MenuItem } from '../../shared/menu.ts';
import { anyTranslated, readDishTranslations, translateItem, withTranslations } from '../../shared/dish-translations.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { CATEGORIES, type Category } from '../../shared/category-list.ts';
import { ALLERGENS, DISH_TAGS, inListOrder, isAllergen, isDishTag, labelsFromColumn } from '../../shared/dish-labels.ts';
import type { Database } from '../db/schema.ts';
import type { EventBus } from '../events/event-bus.ts';
import { RebuiltOnChange } from '../events/rebuilt-on-change.ts';
import { snapshotBytes, snapshotBytesNow, type SnapshotBytes } from '../http/snapshot-answer.ts';
import { findMenuItem, listMenuItems, type MenuItemRow } from './menu-repository.ts';
import { MenuSearch } from './menu-search.ts';

export function toMenuItem(row: MenuItemRow): MenuItem {
  const item: MenuItem = {
    _id: row.id,
    name: row.name,
    image: row.image,
    price: centsToPrice(row.price_cents),
    recipe: row.recipe,
    category: row.category as Category,
  };
  if (row.new_price_cents !== null) item.newPrice = centsToPrice(row.new_price_cents);
  // Left out when empty or off, so a dish without them answers exactly as the spec's item.
  const tags = inListOrder(DISH_TAGS, labelsFromColumn(row.tags, isDishTag));
  if (tags.length > 0) item.tags = tags;
  const allergens = inListOrder(ALLERGENS, labelsFromColumn(row.allergens, isAllergen));
  if (allergens.length > 0) item.allergens = allergens;
  if (row.sold_out) item.soldOut = true;
  if (row.hidden) item.hidden = true;
  if (row.tax_rate_id) item.taxRateId = row.tax_rate_id;
  const options = readOptionGroups(row.options);
  if (options.length > 0) item.options = groupsToApi(options);
  return item;
}

/** The administrator's reading of a stored dish: English, with its other languages beside (dish-translations.ts). */
export function toAdminItem(row: MenuItemRow): AdminMenuItem {
  return withTranslations(toMenuItem(row), readDishTranslations(row.translations));
}

/**
 * One answer of `GET /api/items` (the whole menu, a category, the first of each), built once per
 * menu change and always gzipped (a large menu's whole answer is 2.5 MB).
 */
export type MenuBytes = SnapshotBytes & { gzipped: Buffer };

/** How many search answers a menu version keeps, by URL (the most recent ones). */
const KEPT_SEARCH_ANSWERS = 500;

/** The whole menu (the spec's call), and each category's items for `?category=` alone. */
export interface MenuSnapshot extends MenuBytes {
  /**
   * A page that shows one category (a menu tab) need not download a large menu's other nine:
   * with 10,000 dishes the whole menu is 293 KB gzipped (docs/performance.md, growth figures).
   */
  categories: ReadonlyMap<Category, MenuBytes>;
  /**
   * The first `count` items of each category, in the menu's order (`?perCategory=`): what the item
   * list and the home page's offer show, four per category, without a large menu's thousands.
   * Built on first use, once per count.
   */
  firstOfEachCategory(count: number): Promise<MenuBytes>;
  /** The public menu's dishes (hidden ones are not in it), in the menu's order. */
  items: readonly MenuItem[];
  /**
   * Every dish, the hidden ones too (marked `hidden`), in English with the other languages' texts
   * beside: the administrator's list. Built on first use.
   */
  allItems(): Promise<MenuBytes>;
  /**
   * This menu in `language` (issue 44, point 4): the dishes' texts there, English where a dish has
   * none; the English snapshot itself for English and for a language no dish has a text in. Built on
   * first use, then answered at once (no promise), so the busy reads stay as quick as English's.
   */
  inLanguage(language: Language): MenuSnapshot | Promise<MenuSnapshot>;
  /** The public dish of this id, if any (the dish page). */
  dish(id: string): MenuItem | undefined;
  /** `GET /api/items/:id` of a public dish, built on its first request; undefined for any other id. */
  dishAnswer(id: string): SnapshotBytes | undefined;
  /** The search index of the public menu, built on the first search (src/server/menu/menu-search.ts). */
  search(): MenuSearch;
  /**
   * Search answers of this menu version by their request's URL, kept when the route has answered
   * one (so only URLs it accepted), the most recent KEPT_SEARCH_ANSWERS.
   */
  searchAnswers: Map<string, SnapshotBytes>;
}

/** The search's answers: a list of dishes as the route's schema serialises it. */
/** The whole menu's answer, or one category's. */
export const bytesOf = (snapshot: MenuSnapshot, category: Category | undefined): MenuBytes => (category ? snapshot.categories.get(category)! : snapshot);

export const menuItemsSchema = z.array(menuItemSchema);

/** Keeps a search answer under its URL, dropping the oldest past the limit. */
export function keepSearchAnswer(snapshot: MenuSnapshot, url: string, bytes: SnapshotBytes): void {
  snapshot.searchAnswers.delete(url);
  snapshot.searchAnswers.set(url, bytes);
  if (snapshot.searchAnswers.size > KEPT_SEARCH_ANSWERS) snapshot.searchAnswers.delete(snapshot.searchAnswers.keys().next().value!);
}

/** Another feature's work inside a dish's deletion, before the dish's row goes. */
export type DishDeletingHook = (trx: Transaction<Database>, menuItemId: string) => Promise<void>;

/**
 * `GET /api/items` is the busiest read of the shop, so it is answered from bytes built once
 * and rebuilt only after the menu changes (in any process: the change travels on the event bus).
 */
export class MenuCatalog {
  private readonly snapshot: RebuiltOnChange<MenuSnapshot>;
  private readonly db: Kysely<Database>;
  private readonly deletingHooks: DishDeletingHook[] = [];

  constructor(db: Kysely<Database>, events: EventBus) {
    this.db = db;
    this.snapshot = new RebuiltOnChange(events, 'menu.changed', () => this.build());
  }

  current(): Promise<MenuSnapshot> {
    return this.snapshot.current();
  }

  /** The current snapshot when it is built, else undefined (then wait on `current()`). */
  ready(): MenuSnapshot | undefined {
    return this.snapshot.ready();
  }

  /** A dish as stored, hidden or not, read now (one not in the snapshot: hidden, or just added elsewhere). */
  async storedDish(id: string): Promise<MenuItemRow | undefined> {
    return findMenuItem(this.db, id);
  }

  /** The current snapshot in `language` (MenuSnapshot.inLanguage). */
  async currentIn(language: Language): Promise<MenuSnapshot> {
    return (await this.current()).inLanguage(language);
  }

  /** Call after every write to the menu: drops this process's snapshot and tells the others. */
  async changed(): Promise<void> {
    await this.snapshot.changed();
  }

  /**
   * Runs `hook` inside every dish deletion's transaction, before the row goes: the cart subscribes
   * so (cart-service.ts). Not an event of the bus, which leaves after COMMIT: the deletion takes
   * the dish's cart entries with it (ON DELETE CASCADE), and its notices must commit with it.
   */
  onDishDeleting(hook: DishDeletingHook): void {
    this.deletingHooks.push(hook);
  }

  /** For the deletion (menu-admin-service.ts): the subscribers' work, in its transaction. */
  async dishDeleting(trx: Transaction<Database>, menuItemId: string): Promise<void> {
    for (const hook of this.deletingHooks) await hook(trx, menuItemId);
  }

  private async build(): Promise<MenuSnapshot> {
    const rows = await listMenuItems(this.db);
    const everything = rows.map(toMenuItem);
    const translations = rows.map((row) => readDishTranslations(row.translations));
    let all: Promise<MenuBytes> | undefined;
    // The hidden dishes are the administrators': private, so no shared cache keeps them.
    const allItems = () => (all ??= menuBytes(everything.map((item, i) => withTranslations(item, translations[i]!)), true));
    const english = await menuSnapshot(everything, undefined, allItems);
    const languages = new Map<Language, MenuSnapshot | Promise<MenuSnapshot>>();
    english.inLanguage = (language) => {
      if (language === SOURCE_LANGUAGE || !anyTranslated(translations, language)) return english;
      let snapshot = languages.get(language);
      if (!snapshot) {
        const translated = everything.map((item, i) => translateItem(item, translations[i]![language]));
        snapshot = menuSnapshot(translated, english.items, allItems).then(
          (built) => {
            built.inLanguage = english.inLanguage;
            languages.set(language, built);
            return built;
          },
          (error: unknown) => {
            languages.delete(language); // the next request tries again
            throw error;
          },
        );
        languages.set(language, snapshot);
      }
      return snapshot;
    };
    return english;
  }
}

/**
 * One language's snapshot of the menu. `english`: the public dishes in English, in the same order,
 * when `everything` is another language's, so its search finds a dish by its English words too.
 */
async function menuSnapshot(everything: MenuItem[], english: readonly MenuItem[] | undefined, allItems: () => Promise<MenuBytes>): Promise<MenuSnapshot> {
  // A hidden dish is off the public menu (docs/product.md §18); only the administrator's list has it.
  const items = everything.filter((item) => !item.hidden);
  const itemsOf = new Map<Category, MenuItem[]>(CATEGORIES.map((category) => [category, []]));
  for (const item of items) itemsOf.get(item.category)?.push(item);
  // Gzipped side by side (libuv's thread pool): a rebuild keeps requests waiting.
  const [whole, ...parts] = await Promise.all([menuBytes(items), ...CATEGORIES.map((category) => menuBytes(itemsOf.get(category)!))]);
  const firsts = new Map<number, Promise<MenuBytes>>();
  const firstOfEachCategory = (count: number) => {
    let bytes = firsts.get(count);
    if (!bytes) {
      bytes = menuBytes(CATEGORIES.flatMap((category) => itemsOf.get(category)!.slice(0, count)));
      firsts.set(count, bytes);
    }
    return bytes;
  };
  let byId: Map<string, MenuItem> | undefined;
  let search: MenuSearch | undefined;
  const dish = (id: string) => (byId ??= new Map(items.map((item) => [item._id, item]))).get(id);
  const dishAnswers = new Map<string, SnapshotBytes>();
  const snapshot: MenuSnapshot = {
    ...whole!,
    categories: new Map(CATEGORIES.map((category, i) => [category, parts[i]!])),
    firstOfEachCategory,
    items,
    allItems,
    inLanguage: () => snapshot,
    dish,
    dishAnswer: (id) => {
      let bytes = dishAnswers.get(id);
      if (!bytes) {
        const item = dish(id);
        if (!item) return undefined;
        bytes = snapshotBytesNow(item, { schema: menuItemSchema, perLanguage: true });
        dishAnswers.set(id, bytes);
      }
      return bytes;
    },
    search: () => (search ??= new MenuSearch(items, english)),
    searchAnswers: new Map(),
  };
  return snapshot;
}

/** `own`: the administrator's list, in English for every reader; the public answers follow the reader's language. */
async function menuBytes(items: MenuItem[], own = false): Promise<MenuBytes> {
  return (await snapshotBytes(items, { gzipFrom: 0, private: own, perLanguage: !own })) as MenuBytes;
}
