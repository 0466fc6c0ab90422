import { z } from 'zod';

/** A review as the API answers it (docs/product.md §3). */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  details: z.string(),
});

export type Review = z.infer<typeof reviewSchema>;

/** A review as the owner's Manage Reviews lists it: the hidden ones too, marked. */
export const adminReviewSchema = reviewSchema.extend({ hidden: z.boolean() });
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const reviewIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
/** Hides a review from the public list, or shows it again. */
export const reviewVisibilitySchema = z.strictObject({ hidden: z.boolean() });
export const reviewChangeResultSchema = z.object({ modifiedCount: z.number().int() });
export const reviewDeleteResultSchema = z.object({ deletedCount: z.number().int() });

/** What Manage Reviews says (the owner's screen) and the API's error. */
export const REVIEW_TEXTS = {
  notFound: 'That review does not exist (any more).',
} as const;
