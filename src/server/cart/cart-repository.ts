import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { compiledOnce } from '../db/statements-made-once.ts';
import { integerParameter, textParameter } from '../db/typed-parameters.ts';
import type { CartItemsTable, Database } from '../db/schema.ts';

export type CartItemRow = Selectable<CartItemsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** A cart entry with its dish's prices on the menu now (the join is on the dish's primary key). */
export type PricedCartItemRow = CartItemRow & {
  menu_price_cents: number;
  menu_new_price_cents: number | null;
  /** The dish's switches now (0 or 1): a sold-out or hidden dish stops the payment. */
  menu_sold_out: number;
  menu_hidden: number;
  /** The dish's choice groups now (JSON), against which the entry's options are priced. */
  menu_options: string | null;
  /** What the dish's tax rate is read from (migration 027): its own rate, else its category's. */
  menu_category: string;
  menu_tax_rate_id: string | null;
  /** The dish's names in other languages now (JSON, src/shared/dish-translations.ts): the cart shows its reader's. */
  menu_translations: string | null;
};

/** The owner's cart, oldest entry first, each with what its dish costs on the menu now. */
export async function listPricedCartItems(db: Db, userId: string): Promise<PricedCartItemRow[]> {
  return (await pricedCartItems(db, userId)).rows;
}

// Read three times in a payment's requests: compiled once (db/statements-made-once.ts).
const pricedCartItems = compiledOnce((db, userId: string) =>
  db
    .selectFrom('cart_items')
    .innerJoin('menu_items', 'menu_items.id', 'cart_items.menu_item_id')
    .selectAll('cart_items')
    .select([
      'menu_items.price_cents as menu_price_cents',
      'menu_items.new_price_cents as menu_new_price_cents',
      'menu_items.sold_out as menu_sold_out',
      'menu_items.hidden as menu_hidden',
      'menu_items.options as menu_options',
      'menu_items.category as menu_category',
      'menu_items.tax_rate_id as menu_tax_rate_id',
      'menu_items.translations as menu_translations',
    ])
    .where('cart_items.user_id', '=', userId)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id'),
);

/**
 * Inserts the entry unless its customer's cart holds `max` entries already, in one statement (the
 * count inside the insert, a round trip fewer for every dish put in a cart). False when full.
 */
export async function insertCartItemUnlessFull(db: Db, row: CartItemRow, max: number): Promise<boolean> {
  return (await cartItemInsertUnlessFull(db, row, max)).numAffectedRows === 1n;
}

const cartItemInsertUnlessFull = compiledOnce((db, row: CartItemRow, max: number) =>
  db
    .insertInto('cart_items')
    .columns(['id', 'user_id', 'menu_item_id', 'name', 'price_cents', 'image', 'options', 'created_at'])
    .expression(
      db
        .selectNoFrom([
          textParameter(row.id).as('id'),
          textParameter(row.user_id).as('user_id'),
          textParameter(row.menu_item_id).as('menu_item_id'),
          textParameter(row.name).as('name'),
          integerParameter(row.price_cents).as('price_cents'),
          textParameter(row.image).as('image'),
          textParameter(row.options ?? null).as('options'),
          textParameter(row.created_at).as('created_at'),
        ])
        .where((eb) => eb(eb.selectFrom('cart_items').select(eb.fn.countAll<number>().as('count')).where('user_id', '=', row.user_id), '<', max)),
    ),
);

/** Deletes the owner's entry only: another customer's id deletes nothing. */
export async function deleteCartItem(db: Db, userId: string, id: string): Promise<number> {
  const result = await db.deleteFrom('cart_items').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteCartItems(db: Db, userId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return Number((await cartItemsDelete(db, userId, ids)).numAffectedRows);
}

const cartItemsDelete = compiledOnce((db, userId: string, ids: string[]) => db.deleteFrom('cart_items').where('user_id', '=', userId).where('id', 'in', ids));

/**
 * Before a dish is deleted (in the same transaction): one notice per customer who has it in their
 * cart, naming it, for their cart page to show once (docs/product.md §18).
 */
export async function recordRemovedDish(db: Db, menuItemId: string): Promise<void> {
  const holders = await db
    .selectFrom('cart_items')
    .innerJoin('menu_items', 'menu_items.id', 'cart_items.menu_item_id')
    .select(['cart_items.user_id', 'menu_items.name'])
    .distinct()
    .where('cart_items.menu_item_id', '=', menuItemId)
    .execute();
  if (holders.length === 0) return;
  const now = new Date().toISOString();
  await db
    .insertInto('cart_removals')
    .values(holders.map((row) => ({ id: randomUUID(), user_id: row.user_id, name: row.name, created_at: now })))
    .execute();
}

/** The names of the dishes deleted from the owner's cart since the cart page last told them. */
export async function listCartRemovals(db: Db, userId: string): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('cart_removals').select(['id', 'name']).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

/** The cart page has told the owner: these notices go (another customer's ids delete nothing). */
export async function deleteCartRemovals(db: Db, userId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('cart_removals').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
