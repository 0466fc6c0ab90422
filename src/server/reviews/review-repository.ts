import type { Kysely, Insertable } from 'kysely';
import type { Review } from '../../shared/reviews.ts';
import type { Database, ReviewsTable } from '../db/schema.ts';

export async function listReviews(db: Kysely<Database>) {
  return db.selectFrom('reviews').selectAll().orderBy('created_at').orderBy('id').execute();
}

/** The reviews as GET /api/review answers them (also drawn into the review page). */
export async function listReviewAnswers(db: Kysely<Database>): Promise<Review[]> {
  const rows = await listReviews(db);
  return rows.map((row) => ({ _id: row.id, name: row.name, image: row.image, details: row.details }));
}

export async function insertReviews(db: Kysely<Database>, rows: Insertable<ReviewsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('reviews').values(rows).execute();
}
