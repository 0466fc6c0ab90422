import type { Kysely, Selectable } from 'kysely';
import type { TableInput } from '../../shared/tables.ts';
import type { Database, RestaurantTablesTable } from '../db/schema.ts';

export type TableRow = Selectable<RestaurantTablesTable>;

export async function listTables(db: Kysely<Database>): Promise<TableRow[]> {
  return db.selectFrom('restaurant_tables').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function findTable(db: Kysely<Database>, id: string): Promise<TableRow | undefined> {
  return db.selectFrom('restaurant_tables').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTableByName(db: Kysely<Database>, name: string): Promise<TableRow | undefined> {
  return db.selectFrom('restaurant_tables').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function insertTable(db: Kysely<Database>, id: string, input: TableInput, at: string): Promise<void> {
  await db
    .insertInto('restaurant_tables')
    .values({ id, name: input.name, area: input.area || null, code_version: 1, created_at: at })
    .execute();
}

export async function updateTable(db: Kysely<Database>, id: string, input: TableInput): Promise<number> {
  const result = await db.updateTable('restaurant_tables').set({ name: input.name, area: input.area || null }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One more than before, in the statement itself: two regenerates at once give two new versions. */
export async function raiseCodeVersion(db: Kysely<Database>, id: string): Promise<number> {
  const result = await db
    .updateTable('restaurant_tables')
    .set((eb) => ({ code_version: eb('code_version', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteTable(db: Kysely<Database>, id: string): Promise<number> {
  const result = await db.deleteFrom('restaurant_tables').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
