import type { Kysely, Selectable } from 'kysely';
import type { Database, SavedAddressesTable } from '../db/schema.ts';

export type SavedAddressRow = Selectable<SavedAddressesTable>;
type Db = Kysely<Database>;

/** The customer's saved addresses, the last used first. */
export async function listAddressRows(db: Db, userId: string): Promise<SavedAddressRow[]> {
  return db.selectFrom('saved_addresses').selectAll().where('user_id', '=', userId).orderBy('used_at', 'desc').orderBy('id').execute();
}

/** One of the customer's own: another customer's id finds nothing. */
export async function findAddressRow(db: Db, userId: string, id: string): Promise<SavedAddressRow | undefined> {
  return db.selectFrom('saved_addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertAddressRow(db: Db, row: SavedAddressRow): Promise<void> {
  await db.insertInto('saved_addresses').values(row).execute();
}

type AddressFields = Pick<SavedAddressRow, 'line1' | 'line2' | 'city' | 'postal_code' | 'phone' | 'used_at'>;

/** Answers how many rows changed: 0 for an id that is not the customer's. */
export async function updateAddressRow(db: Db, userId: string, id: string, fields: AddressFields): Promise<number> {
  const result = await db.updateTable('saved_addresses').set(fields).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteAddressRow(db: Db, userId: string, id: string): Promise<number> {
  const result = await db.deleteFrom('saved_addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
