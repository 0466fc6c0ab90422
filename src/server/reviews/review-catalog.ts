import type { Kysely } from 'kysely';
import { z } from 'zod';
import { reviewSchema, type Review } from '../../shared/reviews.ts';
import type { Database } from '../db/schema.ts';
import type { EventBus } from '../events/event-bus.ts';
import { RebuiltOnChange } from '../events/rebuilt-on-change.ts';
import { snapshotBytes, type SnapshotBytes } from '../http/snapshot-answer.ts';
import { listReviewAnswers } from './review-repository.ts';

/** `GET /api/review`'s answer, and the reviews it holds (the review pages are drawn with them). */
export interface ReviewSnapshot extends SnapshotBytes {
  reviews: readonly Review[];
}

/**
 * The reviews, read once and kept until they change: a public list read on every visit to the
 * home and review pages and changed far more rarely than the menu. Whoever writes the reviews
 * calls `changed()` (in any process: the change travels on the event bus), as with the menu;
 * today only the demo data's first start writes them (main.ts). Decision 0029.
 */
export class ReviewCatalog {
  private readonly snapshot: RebuiltOnChange<ReviewSnapshot>;

  constructor(db: Kysely<Database>, events: EventBus) {
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

  /** Call after every write to the reviews: drops this process's snapshot and tells the others. */
  async changed(): Promise<void> {
    await this.snapshot.changed();
  }
}
