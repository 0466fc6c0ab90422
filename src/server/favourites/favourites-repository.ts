import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { textParameter } from '../db/typed-parameters.ts';
import type { MenuItemRow } from '../menu/menu-repository.ts';

/** The caller's saved dishes with their menu rows, the latest saved first. */
export async function listFavouriteItems(db: Kysely<Database>, userId: string): Promise<MenuItemRow[]> {
  return db
    .selectFrom('favourites')
    .innerJoin('menu_items', 'menu_items.id', 'favourites.menu_item_id')
    .selectAll('menu_items')
    .where('favourites.user_id', '=', userId)
    // A hidden dish is off the public menu, and so off the lists (it comes back when shown again).
    .where('menu_items.hidden', '=', 0)
    .orderBy('favourites.created_at', 'desc')
    .orderBy('menu_items.id')
    .execute();
}

export async function countFavourites(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('favourites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function isFavourite(db: Kysely<Database>, userId: string, itemId: string): Promise<boolean> {
  const row = await db.selectFrom('favourites').select('user_id').where('user_id', '=', userId).where('menu_item_id', '=', itemId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Saves the dish for the customer when the dish exists, in one statement: a dish deleted meanwhile
 * inserts nothing instead of breaking the foreign key, and saving twice keeps the first row.
 * Answers how many rows it inserted (0 or 1).
 */
export async function insertFavourite(db: Kysely<Database>, userId: string, itemId: string, now: string): Promise<number> {
  const result = await db
    .insertInto('favourites')
    .columns(['user_id', 'menu_item_id', 'created_at'])
    .expression(
      db
        .selectFrom('menu_items')
        .select([textParameter(userId).as('user_id'), 'menu_items.id as menu_item_id', textParameter(now).as('created_at')])
        .where('menu_items.id', '=', itemId)
        // A hidden dish is as unknown to customers as one that does not exist.
        .where('menu_items.hidden', '=', 0),
    )
    .onConflict((oc) => oc.columns(['user_id', 'menu_item_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function deleteFavourite(db: Kysely<Database>, userId: string, itemId: string): Promise<number> {
  const result = await db.deleteFrom('favourites').where('user_id', '=', userId).where('menu_item_id', '=', itemId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
