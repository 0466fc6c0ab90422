import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CartItemsTable, Database } from '../db/schema.ts';

export type CartItemRow = Selectable<CartItemsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** A cart entry with its dish's prices on the menu now (the join is on the dish's primary key). */
export type PricedCartItemRow = CartItemRow & { menu_price_cents: number; menu_new_price_cents: number | null; menu_options: string | null };

/** The owner's cart, oldest entry first, each with what its dish costs on the menu now. */
export async function listPricedCartItems(db: Db, userId: string): Promise<PricedCartItemRow[]> {
  return db
    .selectFrom('cart_items')
    .innerJoin('menu_items', 'menu_items.id', 'cart_items.menu_item_id')
    .selectAll('cart_items')
    .select(['menu_items.price_cents as menu_price_cents', 'menu_items.new_price_cents as menu_new_price_cents', 'menu_items.options as menu_options'])
    .where('cart_items.user_id', '=', userId)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id')
    .execute();
}

export async function countCartItems(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Which of these ids are entries of the owner's cart. */
export async function findCartItemIds(db: Db, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('cart_items').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

export async function insertCartItem(db: Db, row: CartItemRow): Promise<void> {
  await db.insertInto('cart_items').values(row).execute();
}

/** Deletes the owner's entry only: another customer's id deletes nothing. */
export async function deleteCartItem(db: Db, userId: string, id: string): Promise<number> {
  const result = await db.deleteFrom('cart_items').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteCartItems(db: Db, userId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('cart_items')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
