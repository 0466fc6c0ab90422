import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReview } from '../../../shared/reviews.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { reviewsQueryOptions } from './get-reviews.ts';

/** GET /api/admin/reviews (administrators): every review, the hidden ones marked. */
export const adminReviewsQuery = queryOptions({
  queryKey: ['admin', 'reviews'],
  queryFn: ({ signal }) => apiRequest<AdminReview[]>('/admin/reviews', { signal }),
});

export function useAdminReviews() {
  return useQuery(adminReviewsQuery);
}

/** A change refreshes the owner's list and the public one this browser keeps. */
function useRefreshReviews() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminReviewsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: reviewsQueryOptions.queryKey }),
    ]);
  };
}

/** PATCH /api/admin/reviews/{id}: hides a review from the public list, or shows it again. */
export function useSetReviewHidden() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      apiRequest<{ modifiedCount: number }>(`/admin/reviews/${encodeURIComponent(id)}`, { method: 'PATCH', body: { hidden } }),
    onSettled: refresh,
  });
}

/** DELETE /api/admin/reviews/{id}. */
export function useDeleteReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ deletedCount: number }>(`/admin/reviews/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
