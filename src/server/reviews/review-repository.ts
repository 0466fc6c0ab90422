import type { Kysely, Insertable } from 'kysely';
import type { Database, ReviewsTable } from '../db/schema.ts';

export async function listReviews(db: Kysely<Database>) {
  return db.selectFrom('reviews').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function insertReviews(db: Kysely<Database>, rows: Insertable<ReviewsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('reviews').values(rows).execute();
}
