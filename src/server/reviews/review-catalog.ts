import type { Kysely } from 'kysely';
import { z } from 'zod';
import { REVIEW_TEXTS, reviewSchema, type AdminReview, type Review } from '../../shared/reviews.ts';
import type { Database } from '../db/schema.ts';
import type { EventBus } from '../events/event-bus.ts';
import { RebuiltOnChange } from '../events/rebuilt-on-change.ts';
import { NotFoundError } from '../http/errors.ts';
import { snapshotBytes, type SnapshotBytes } from '../http/snapshot-answer.ts';
import { deleteReview, listAdminReviews, listReviewAnswers, setReviewHidden } from './review-repository.ts';

/** `GET /api/review`'s answer, and the reviews it holds (the review pages are drawn with them). */
export interface ReviewSnapshot extends SnapshotBytes {
  reviews: readonly Review[];
}

/**
 * The reviews, read once and kept until they change: a public list read on every visit to the
 * home and review pages and changed far more rarely than the menu. Whoever writes the reviews
 * calls `changed()` (in any process: the change travels on the event bus), as with the menu;
 * the demo data's first start (main.ts) and the owner hiding or deleting one (below). Decision 0029.
 */
export class ReviewCatalog {
  private readonly snapshot: RebuiltOnChange<ReviewSnapshot>;
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>, events: EventBus) {
    this.db = db;
    this.snapshot = new RebuiltOnChange(events, 'reviews.changed', async () => {
      const reviews = await listReviewAnswers(db);
      return { ...(await snapshotBytes(reviews, { schema: z.array(reviewSchema) })), reviews };
    });
  }

  current(): Promise<ReviewSnapshot> {
    return this.snapshot.current();
  }

  ready(): ReviewSnapshot | undefined {
    return this.snapshot.ready();
  }

  /** Every review, the hidden ones marked (Manage Reviews). */
  listForOwner(): Promise<AdminReview[]> {
    return listAdminReviews(this.db);
  }

  /** Hides a review from the public list or shows it again; the snapshot (and its ETag) follows at once. */
  async setHidden(id: string, hidden: boolean): Promise<number> {
    const changed = await setReviewHidden(this.db, id, hidden);
    if (changed === 0) throw new NotFoundError(REVIEW_TEXTS.notFound);
    await this.changed();
    return changed;
  }

  async delete(id: string): Promise<number> {
    const deleted = await deleteReview(this.db, id);
    if (deleted === 0) throw new NotFoundError(REVIEW_TEXTS.notFound);
    await this.changed();
    return deleted;
  }

  /** Call after every write to the reviews: drops this process's snapshot and tells the others. */
  async changed(): Promise<void> {
    await this.snapshot.changed();
  }
}
