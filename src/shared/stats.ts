import { z } from 'zod';

/** GET /api/admin-statistics (docs/product.md §3): counts, and revenue in dollars (two decimals). */
export const adminStatisticsSchema = z.object({
  users: z.number().int(),
  estimatedItems: z.number().int(),
  revenue: z.number(),
  /** The number of payments (the spec calls the field 'orders'): one per paid cart. */
  orders: z.number().int(),
});
export type AdminStatistics = z.infer<typeof adminStatisticsSchema>;
