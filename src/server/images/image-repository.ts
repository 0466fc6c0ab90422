import type { Kysely } from 'kysely';
import type { Database, ImagesTable } from '../db/schema.ts';

export async function insertImage(db: Kysely<Database>, image: ImagesTable): Promise<void> {
  await db.insertInto('images').values(image).execute();
}

export async function findImage(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('images')
    .select(['content_type', 'bytes', 'byte_size'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findImageId(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst();
  return row?.id;
}
