import type { Kysely, Selectable } from 'kysely';
import type { Database, MenuItemsTable } from '../db/schema.ts';

export type MenuItemRow = Selectable<MenuItemsTable>;

export async function listMenuItems(db: Kysely<Database>): Promise<MenuItemRow[]> {
  return db.selectFrom('menu_items').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function findMenuItem(db: Kysely<Database>, id: string): Promise<MenuItemRow | undefined> {
  return db.selectFrom('menu_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertMenuItems(db: Kysely<Database>, rows: MenuItemRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('menu_items').values(rows).execute();
}

export async function countMenuItems(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('menu_items')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
