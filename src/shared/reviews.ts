import { z } from 'zod';

/** A review as the API answers it (docs/product.md §3). */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  details: z.string(),
});

export type Review = z.infer<typeof reviewSchema>;
