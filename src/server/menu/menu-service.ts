import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import { groupsToApi, readOptionGroups } from '../../shared/dish-option-rules.ts';
import { centsToPrice } from '../../shared/money.ts';
import type { MenuItem } from '../../shared/menu.ts';
import { CATEGORIES, type Category } from '../../shared/category-list.ts';
import { ALLERGENS, DISH_TAGS, inListOrder, isAllergen, isDishTag, labelsFromColumn } from '../../shared/dish-labels.ts';
import type { Database } from '../db/schema.ts';
import type { EventBus } from '../events/event-bus.ts';
import { listMenuItems, type MenuItemRow } from './menu-repository.ts';
import { MenuSearch } from './menu-search.ts';

const gzipAsync = promisify(gzip);

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
  const options = readOptionGroups(row.options);
  if (options.length > 0) item.options = groupsToApi(options);
  return item;
}

/** One answer of `GET /api/items`, built once per menu change. */
export interface MenuBytes {
  /** The JSON bytes and their strong ETag. */
  body: Buffer;
  /**
   * The same bytes gzipped once per menu change: compressing the whole menu on each request
   * cost most of the route's time with a large menu (docs/performance.md, growth figures).
   */
  gzipped: Buffer;
  etag: string;
}

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
  /** Every dish, the hidden ones too (marked `hidden`): the administrator's list. Built on first use. */
  allItems(): Promise<MenuBytes>;
  /** The public dish of this id, if any (the dish page). */
  dish(id: string): MenuItem | undefined;
  /** The search index of the public menu, built on the first search (src/server/menu/menu-search.ts). */
  search(): MenuSearch;
}

/**
 * `GET /api/items` is the busiest read of the shop, so it is answered from bytes built once
 * and rebuilt only after the menu changes (in any process: the change travels on the event bus).
 */
export class MenuCatalog {
  private snapshot: Promise<MenuSnapshot> | undefined;
  /** The snapshot once built, so that a request can be answered without waiting on a promise. */
  private built: MenuSnapshot | undefined;
  private readonly db: Kysely<Database>;
  private readonly events: EventBus;

  constructor(db: Kysely<Database>, events: EventBus) {
    this.db = db;
    this.events = events;
    events.subscribe('menu.changed', () => this.drop());
    events.onResync(() => this.drop());
  }

  current(): Promise<MenuSnapshot> {
    if (!this.snapshot) {
      const building = this.build();
      this.snapshot = building;
      building.then(
        (snapshot) => {
          // Kept only if the menu did not change while it was being built.
          if (this.snapshot === building) this.built = snapshot;
        },
        () => {
          // A failed build must not be cached: the next request tries again.
          if (this.snapshot === building) this.snapshot = undefined;
        },
      );
    }
    return this.snapshot;
  }

  /** The current snapshot when it is built, else undefined (then wait on `current()`). */
  ready(): MenuSnapshot | undefined {
    return this.built;
  }

  /** Call after every write to the menu: drops this process's snapshot and tells the others. */
  async changed(): Promise<void> {
    this.drop();
    await this.events.publish('menu.changed', {});
  }

  private drop(): void {
    this.snapshot = undefined;
    this.built = undefined;
  }

  private async build(): Promise<MenuSnapshot> {
    const everything = (await listMenuItems(this.db)).map(toMenuItem);
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
    let all: Promise<MenuBytes> | undefined;
    let byId: Map<string, MenuItem> | undefined;
    let search: MenuSearch | undefined;
    return {
      ...whole!,
      categories: new Map(CATEGORIES.map((category, i) => [category, parts[i]!])),
      firstOfEachCategory,
      items,
      allItems: () => (all ??= menuBytes(everything)),
      dish: (id) => (byId ??= new Map(items.map((item) => [item._id, item]))).get(id),
      search: () => (search ??= new MenuSearch(items)),
    };
  }
}

async function menuBytes(items: MenuItem[]): Promise<MenuBytes> {
  const body = Buffer.from(JSON.stringify(items));
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, gzipped: await gzipAsync(body, { level: 9 }), etag };
}
