import type { Insertable, Kysely, Selectable } from 'kysely';
import { compiledOnce } from '../db/statements-made-once.ts';
import type { Database, MenuItemsTable } from '../db/schema.ts';

export type MenuItemRow = Selectable<MenuItemsTable>;
/** A new row: columns added later with a default (options) may be left out. */
export type NewMenuItemRow = Insertable<MenuItemsTable>;

export async function listMenuItems(db: Kysely<Database>): Promise<MenuItemRow[]> {
  return db.selectFrom('menu_items').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function findMenuItem(db: Kysely<Database>, id: string): Promise<MenuItemRow | undefined> {
  return (await menuItemById(db, id)).rows[0];
}

// Read by every dish put into a cart: compiled once (db/statements-made-once.ts).
const menuItemById = compiledOnce((db, id: string) => db.selectFrom('menu_items').selectAll().where('id', '=', id));

export async function insertMenuItems(db: Kysely<Database>, rows: NewMenuItemRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('menu_items').values(rows).execute();
}

export async function countMenuItems(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('menu_items')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The form's fields; the offer, the labels and the options only when the request sent them (else kept). */
export type MenuItemChanges = Pick<MenuItemRow, 'name' | 'category' | 'price_cents' | 'recipe' | 'image'> &
  Partial<Pick<MenuItemRow, 'new_price_cents' | 'tags' | 'allergens' | 'tax_rate_id' | 'translations'>> & { options?: string | null };

/** The dishes with a rate of their own, by name: what a rate is used by before it may be deleted. */
export async function listDishTaxRates(db: Kysely<Database>): Promise<Array<{ name: string; tax_rate_id: string }>> {
  const rows = await db.selectFrom('menu_items').select(['name', 'tax_rate_id']).where('tax_rate_id', 'is not', null).orderBy('name').execute();
  return rows.map((row) => ({ name: row.name, tax_rate_id: row.tax_rate_id! }));
}

export async function insertMenuItem(db: Kysely<Database>, row: NewMenuItemRow): Promise<void> {
  await db.insertInto('menu_items').values(row).execute();
}

/** Answers how many rows changed (0 when the id is unknown). */
export async function updateMenuItem(db: Kysely<Database>, id: string, changes: MenuItemChanges): Promise<number> {
  const result = await db.updateTable('menu_items').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A real DELETE of the row, so the database's ON DELETE CASCADE removes whatever refers to the
 * item (cart entries) in the same statement. Answers how many rows went.
 */
export async function deleteMenuItem(db: Kysely<Database>, id: string): Promise<number> {
  const result = await db.deleteFrom('menu_items').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The switches of Manage Items (0 or 1); answers how many rows changed (0 when the id is unknown). */
export async function setMenuItemAvailability(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<MenuItemRow, 'sold_out' | 'hidden'>>,
): Promise<number> {
  const result = await db.updateTable('menu_items').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
