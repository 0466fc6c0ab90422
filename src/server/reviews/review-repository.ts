import type { Kysely, Insertable } from 'kysely';
import type { AdminReview, Review } from '../../shared/reviews.ts';
import type { Database, ReviewsTable } from '../db/schema.ts';

export async function listReviews(db: Kysely<Database>) {
  return db.selectFrom('reviews').selectAll().orderBy('created_at').orderBy('id').execute();
}

/** The reviews as GET /api/review answers them (also drawn into the review page): none the owner hid. */
export async function listReviewAnswers(db: Kysely<Database>): Promise<Review[]> {
  const rows = await listReviews(db);
  return rows.filter((row) => Number(row.hidden) === 0).map((row) => ({ _id: row.id, name: row.name, image: row.image, details: row.details }));
}

/** Every review, the hidden ones marked: the owner's Manage Reviews. */
export async function listAdminReviews(db: Kysely<Database>): Promise<AdminReview[]> {
  const rows = await listReviews(db);
  return rows.map((row) => ({ _id: row.id, name: row.name, image: row.image, details: row.details, hidden: Number(row.hidden) === 1 }));
}

/** How many reviews changed: 0 when there is no such review. */
export async function setReviewHidden(db: Kysely<Database>, id: string, hidden: boolean): Promise<number> {
  const result = await db.updateTable('reviews').set({ hidden: hidden ? 1 : 0 }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteReview(db: Kysely<Database>, id: string): Promise<number> {
  const result = await db.deleteFrom('reviews').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertReviews(db: Kysely<Database>, rows: Insertable<ReviewsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('reviews').values(rows).execute();
}
