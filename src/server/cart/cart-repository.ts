import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CartItemsTable, Database } from '../db/schema.ts';

export type CartItemRow = Selectable<CartItemsTable>;
type Db = Kysely<Database> | Transaction<Database>;

export async function listCartItems(db: Db, userId: string): Promise<CartItemRow[]> {
  return db
    .selectFrom('cart_items')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
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
