import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The one row's key: the shop is one restaurant. */
const ROW_ID = 'restaurant';

/** The stored JSON of the settings, or undefined while an administrator never saved any. */
export async function readStoredSettings(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('restaurant_settings').select('settings').where('id', '=', ROW_ID).executeTakeFirst();
  return row?.settings;
}

/** Writes the settings whole: the form sends them whole, and the last save wins. */
export async function writeStoredSettings(db: Kysely<Database>, settings: string, at: string): Promise<void> {
  await db
    .insertInto('restaurant_settings')
    .values({ id: ROW_ID, settings, updated_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ settings, updated_at: at }))
    .execute();
}
